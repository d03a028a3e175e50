import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orgClocks } from '../db/schema/index.ts';

/** A new cursor epoch: a random id that never holds the cursor's separator. */
export function newEpoch(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * Starts a new epoch for every organization, remembering where each stood (see org_clocks.epoch and
 * server/sync/cursor-check.ts). One statement: instances that start together each set their own,
 * and every cursor given out before either one stays below the revision that one records.
 */
export async function startEpoch(db: Db): Promise<string> {
  const epoch = newEpoch();
  await db.update(orgClocks).set({ epoch, epochRev: sql`${orgClocks.rev}` });
  return epoch;
}
