// Reading the rows an index holds under many keys from the mirror (IndexedDB in Debian's Chromium):
// Fleet Details reads the pictures of each vehicle's newest discrepancy (one key a vehicle), the
// vehicle tabs the pictures of a vehicle's discrepancies and waivers. The mirror's helper
// (src/db/rows-where-any-of.ts: one request per key, sent together) beside the baseline, Dexie's
// anyOf (a cursor walked key to key), in the same page on the same database; each read in its own
// read-only transaction, medians of 3 rounds. BENCH_INDEX_READS_ROUNDS sets the rounds.
import http from 'node:http';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { IndexReadsResult } from './index-reads/page.ts';
import { loadAverage, median, table } from './measure.ts';

const ROUNDS = Number(process.env.BENCH_INDEX_READS_ROUNDS ?? 3);
const CASES: [pictures: number, keys: number][] = [
  [5_000, 1_000],
  [20_000, 1_000],
  [20_000, 5_000],
  [2_000, 50],
];

export async function run(): Promise<void> {
  const bundle = await build({ entryPoints: [new URL('./index-reads/page.ts', import.meta.url).pathname], bundle: true, format: 'esm', write: false, minify: true });
  const script = bundle.outputFiles[0]!.text;
  const server = http.createServer((req, res) => {
    if (req.url === '/page.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>index reads</title><script type="module" src="/page.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    await page.waitForFunction(() => 'indexReads' in window);
    const rows: Record<string, string | number>[] = [];
    for (const [pictures, keys] of CASES) {
      const r = await page.evaluate(
        ([p, k, n]) => (window as unknown as { indexReads: (p: number, k: number, n: number) => Promise<IndexReadsResult> }).indexReads(p, k, n),
        [pictures, keys, ROUNDS] as const,
      );
      const anyOf = median(r.anyOfMs);
      const helper = median(r.helperMs);
      rows.push({
        pictures,
        keys,
        rows: r.rows,
        'baseline: anyOf ms': Math.round(anyOf),
        'rowsWhereAnyOf ms': Math.round(helper),
        'x faster': +(anyOf / helper).toFixed(1),
      });
    }
    console.log(loadAverage());
    table(rows);
  } finally {
    await browser.close();
    server.close();
  }
}
