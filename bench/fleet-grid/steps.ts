// The steps of one source, driven from Node: each click is its own call, so that the main thread's CPU
// time can be read around it, and garbage is collected between steps, outside every measure.
import fs from 'node:fs';
import path from 'node:path';
import type { FilterCounts, MountTimes, RowSource, SortDirection, StepTimes } from './api.ts';
import type { BenchBrowser } from './browser.ts';

export type Measured<T> = T & { cpuMs: number };

export interface GridFigures extends StepFigures {
  mount: Measured<MountTimes>;
}

export interface StepFigures {
  counts: FilterCounts;
  apply: Measured<StepTimes>[];
  clear: Measured<StepTimes>[];
  sort: Measured<StepTimes>[];
}

const SORT_CYCLE: SortDirection[] = ['ascending', 'descending', 'none'];

let profiles: { dir: string; kind: 'cpu' | 'trace' } | null = null;

/**
 * Writes a CPU profile (`cpu`) or a DevTools timeline trace (`trace`: style, layout and paint as well as
 * scripts) of every measured step into `dir`; open one in Chrome DevTools' Performance panel.
 */
export function profileSteps(dir: string, kind: 'cpu' | 'trace' = 'cpu'): void {
  fs.mkdirSync(dir, { recursive: true });
  profiles = { dir, kind };
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'];

async function startTrace(browser: BenchBrowser, label: string): Promise<() => Promise<void>> {
  const devtools = await browser.devtools();
  const events: unknown[] = [];
  devtools.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await devtools.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise((resolve) => devtools.once('Tracing.tracingComplete', resolve));
    await devtools.send('Tracing.end');
    await complete;
    fs.writeFileSync(path.join(profiles!.dir, `${label}.trace.json`), JSON.stringify({ traceEvents: events }));
    await devtools.detach();
  };
}

async function startCpuProfile(browser: BenchBrowser, label: string): Promise<() => Promise<void>> {
  const devtools = await browser.devtools();
  await devtools.send('Profiler.enable');
  // A sample every 100 µs: a step of tens of milliseconds gets enough of them to name its parts.
  await devtools.send('Profiler.setSamplingInterval', { interval: 100 });
  await devtools.send('Profiler.start');
  return async () => {
    const { profile } = await devtools.send('Profiler.stop');
    fs.writeFileSync(path.join(profiles!.dir, `${label}.cpuprofile`), JSON.stringify(profile));
    await devtools.detach();
  };
}

export async function measured<T extends object>(browser: BenchBrowser, label: string, work: () => Promise<T>): Promise<Measured<T>> {
  const stopProfile = profiles ? await (profiles.kind === 'cpu' ? startCpuProfile : startTrace)(browser, label) : null;
  const before = await browser.mainThreadMs();
  const value = await work();
  const cpuMs = (await browser.mainThreadMs()) - before;
  await stopProfile?.();
  await browser.call('settle');
  return { ...value, cpuMs };
}

/** Opens Fleet Details on `source`. */
export function open(browser: BenchBrowser, source: RowSource, label: string = `${source}-open`): Promise<Measured<MountTimes>> {
  return measured(browser, label, () => browser.call('mount', source));
}

/** On the open screen: filters (`runs` times on and off), then sorts (`rounds` cycles). */
export async function gridSteps(browser: BenchBrowser, source: RowSource, runs: number, rounds: number): Promise<StepFigures> {
  const counts = await browser.call('filterCounts');
  const figures: StepFigures = { counts, apply: [], clear: [], sort: [] };
  await browser.call('openFilters');
  for (let i = 1; i <= runs; i++) {
    figures.apply.push(await measured(browser, `${source}-filter-${i}`, () => browser.call('filterClick', true)));
    figures.clear.push(await measured(browser, `${source}-filter-removed-${i}`, () => browser.call('filterClick', false)));
  }
  await browser.call('closeFilters');
  for (let round = 1; round <= rounds; round++) {
    for (const dir of SORT_CYCLE) figures.sort.push(await measured(browser, `${source}-sort-${dir}-${round}`, () => browser.call('sortClick', dir)));
  }
  return figures;
}
