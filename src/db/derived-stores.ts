import type { Transaction } from 'dexie';
import { SUMMARIES, summarizeAll } from './fleet-summaries.ts';
import { collectOpenRecords, OPEN_RECORDS } from './open-records.ts';

/**
 * The stores the mirror derives from its feeds (the summaries, the open records) made again whole from
 * the feeds, after writes that skipped their upkeep (src/db/without-derived.ts). Run inside a rw
 * transaction over every table.
 */
export async function deriveAll(tx: Transaction, now = new Date()): Promise<void> {
  await tx.table(SUMMARIES).clear();
  await tx.table(OPEN_RECORDS).clear();
  await summarizeAll(tx, now);
  await collectOpenRecords(tx);
}
