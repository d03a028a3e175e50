import { nanoid } from 'nanoid';
import type { z } from 'zod';
import { ID_LENGTH } from '../../core/schema/common.ts';
import type { FeedName } from '../../core/schema/feeds.ts';
import { summaryScope } from '../db/fleet-summaries.ts';
import { openRecordScope } from '../db/open-records.ts';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import { tablesOf } from '../db/row-key.ts';
import { FILE_GONE_MESSAGE, InvalidMutationError } from './errors.ts';
import { forgetSecret, keepSecret, takeSecrets } from './secrets.ts';
import { takeShadows } from './shadows.ts';

/** Who makes the change: the signed-in user in their organization. */
export interface MutationContext {
  userId: string;
  orgId: string;
}

export type MutationRequest = OutboxEntry['request'];

/**
 * One of the spec's REST calls, made offline-first: its optimistic effect on the mirror and the
 * request the drain replays. The outbox stores `name` and the arguments, so a mutator must stay
 * registered (listed in src/data/mutators.ts, which the app installs with src/sync/mutator-registry.ts)
 * for as long as entries of it may wait in an outbox.
 */
export interface Mutator<A> {
  name: string;
  /**
   * The version of the arguments (absent: 1). Raise it when the arguments change shape, and give
   * `upgrade`, so entries an older app left in an outbox are replayed and sent in the new shape.
   */
  version?: number;
  /**
   * Turns arguments stored by version `from` into this version's; throws if it cannot. `base` is the
   * row the change was made on, as well as the device still knows it (the server copy kept in
   * shadows with the earlier pending changes laid over it), or null: an upgrade to "changed fields
   * only" keeps the fields that differ from it.
   */
  upgrade?(args: unknown, from: number, base: Record<string, unknown> | null): A;
  /**
   * Top-level argument fields that are secrets (a new user's password). They are never written to
   * IndexedDB: they are taken out of the stored arguments and request body, and kept in memory by
   * the tab that made the change, which sends it itself (src/sync/secrets.ts).
   */
  secrets?: readonly string[];
  /**
   * Files the change names by content (sha256), put in the upload queue before the change is made
   * (src/files/queue-file.ts): the change waits in the outbox until the server has each of them.
   */
  files?(args: A): string[];
  /** Rows the change brings into being, as `table:id`: later changes to them depend on it. */
  creates?(args: A): string[];
  /** Validates and normalizes the arguments with the core schemas; throws InvalidMutationError. */
  parse(args: A): A;
  request(args: A, ctx: MutationContext): MutationRequest;
  /** Mirror rows `apply` writes, as `table:id`; apply must write no other row. */
  touches(args: A): string[];
  /** Tables `apply` reads beyond those it writes (e.g. the user's name for an audit field). */
  reads?: readonly FeedName[];
  /**
   * The optimistic change. It is replayed on top of newer server copies (rebase, rollback), so it
   * must be idempotent: set fields and put rows, never increment or append.
   */
  apply(db: MirrorDb, args: A): Promise<void>;
}

/** Parses with a core schema; the first issue's message is the one a person can act on. */
export function parseArgs<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new InvalidMutationError(issue?.message ?? 'The change is not valid');
}

/**
 * Writes the optimistic change and its outbox entry in one transaction, so the mirror never shows
 * a change that is not queued, nor queues one it does not show. The caller wakes the drain.
 */
export async function mutate<A>(db: MirrorDb, mutator: Mutator<A>, args: A, ctx: MutationContext): Promise<OutboxEntry> {
  const parsed = mutator.parse(args);
  const touches = [...new Set(mutator.touches(parsed))];
  const id = nanoid(ID_LENGTH);
  const { stored, secret } = takeSecrets(mutator, parsed, mutator.request(parsed, ctx));
  const files = mutator.files?.(parsed) ?? [];
  const entry: OutboxEntry = {
    id,
    name: mutator.name,
    args: stored.args,
    v: mutator.version ?? 1,
    request: stored.request,
    state: secret ? 'held' : 'pending',
    ...(secret ? { holder: keepSecret(id, secret) } : {}),
    touches,
    ...(files.length > 0 ? { files } : {}),
    createdAt: new Date().toISOString(),
  };
  const names = [...new Set([...tablesOf(touches), ...(mutator.reads ?? [])])];
  // A write to a feed a vehicle summary (or the open records) is made of updates it in the same transaction.
  const tables = [...names, ...summaryScope(names), ...openRecordScope(names)].map((t) => db.table(t));
  try {
    await db.transaction('rw', [...tables, db.outbox, db.shadows, db.blobs], async () => {
      // A change never names a file the queue does not hold, nor one it will never send (cancelled,
      // or refused by the server): it would wait for it for ever. Chosen again, a file is queued again.
      const queued = await db.blobs.bulkGet(files);
      if (queued.some((b) => !b)) throw new InvalidMutationError(FILE_GONE_MESSAGE);
      if (queued.some((b) => b?.state === 'cancelled' || b?.state === 'error'))
        throw new InvalidMutationError("The file's upload was cancelled or refused. Choose it again.");
      await takeShadows(db, touches);
      await mutator.apply(db, parsed);
      await db.outbox.add(entry);
    });
  } catch (error) {
    forgetSecret(id);
    throw error;
  }
  return entry;
}
