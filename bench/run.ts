// Runs every benchmark in bench/ one after another; each prints its figures beside a baseline
// measured in the same run. Usage: npm run bench [-- name-filter] (a bench's own name runs it alone)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const all = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts'));
// A filter that names a bench exactly runs that one alone (`load` is not also `upload-queue`).
const files = all.includes(`${filter}.bench.ts`) ? [`${filter}.bench.ts`] : all.filter((f) => f.includes(filter)).sort();
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> };
  await mod.run();
}
process.exit(0);
