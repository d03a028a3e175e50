import type { DBCoreTransaction, Transaction } from 'dexie';

/*
 * The stores the mirror derives from its feeds as they are written (the summaries of
 * src/db/fleet-summaries.ts, the open records of src/db/open-records.ts) are kept row by row by their
 * middlewares, which costs a device about as many IndexedDB operations as the rows themselves: a
 * pulled chunk of 500 inspections in time order touches some 500 vehicles, whose summaries are read
 * and put again. A write made through `withoutDerived` skips that upkeep. Whoever makes one either
 * changes nothing a derived store reads (an inspection's answers) or makes the derived stores again
 * whole afterwards (`deriveAll` in src/db/derived-stores.ts: the end of a first sync, which no screen
 * that reads them shows before).
 */

const skipping = new WeakSet<object>();

/** Runs `write`, inside the transaction `tx`, without the derived stores' upkeep. */
export async function withoutDerived<T>(tx: Transaction, write: () => Promise<T>): Promise<T> {
  const trans: object = tx.idbtrans;
  skipping.add(trans);
  try {
    return await write();
  } finally {
    skipping.delete(trans);
  }
}

/** For the middlewares: a write of this transaction leaves the derived stores alone. */
export const derivedSkipped = (trans: DBCoreTransaction): boolean => skipping.has(trans);
