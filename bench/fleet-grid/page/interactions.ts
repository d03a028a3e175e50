// The user's filter and sort, through the screen's own controls, each timed from the click to the DOM.
import { VEHICLE_STATUS_LABELS } from '../../../core/schema/vehicle.ts';
import type { FilterCounts, SortDirection, StepTimes } from '../api.ts';
import { afterPaint, firstRowText, grid, header, settle, shownCount, whenDom } from './dom.ts';
import { currentRows } from './mount.tsx';

const STATUS_GROUP = '[role="group"][aria-label="Status values shown"]';
const FMC = VEHICLE_STATUS_LABELS.valid;
/** As the grid sorts (src/components/data-grid/sort-rows.ts): numeric, case-insensitive. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function element<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

const CLICK_TIMEOUT_MS = 30_000;

/** Clicks and waits for `done`: the times from the click to the DOM and to the next frame. */
async function timedClick(target: HTMLElement, done: () => boolean, what: string | (() => string)): Promise<StepTimes> {
  const start = performance.now();
  target.click();
  const domAt = await whenDom(done, what, CLICK_TIMEOUT_MS);
  const paintAt = await afterPaint();
  return { domMs: domAt - start, paintMs: paintAt - start };
}

/** Rows shown with FMC hidden, and in all. */
export function filterCounts(): FilterCounts {
  const rows = currentRows();
  return { shown: rows.filter((row) => row.status !== 'valid').length, total: rows.length };
}

export async function openFilters(): Promise<void> {
  element<HTMLButtonElement>('button[aria-haspopup="dialog"][aria-label^="Filters"]').click();
  await whenDom(() => document.querySelector(STATUS_GROUP) !== null, 'the filter panel');
  await settle(600);
}

export async function closeFilters(): Promise<void> {
  element<HTMLButtonElement>('button[aria-label="Close filters"]').click();
  await whenDom(() => document.querySelector(STATUS_GROUP) === null, 'the filter panel to close', 5_000).catch(() => undefined);
  await settle(600);
}

const noFmcShown = () => !grid()?.querySelector(`tbody [role="img"][aria-label="${FMC}"]`);

/** Unticks FMC in the panel's Status filter (`hide`), or ticks it again. */
export function filterClick(hide: boolean): Promise<StepTimes> {
  const { shown, total } = filterCounts();
  const box = element<HTMLInputElement>(`${STATUS_GROUP} input[type="checkbox"][value="valid"]`);
  if (box.checked !== hide) throw new Error(`FMC is already ${hide ? 'hidden' : 'shown'}`);
  return hide
    ? timedClick(box, () => shownCount() === shown && noFmcShown(), 'the filtered rows')
    : timedClick(box, () => shownCount() === total, 'every row again');
}

/** Clicks the Reg Number header, which moves its sort to `dir` (ascending, descending, none in turn). */
export function sortClick(dir: SortDirection): Promise<StepTimes> {
  const regs = currentRows().map((row) => row.regNumber);
  const sorted = [...regs].sort(collator.compare);
  // Unsorted, the grid keeps the order the rows came in.
  const first = dir === 'ascending' ? sorted[0] : dir === 'descending' ? sorted.at(-1) : regs[0];
  const label = header('Reg Number').querySelector<HTMLElement>('.mrt-table-head-cell-labels');
  if (!label) throw new Error('the Reg Number header has no sort control');
  const done = () => header('Reg Number').getAttribute('aria-sort') === dir && firstRowText('Reg Number') === first;
  const seen = () =>
    `rows sorted ${dir} by Reg Number (${first} first); the header says ${header('Reg Number').getAttribute('aria-sort')}, ` +
    `the first row shows ${firstRowText('Reg Number')}`;
  return timedClick(label, done, seen);
}
