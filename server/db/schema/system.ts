import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './common.ts';

/**
 * One row per mutation a client pushed: the idempotency record. A mutation that changed data is
 * recorded in the same transaction as its change, so a retried batch can never apply it twice.
 */
export const syncMutations = pgTable(
  'sync_mutations',
  {
    userId: text('user_id').notNull(),
    clientId: text('client_id').notNull(),
    mutationId: text('mutation_id').notNull(),
    orgId: text('org_id').notNull(),
    /** Revision of the write, or null when the mutation was rejected or changed nothing. */
    rev: bigint('rev', { mode: 'number' }),
    status: integer('status').notNull(),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId, t.mutationId] }), index('sync_mutations_client_rev').on(t.userId, t.clientId, t.rev)],
);

/** Single-use live-stream tickets; in the database so that any instance can accept one. */
export const streamTickets = pgTable('stream_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: text('user_id').notNull(),
  orgId: text('org_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Storage of the embedded OpenID provider (sessions, grants, codes, refresh tokens...). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    model: text('model').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] }), index('oidc_payloads_grant').on(t.grantId), index('oidc_payloads_uid').on(t.uid)],
);

/** Server secrets generated on first start (signing keys, cookie keys), shared by every instance. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
