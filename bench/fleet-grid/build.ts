// Builds the bench page (bench/fleet-grid/page) with Vite's build API into the bench cache, never into the
// app's dist. Production mode, as the app ships. Three seams, and only in this build: FleetDetailsScreen's
// hook import goes to a switch that can also feed it fetched rows, and the hook's imports of
// readFleetSources and fleetRowsFromSummaries go to timed copies. A build is reused while the code it is made of is unchanged.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pageDir = path.join(root, 'bench/fleet-grid/page');
const INPUTS = ['src', 'core', 'bench/fleet-grid/page', 'bench/fleet-grid/api.ts', 'bench/fleet-grid/build.ts', 'package-lock.json'];

const SEAMS: { importer: string; target: string; replacement: string }[] = [
  {
    importer: 'src/features/fleet/FleetDetailsScreen.tsx',
    target: 'src/features/fleet/use-fleet-rows.ts',
    replacement: 'bench/fleet-grid/page/use-fleet-rows-switch.ts',
  },
  { importer: 'src/features/fleet/use-fleet-rows.ts', target: 'core/rules/fleet-row.ts', replacement: 'bench/fleet-grid/page/timed-fleet-row.ts' },
  {
    importer: 'src/features/fleet/use-fleet-rows.ts',
    target: 'src/features/fleet/read-fleet-sources.ts',
    replacement: 'bench/fleet-grid/page/timed-read-fleet-sources.ts',
  },
];

function seams(): Plugin {
  const used = new Set<(typeof SEAMS)[number]>();
  return {
    name: 'fleet-bench-seams',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const from = path.relative(root, importer.split('?')[0]!);
      const to = path.relative(root, path.resolve(path.dirname(importer), source));
      const seam = SEAMS.find((s) => s.importer === from && s.target === to);
      if (!seam) return null;
      used.add(seam);
      return path.join(root, seam.replacement);
    },
    buildEnd() {
      // A renamed file would silently measure the wrong thing: every seam must have been taken.
      const missed = SEAMS.filter((s) => !used.has(s));
      if (missed.length > 0) this.error(`bench seams not used: ${missed.map((s) => `${s.importer} -> ${s.target}`).join(', ')}`);
    },
  };
}

function inputsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const input of INPUTS) {
    const full = path.join(root, input);
    const files = fs.statSync(full).isDirectory() ? fs.readdirSync(full, { recursive: true, encoding: 'utf8' }).map((f) => path.join(input, f)) : [input];
    for (const file of files.sort()) {
      if (!fs.statSync(path.join(root, file)).isFile()) continue;
      hash.update(file).update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The built page's directory under `cacheDir`; `seconds` is null when an earlier build was reused.
 * `readable` leaves the code unminified, for CPU profiles with the functions' own names.
 */
export async function buildBenchPage(cacheDir: string, readable = false): Promise<{ dir: string; seconds: number | null }> {
  const name = `page-${inputsHash()}${readable ? '-readable' : ''}`;
  const dir = path.join(cacheDir, name);
  if (fs.existsSync(path.join(dir, 'index.html'))) return { dir, seconds: null };
  const stale = fs.readdirSync(cacheDir).filter((old) => old.startsWith('page-') && old.endsWith('-readable') === readable);
  for (const old of stale) fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  const started = performance.now();
  await build({
    configFile: false,
    root: pageDir,
    base: '/__bench/page/',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react(), seams()],
    worker: { format: 'es' },
    build: { outDir: dir, emptyOutDir: true, sourcemap: false, minify: !readable, reportCompressedSize: false, chunkSizeWarningLimit: 5000 },
  });
  return { dir, seconds: (performance.now() - started) / 1000 };
}
