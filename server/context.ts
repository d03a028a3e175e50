import type { ServerConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Writer } from './db/write.ts';
import type { EventBus } from './stream/bus.ts';
import type { SyncTable } from './sync/sync-table.ts';
import type { LiveEventInput } from './stream/live-events.ts';

/** What every module gets: the database, configuration, the writer and the live bus. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  bus: EventBus;
  write: Writer<LiveEventInput>;
  syncTables: readonly SyncTable[];
}
