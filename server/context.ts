import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { MutationRef, Writer } from './db/write.ts';
import type { EventBus } from './stream/bus.ts';
import type { SyncTable } from './sync/sync-table.ts';
import type { Principal } from './auth/principal.ts';
import type { LiveEventInput } from './stream/live-events.ts';
import { MUTATION_HEADER } from './sync/push.ts';

/** What every module gets: the database, configuration, the writer and the live bus. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  bus: EventBus;
  write: Writer<LiveEventInput>;
  syncTables: readonly SyncTable[];
}

/** The pushed mutation a request applies, from the header the push dispatcher sets. */
export function mutationOf(request: FastifyRequest, p: Principal): MutationRef | undefined {
  const header = request.headers[MUTATION_HEADER];
  if (typeof header !== 'string') return undefined;
  const [clientId, mutationId] = header.split(' ');
  if (!clientId || !mutationId) return undefined;
  return { userId: p.userId, clientId, mutationId };
}
