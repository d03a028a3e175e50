import { eq } from 'drizzle-orm';
import { organizations, sectionMels, sections, userSettings, users } from '../db/schema/index.ts';
import type { SyncTable } from './sync-table.ts';
import { organizationToApi, sectionMelToApi, sectionToApi, userSettingToApi, userToRow } from './presenters/organization-presenters.ts';

/** The organization feeds of the sync pull: the organization, its sections and MELs, its users, and each user's own settings. */
export const organizationSyncTables: SyncTable[] = [
  { name: 'organizations', table: organizations, toApi: organizationToApi },
  { name: 'sections', table: sections, toApi: sectionToApi },
  { name: 'sectionMels', table: sectionMels, toApi: sectionMelToApi },
  { name: 'users', table: users, toApi: userToRow },
  { name: 'userSettings', table: userSettings, toApi: userSettingToApi, visibleTo: (p) => eq(userSettings.userId, p.userId) },
];
