// The page of bench/index-reads.bench.ts, bundled with esbuild: the mirror's own helper beside Dexie's
// anyOf, on a Dexie database of the shape the mirror gives pictures (an index on their discrepancy).
import Dexie, { type Table } from 'dexie';
import { rowsWhereAnyOf } from '../../src/db/rows-where-any-of.ts';

interface Picture {
  id: string;
  mxId: string;
  annotation: string;
}

export interface IndexReadsResult {
  pictures: number;
  keys: number;
  rows: number;
  anyOfMs: number[];
  helperMs: number[];
}

const mxIdOf = (i: number) => `mx${((i * 2654435761) % 1e9).toString(36).padStart(8, '0')}${i}`;

async function timed(read: () => Promise<unknown[]>): Promise<{ ms: number; rows: number }> {
  const start = performance.now();
  const rows = await read();
  return { ms: performance.now() - start, rows: rows.length };
}

async function run(pictures: number, keys: number, rounds: number): Promise<IndexReadsResult> {
  const db = new Dexie(`index-reads-${pictures}-${keys}-${Date.now()}`);
  db.version(1).stores({ pictures: 'id, mxId' });
  const table = db.table('pictures') as Table<Picture, string>;
  // Two pictures a discrepancy, as an inspection photo and a repair photo.
  await table.bulkPut(Array.from({ length: pictures }, (_, i) => ({ id: `p${i}`, mxId: mxIdOf(i % (pictures / 2)), annotation: `Dent on the left door ${i}` })));
  const asked = Array.from({ length: keys }, (_, i) => mxIdOf((i * 3) % (pictures / 2)));
  const result: IndexReadsResult = { pictures, keys, rows: 0, anyOfMs: [], helperMs: [] };
  for (let round = 0; round < rounds; round++) {
    const a = await timed(() => db.transaction('r', table, () => table.where('mxId').anyOf(asked).toArray()));
    const b = await timed(() => db.transaction('r', table, () => rowsWhereAnyOf(table, 'mxId', asked)));
    if (a.rows !== b.rows) throw new Error(`anyOf read ${a.rows} rows, rowsWhereAnyOf ${b.rows}`);
    result.rows = a.rows;
    result.anyOfMs.push(a.ms);
    result.helperMs.push(b.ms);
  }
  db.close();
  await Dexie.delete(db.name);
  return result;
}

(window as unknown as { indexReads: typeof run }).indexReads = run;
