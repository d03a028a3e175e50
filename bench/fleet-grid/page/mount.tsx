import { createRoot, type Root } from 'react-dom/client';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';
import type { MountTimes, RowSource } from '../api.ts';
import { BenchApp, benchEngine } from './bench-app.tsx';
import { benchState, type DeriveRecord, type ReadRecord } from './bench-state.ts';
import { afterPaint, dataRows, shownCount, whenDom } from './dom.ts';

let root: Root | null = null;

/** The rows the screen counts: the hook leaves out vehicles not in commission; the bulk has none. */
export function currentRows(): FleetRow[] {
  if (benchState.source === 'fetch') return benchState.fetched?.rows ?? [];
  return benchState.lastDerive?.rows.filter((row) => row.inCommission) ?? [];
}

/** Renders Fleet Details and waits until the grid shows every row it should. */
export async function mount(db: MirrorDb, source: RowSource): Promise<MountTimes> {
  if (root) throw new Error('unmount first');
  benchState.source = source;
  benchState.lastDerive = null;
  benchState.lastRead = null;
  const host = document.getElementById('root')!;
  let expected = -1;
  const start = performance.now();
  root = createRoot(host);
  root.render(<BenchApp db={db} engine={benchEngine(db)} />);
  const domAt = await whenDom(() => {
    if (expected < 0 && (source === 'fetch' || benchState.lastDerive)) expected = currentRows().length;
    return expected >= 0 && shownCount() === expected && dataRows().length > 0;
  }, 'the rows after mounting');
  const paintAt = await afterPaint();
  // Set by the hook's fleetRowsFromSummaries during the mount (control flow cannot see that).
  const derive = benchState.lastDerive as DeriveRecord | null;
  const read = source === 'mirror' ? (benchState.lastRead as ReadRecord | null) : null;
  return {
    readMs: read ? read.end - read.start : null,
    deriveMs: derive?.ms ?? null,
    records: derive?.records ?? null,
    renderMs: domAt - (derive ? derive.endAt : start),
    domMs: domAt - start,
    paintMs: paintAt - start,
    rows: expected,
  };
}

export function unmount(): void {
  root?.unmount();
  root = null;
}
