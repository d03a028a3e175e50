import { coreSyncTables } from './core-tables.ts';
import { entitySyncTables } from './entity-tables.ts';
import type { SyncTable } from './sync-table.ts';

/** Every table of the sync feed. Feed names are unique; the order does not matter (feed order is by name). */
export const syncTables: readonly SyncTable[] = [...coreSyncTables, ...entitySyncTables];

const names = new Set(syncTables.map((t) => t.name));
if (names.size !== syncTables.length) throw new Error('two sync tables share a feed name');
