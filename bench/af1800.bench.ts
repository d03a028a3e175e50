// The combined monthly AF1800 report: renderAf1800 over 500 vehicles with full months (every day and
// shift signed, 19 to 25 maintenance rows so about half the vehicles need a second page 2, every header
// and page 3 field filled, one vehicle in ten with values long enough to shrink and be cut). Beside it,
// in the same run, the baseline: one document per vehicle that draws its own blank form under the
// values, saved, then joined into one document with copyPages. Both outputs are checked for their page
// count. BENCH_AF1800_VEHICLES changes the size. Each variant runs twice in a child process of its own
// (forked from this file), so its memory figures start from a fresh heap rather than one the other
// variant grew: heap and RSS are sampled every 20 ms while the event loop is free (pdf-lib yields while
// saving) and at the end, after a forced GC before the run; the figure is the peak minus the start.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { page1Sketch } from '../core/af1800/blank-page1.ts';
import { page2Sketch } from '../core/af1800/blank-page2.ts';
import { page3Sketch } from '../core/af1800/blank-page3.ts';
import { layoutAf1800Form } from '../core/af1800/fill-layout.ts';
import { PAGE_HEIGHT, PAGE_WIDTH } from '../core/af1800/geometry.ts';
import { renderAf1800 } from '../core/af1800/index.ts';
import { fontTables } from '../core/af1800/font-tables.ts';
import { sampleForm } from '../core/testing/af1800-sample-forms.ts';
import { paint, type Sketch } from '../core/af1800/sketch.ts';
import type { Af1800Form } from '../core/schema/af1800.ts';
import { loadAverage, table } from './measure.ts';

const VEHICLES = Number(process.env.BENCH_AF1800_VEHICLES ?? 500);
const TARGET_SECONDS = 5;
const TARGET_MB = 10;

const forms: Af1800Form[] = Array.from({ length: VEHICLES }, (_, index) => sampleForm({ index, rows: 19 + (index % 7), long: index % 10 === 0 }));
const expectedPages = forms.reduce((n, f) => n + 2 + Math.max(1, Math.ceil(f.page2.rows.length / 19)), 0);

/** One vehicle's own document: each page draws the blank form itself, then the values on top. */
async function perVehicle(form: Af1800Form): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const sketches: Record<1 | 2 | 3, () => Sketch> = { 1: page1Sketch, 2: page2Sketch, 3: page3Sketch };
  for (const placed of layoutAf1800Form(form, fontTables(fonts.regular).metrics)) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    paint(page, sketches[placed.template](), fonts);
    page.setFont(fonts.regular);
    for (const t of placed.texts) page.drawText(t.text, { x: t.x, y: t.y, size: t.size });
  }
  return doc.save();
}

async function baseline(): Promise<Uint8Array> {
  const combined = await PDFDocument.create({ updateMetadata: false });
  for (const form of forms) {
    const single = await PDFDocument.load(await perVehicle(form));
    for (const page of await combined.copyPages(single, single.getPageIndices())) combined.addPage(page);
  }
  return combined.save();
}

interface Run {
  bytes: number;
  pages: number;
  seconds: number;
  cpuSeconds: number;
  heapMb: number;
  rssMb: number;
}

async function timed(work: () => Promise<Uint8Array>): Promise<Run> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = () => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  };
  const timer = setInterval(sample, 20);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const bytes = await work();
    const seconds = (performance.now() - start) / 1000;
    sample();
    const used = process.cpuUsage(cpu);
    const mb = (n: number) => n / 1024 / 1024;
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    return { bytes: bytes.length, pages, seconds, cpuSeconds: (used.user + used.system) / 1e6, heapMb: mb(heap - before.heapUsed), rssMb: mb(rss - before.rss) };
  } finally {
    clearInterval(timer);
  }
}

type Variant = 'combined' | 'baseline';
const VARIANT = 'AF1800_BENCH_VARIANT';
const works: Record<Variant, () => Promise<Uint8Array>> = {
  combined: () => renderAf1800(forms, { title: 'Combined AF1800 reports for October 2026' }),
  baseline,
};

/** Runs one variant twice in a fresh Node process and returns both runs. */
function inChild(variant: Variant): Promise<Run[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, [VARIANT]: variant },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (runs) => resolve(runs as Run[]));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${variant} exited with ${code}`))));
  });
}

const variant = process.env[VARIANT] as Variant | undefined;
if (variant) {
  const runs = [await timed(works[variant]), await timed(works[variant])];
  process.send!(runs, () => process.exit(0));
}

export async function run(): Promise<void> {
  const [cold, warm] = await inChild('combined');
  const [base] = await inChild('baseline');
  for (const r of [cold!, warm!, base!]) {
    if (r.pages !== expectedPages) throw new Error(`expected ${expectedPages} pages, got ${r.pages}`);
  }
  const rows = forms.reduce((n, f) => n + f.page2.rows.length, 0);
  console.log(`${VEHICLES} vehicles, ${expectedPages} pages, ${rows} maintenance rows; ${loadAverage()}`);
  const line = (measure: string, r: Run) => ({
    measure,
    seconds: +r.seconds.toFixed(2),
    'CPU s': +r.cpuSeconds.toFixed(2),
    'pages/s': Math.round(expectedPages / r.seconds),
    'file MB': +(r.bytes / 1024 / 1024).toFixed(2),
    'KB/page': +(r.bytes / 1024 / expectedPages).toFixed(1),
    'peak heap +MB': Math.round(r.heapMb),
    'peak RSS +MB': Math.round(r.rssMb),
  });
  table([
    line('renderAf1800: blank embedded once (first run)', cold!),
    line('renderAf1800: blank embedded once (second run)', warm!),
    line('baseline: a document per vehicle, joined with copyPages (first run)', base!),
  ]);
  const best = Math.min(cold!.seconds, warm!.seconds);
  const ok = best < TARGET_SECONDS && warm!.bytes < TARGET_MB * 1024 * 1024;
  console.log(
    `target for 500 vehicles, under ${TARGET_SECONDS} s and ${TARGET_MB} MB: ${ok ? 'met' : 'NOT met'}; wall time includes other load on the machine, CPU time does not`,
  );
}
