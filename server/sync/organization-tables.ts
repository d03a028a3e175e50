import { organizations, sectionMels, sections } from '../db/schema/index.ts';
import type { SyncTable } from './sync-table.ts';
import { organizationToApi, sectionMelToApi, sectionToApi } from './presenters/organization-presenters.ts';

/**
 * The organization feeds of the sync pull not yet moved to a module (organization administration
 * will): the organization, its sections and their MELs. Users and settings come with their modules.
 */
export const organizationSyncTables: SyncTable[] = [
  { name: 'organizations', table: organizations, toApi: organizationToApi },
  { name: 'sections', table: sections, toApi: sectionToApi },
  { name: 'sectionMels', table: sectionMels, toApi: sectionMelToApi },
];
