import { entitySyncTables } from '../sync/entity-tables.ts';
import type { SyncTable } from '../sync/sync-table.ts';
import { af1800Module } from './af1800/routes.ts';
import type { ServerModule } from './module.ts';
import { discrepanciesModule } from './discrepancies/routes.ts';
import { documentsModule } from './documents/routes.ts';
import { filesModule } from './files/routes.ts';
import { insightsModule } from './insights/routes.ts';
import { inspectionsModule } from './inspections/routes.ts';
import { maintenanceModule } from './maintenance/routes.ts';
import { notesModule } from './notes/routes.ts';
import { organizationModule } from './organization/routes.ts';
import { overviewModule } from './overview/routes.ts';
import { reportsModule } from './reports/routes.ts';
import { settingsModule } from './settings/routes.ts';
import { tdyModule } from './tdy/routes.ts';
import { usersModule } from './users/routes.ts';
import { vehicleTypesModule } from './vehicle-types/routes.ts';
import { vehiclesModule } from './vehicles/routes.ts';
import { waiversModule } from './waivers/routes.ts';
import { washesModule } from './washes/routes.ts';
import { workflowsModule } from './workflows/routes.ts';

/** The resources that have their home in a module (server/modules/module.ts); add each new one here. */
export const MODULES: readonly ServerModule[] = [
  organizationModule,
  usersModule,
  settingsModule,
  vehicleTypesModule,
  vehiclesModule,
  notesModule,
  washesModule,
  maintenanceModule,
  discrepanciesModule,
  waiversModule,
  documentsModule,
  filesModule,
  tdyModule,
  inspectionsModule,
  af1800Module,
  overviewModule,
  workflowsModule,
  insightsModule,
  reportsModule,
];

/** Every feed of the sync pull: the entity feeds not yet in a module and the modules' feeds. */
export const syncTables: readonly SyncTable[] = [...entitySyncTables, ...MODULES.flatMap((m) => m.feeds ?? [])];

const names = new Set(syncTables.map((t) => t.name));
if (names.size !== syncTables.length) throw new Error('two sync tables share a feed name');
