// The bench's tables: each device figure beside the same figure for the grid fed by the bulk fetch, in
// wall time and in the page's main-thread CPU time (which other work on the machine barely moves).
import type { FleetRow } from '../../core/schema/fleet.ts';
import type { FetchTimes, MountTimes, StepTimes } from './api.ts';
import type { GridFigures, Measured } from './steps.ts';
import { median, table } from '../measure.ts';

export const DERIVE_TARGET_MS = 500;
export const FILTER_TARGET_MS = 100;

export interface DeviceFigures extends GridFigures {
  rederive: Measured<{ ms: number }>[];
  secondOpen: Measured<MountTimes>;
}

export interface FetchFigures extends GridFigures {
  fetch: Measured<FetchTimes>;
}

type Cell = number | null | undefined;
const round = (n: Cell) => (n === null || n === undefined ? '' : Math.round(n));
const dom = (steps: Measured<StepTimes>[]) => median(steps.map((s) => s.domMs));
const paint = (steps: Measured<StepTimes>[]) => median(steps.map((s) => s.paintMs));
const cpu = (steps: Measured<{ cpuMs: number }>[]) => median(steps.map((s) => s.cpuMs));

function target(limit: number, ...values: Cell[]): string {
  const known = values.filter((v): v is number => typeof v === 'number');
  return `< ${limit} ms${known.length ? (known.every((v) => v < limit) ? ': met' : ': MISSED') : ''}`;
}

const line = (measure: string, device: [Cell, Cell], baseline: [Cell, Cell], goal = '') => ({
  measure,
  'device ms': round(device[0]),
  'device CPU': round(device[1]),
  'baseline ms': round(baseline[0]),
  'baseline CPU': round(baseline[1]),
  target: goal,
});

export function printFigures(device: DeviceFigures, bulk: FetchFigures): void {
  const d = device.mount;
  const b = bulk.mount;
  const f = bulk.fetch;
  const warm = device.rederive;
  console.log(
    `Device: the screen's hook reads ${d.records} records from the IndexedDB mirror and derives ${d.rows} rows. ` +
      `Baseline: the same screen fed by one GET /data/v2/fleet/bulk (${f.rows} rows, ${(f.bytes / 1e6).toFixed(1)} MB). ` +
      `ms: wall time from the action in the page; CPU: the page's main thread in that time.`,
  );
  table([
    line('open -> rows in the DOM', [d.domMs, d.cpuMs], [b.domMs + f.totalMs, b.cpuMs + f.cpuMs]),
    line('  rows ready: read + derive | fetch + JSON.parse', [(d.readMs ?? 0) + (d.deriveMs ?? 0), null], [f.totalMs, f.cpuMs]),
    line('    read the mirror (readFleetSources) | server answers', [d.readMs, null], [f.headersMs, null]),
    line('    rows from the summaries, as the hook made them', [d.deriveMs, null], [null, null], target(DERIVE_TARGET_MS, d.deriveMs)),
    line(
      `    rows from the summaries, ${warm.length} more runs (median)`,
      [median(warm.map((r) => r.ms)), cpu(warm)],
      [null, null],
      target(DERIVE_TARGET_MS, median(warm.map((r) => r.ms))),
    ),
    line('    download + JSON.parse', [null, null], [f.totalMs - f.headersMs, null]),
    line('  render: rows ready -> rows in the DOM', [d.renderMs, null], [b.renderMs, b.cpuMs]),
    line('open -> rows painted', [d.paintMs, null], [b.paintMs + f.totalMs, null]),
    line('open again in the same tab -> rows in the DOM', [device.secondOpen.domMs, device.secondOpen.cpuMs], [null, null]),
    line(
      '    rows from the summaries, as the hook made them then',
      [device.secondOpen.deriveMs, null],
      [null, null],
      target(DERIVE_TARGET_MS, device.secondOpen.deriveMs),
    ),
    line('(baseline only) zod check of the response, as the app checks responses', [null, null], [f.zodMs, null]),
  ]);
  const runs = device.apply.length;
  console.log(
    `From the click (medians of ${runs}; sorts: ${device.sort.length} clicks): Status filter without FMC shows ${device.counts.shown} of ` +
      `${device.counts.total} rows; removing it shows all again; Reg Number header sorts ascending, descending, then not.`,
  );
  const [da, ba] = [device.apply, bulk.apply];
  table([
    line('filter -> rows in the DOM, first', [da[0]!.domMs, da[0]!.cpuMs], [ba[0]!.domMs, ba[0]!.cpuMs], target(FILTER_TARGET_MS, da[0]!.domMs, ba[0]!.domMs)),
    line('filter -> rows in the DOM', [dom(da), cpu(da)], [dom(ba), cpu(ba)], target(FILTER_TARGET_MS, dom(da), dom(ba))),
    line('filter -> rows painted', [paint(da), null], [paint(ba), null], target(FILTER_TARGET_MS, paint(da), paint(ba))),
    line('filter removed -> rows in the DOM', [dom(device.clear), cpu(device.clear)], [dom(bulk.clear), cpu(bulk.clear)]),
    line('sort -> rows in the DOM, first', [device.sort[0]!.domMs, device.sort[0]!.cpuMs], [bulk.sort[0]!.domMs, bulk.sort[0]!.cpuMs]),
    line('sort -> rows in the DOM', [dom(device.sort), cpu(device.sort)], [dom(bulk.sort), cpu(bulk.sort)]),
    line('sort -> rows painted', [paint(device.sort), null], [paint(bulk.sort), null]),
  ]);
}

/** Fields that move with the instant of derivation (recent windows) or the day: the two runs are minutes apart. */
const CLOCK_FIELDS = new Set<keyof FleetRow>(['recentlyRepaired', 'visitsToMx', 'recentNotes', 'recentFixes', 'daysToEtic', 'daysInMx']);

/**
 * The two sources must show the same rows: fails on any other difference, and says how many rows differ
 * only in the clock's fields.
 */
export function compareRows(device: FleetRow[], bulk: FleetRow[], names: [string, string] = ['the device', 'the bulk']): string {
  const byId = new Map(bulk.map((row) => [row.vehicleId, row]));
  if (device.length !== bulk.length) throw new Error(`${names[0]} shows ${device.length} rows, ${names[1]} ${bulk.length}`);
  let clockOnly = 0;
  for (const row of device) {
    const other = byId.get(row.vehicleId);
    if (!other) throw new Error(`vehicle ${row.regNumber} is not in ${names[1]}'s rows`);
    const fields = (Object.keys(row) as (keyof FleetRow)[]).filter((k) => JSON.stringify(row[k]) !== JSON.stringify(other[k]));
    const wrong = fields.filter((k) => !CLOCK_FIELDS.has(k));
    if (wrong.length > 0) throw new Error(`${row.regNumber} differs in ${wrong.join(', ')}: ${JSON.stringify(row)} vs ${JSON.stringify(other)}`);
    if (fields.length > 0) clockOnly++;
  }
  return `${names[0]} and ${names[1]} show the same ${device.length} rows${clockOnly ? ` (${clockOnly} differ only in recent-window or day counts, derived at other instants)` : ''}`;
}
