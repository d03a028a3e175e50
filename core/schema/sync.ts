import { z } from 'zod';
import { entityId } from './common.ts';

export const PULL_LIMIT_DEFAULT = 1000;
export const PULL_LIMIT_MAX = 5000;
/**
 * A pull page ends before its rows' JSON passes this many bytes, whatever the limit (always at least
 * one row). Rows differ a hundredfold in size (an inspection carries its answers), and a page must get
 * through a poor link inside the client's request timeout: 8 MiB of feed JSON is about 0.6 MiB as
 * brotli (0.75 MiB gzipped), some 12 s at 400 kbit/s against 30 s.
 */
export const PULL_PAGE_BYTES = 8 * 1024 * 1024;
export const PUSH_BATCH_MAX = 100;
export const CURSOR_MAX_LENGTH = 2200;

/** A query's page size (`limit`): a whole number from 1 to `max`, `fallback` when left out. */
export function pageLimitSchema(max: number, fallback: number) {
  return z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);
}

export const pullQuerySchema = z.object({
  /**
   * Opaque to clients: `{epoch}~{horizon}.{rev}` or `{epoch}~{horizon}.{rev}.{table}.{base64url(id)}`
   * (server/sync/cursor.ts; `~{horizon}` may be missing);
   * `rev` and `rev:table:id` from before epochs are still read. Revisions stay within JS safe integers
   * (at most 15 digits); an encoded id may be up to 2,000 characters (1,500 bytes of id).
   */
  cursor: z
    .string()
    .max(CURSOR_MAX_LENGTH)
    .regex(
      /^(|\d{1,15}(:[A-Za-z]{1,64}:[A-Za-z0-9_-]{1,64})?|[A-Za-z0-9_-]{1,32}(~\d{1,15})?\.\d{1,15}(\.[A-Za-z]{1,64}\.[A-Za-z0-9_-]{1,2000})?)$/,
      'The cursor is not one this server gave out; start again without one',
    )
    .default(''),
  limit: pageLimitSchema(PULL_LIMIT_MAX, PULL_LIMIT_DEFAULT),
  clientId: entityId.optional(),
  /**
   * `later`: inspections come without their answers (`results` null), which GET /data/v1/sync/answers
   * brings after. A first sync asks so: the records Fleet Details needs are a seventh of the bytes.
   */
  answers: z.enum(['later'], { error: "answers is 'later' or left out" }).optional(),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

export const syncChangeSchema = z.object({
  /** The feed name of the table (e.g. 'users', 'vehicles'). */
  t: z.string(),
  op: z.enum(['put', 'delete']),
  id: z.string(),
  /**
   * The row in its REST shape; absent for a delete. Checked here to be an object only, not copied
   * field by field: each feed's own schema parses the row once (src/sync/pull-write.ts parseChanges),
   * and a first sync's pages carry tens of thousands of rows.
   */
  data: z
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: 'A change carries its row as an object' })
    .optional(),
  /**
   * For a delete of some feeds (inspections), where the row lived: fields of its REST shape (its
   * vehicleId and inspectionDate), by which a device finds it (src/db/row-locations.ts).
   */
  at: z.record(z.string(), z.string()).optional(),
});
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const pullResponseSchema = z.object({
  cursor: z.string(),
  hasMore: z.boolean(),
  /** The cursor is older than the tombstone horizon: drop the mirror and pull from the start. */
  reset: z.boolean(),
  changes: z.array(syncChangeSchema),
  /** This client's mutations whose effect is included up to `cursor`. */
  acks: z.array(z.string()),
  /**
   * On the first page of a pull from the start only: how many rows the whole pull brings (the first
   * sync's progress, 'n of total').
   */
  total: z.number().int().nonnegative().optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

const mutationPath = z
  .string()
  .max(500)
  .regex(/^\/(data|auth)\//, 'A mutation calls a /data/ or /auth/ route');

export const pushMutationSchema = z.object({
  id: entityId,
  seq: z.number().int().min(0),
  name: z.string().min(1).max(100),
  request: z.object({
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE'], { error: 'A mutation uses POST, PUT, PATCH or DELETE' }),
    path: mutationPath,
    body: z.unknown().optional(),
  }),
});
export type PushMutation = z.infer<typeof pushMutationSchema>;

export const pushBodySchema = z.object({
  clientId: entityId,
  mutations: z.array(pushMutationSchema).min(1, 'Send at least one mutation').max(PUSH_BATCH_MAX, `Send at most ${PUSH_BATCH_MAX} mutations per batch`),
});
export type PushBody = z.infer<typeof pushBodySchema>;

/**
 * What the server checks of a push as a whole: who sends it and that every mutation can be answered
 * (an object with a usable id). Everything else is checked per mutation (pushMutationSchema, then the
 * route it calls), so that one bad mutation is rejected alone and the rest of the batch is applied.
 */
export const pushEnvelopeSchema = z.object({
  clientId: entityId,
  mutations: z
    .array(z.looseObject({ id: entityId }), { error: 'mutations must be a list of mutations' })
    .min(1, 'Send at least one mutation')
    .max(PUSH_BATCH_MAX, `Send at most ${PUSH_BATCH_MAX} mutations per batch`),
});
export type PushEnvelope = z.infer<typeof pushEnvelopeSchema>;

export const mutationResultSchema = z.object({
  id: z.string(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  httpStatus: z.number().int(),
  /** The server's message for a rejected mutation. */
  message: z.string().optional(),
  /** The route's answer (e.g. the created row). */
  response: z.unknown().optional(),
  /** Revision that carries the change, when it changed data. */
  rev: z.number().int().nullable().optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResponseSchema = z.object({ results: z.array(mutationResultSchema) });
export type PushResponse = z.infer<typeof pushResponseSchema>;
