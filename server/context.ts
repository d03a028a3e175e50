import type { ServerConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Writer } from './db/write.ts';
import type { FileStore } from './files/store.ts';
import type { EventBus } from './stream/bus.ts';
import type { SyncTable } from './sync/sync-table.ts';
import type { LiveEventInput } from './stream/live-events.ts';

/** What every module gets: the database, configuration, the writer, the live bus and the file store. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  bus: EventBus;
  write: Writer<LiveEventInput>;
  syncTables: readonly SyncTable[];
  /** The file store (server/files/store.ts). */
  files: FileStore;
}
