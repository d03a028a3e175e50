import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { SyncTable } from '../sync/sync-table.ts';

/** A resource's home on the server: its routes and the feeds it brings to the sync pull. */
export interface ServerModule {
  /** Feeds of its resources (server/sync/sync-table.ts resourceFeed). */
  feeds?: readonly SyncTable[];
  register(app: FastifyInstance, ctx: AppContext): void;
}
