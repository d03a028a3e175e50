import type { PushMutation } from '../../core/schema/sync.ts';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import { secretOf, withSecret } from './secrets.ts';

export interface BatchLimits {
  maxCount: number;
  /** The JSON of the batch's mutations stays under this, so a batch of legal changes never meets the body limit. */
  maxBytes: number;
}

/** Which held entries this drain may send: its own (their secret is in memory), and orphans. */
export interface HeldRule {
  /** Only held entries whose secret this tab keeps (a tab that does not lead sends those alone). */
  heldOnly: boolean;
  /** A held entry whose holder tab is gone: sent without its secret (the server's record says if it landed). */
  isOrphan(entry: OutboxEntry): boolean;
}

export interface BatchItem {
  entry: OutboxEntry;
  mutation: PushMutation;
}

const encoder = new TextEncoder();

function mutationOf(entry: OutboxEntry): PushMutation {
  const secret = entry.state === 'held' ? secretOf(entry.id) : undefined;
  return { id: entry.id, seq: entry.seq!, name: entry.name, request: secret ? withSecret(entry.request, secret) : entry.request };
}

/** The files the server has (their upload finished), of those the entries name. */
async function uploadedFiles(db: MirrorDb, entries: readonly OutboxEntry[]): Promise<Set<string>> {
  const hashes = [...new Set(entries.flatMap((e) => (e.state === 'sent' ? [] : (e.files ?? []))))];
  if (hashes.length === 0) return new Set();
  const blobs = await db.blobs.bulkGet(hashes);
  return new Set(blobs.filter((b) => b?.state === 'finished').map((b) => b!.hash));
}

/**
 * The next mutations to push, in seq order. An entry waits while an earlier entry touching one of
 * its rows cannot be sent from here (held by another tab that is still open, or naming a file the
 * upload queue has not yet handed to the server), so the server always gets a record's changes in
 * the order they were made; entries of other rows go ahead.
 */
export async function nextBatch(db: MirrorDb, limits: BatchLimits, held: HeldRule): Promise<BatchItem[]> {
  const entries = await db.outbox.toArray();
  const uploaded = await uploadedFiles(db, entries);
  const blocked = new Set<string>();
  const batch: BatchItem[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (entry.state === 'sent') continue;
    const heldBack = entry.state === 'held' ? secretOf(entry.id) === undefined && (held.heldOnly || !held.isOrphan(entry)) : held.heldOnly;
    const waitsForFiles = (entry.files ?? []).some((hash) => !uploaded.has(hash));
    if (heldBack || waitsForFiles || entry.touches.some((k) => blocked.has(k))) {
      for (const k of entry.touches) blocked.add(k);
      continue;
    }
    const mutation = mutationOf(entry);
    const size = encoder.encode(JSON.stringify(mutation)).length;
    if (batch.length > 0 && bytes + size > limits.maxBytes) break;
    batch.push({ entry, mutation });
    bytes += size;
    if (batch.length >= limits.maxCount) break;
  }
  return batch;
}
