import type { Af1800Sources } from '../../../core/rules/af1800-form.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { discrepancyToApi } from '../../modules/discrepancies/presenter.ts';
import { organizationToApi } from '../../modules/organization/presenter.ts';
import { userToRow } from '../../modules/users/presenter.ts';
import { vehicleToApi } from '../../modules/vehicles/presenter.ts';
import type { RowOf } from '../../sync/presenters/presenter-helpers.ts';
import { inspectionFeedRowToApi, workflowRuleToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';
import type { generateSeed } from '../generate.ts';
import type { SeedTableName } from '../types.ts';

type SeedTables = ReturnType<typeof generateSeed>['tables'];

/**
 * One organization's seed rows as the AF1800 rule reads them: with what the database adds (rev,
 * timestamps at `today`) and through the server's presenters, as the server would assemble its forms.
 */
export function seedAf1800Sources(tables: SeedTables, orgId: string, today: Date): Af1800Sources & { vehicles: Vehicle[] } {
  const rows = <K extends SeedTableName>(name: K) =>
    (tables[name] as { id?: string; orgId?: string }[])
      .filter((r) => (name === 'organizations' ? r.id === orgId : r.orgId === orgId))
      .map((r) => ({ rev: 1, deletedAt: null, createdAt: today, updatedAt: today, ...r })) as unknown as RowOf<K>[];
  return {
    organization: organizationToApi(rows('organizations')[0]!),
    users: rows('users').map(userToRow),
    workflowRules: rows('workflowRules').map(workflowRuleToApi),
    inspections: rows('inspections').map((row) => inspectionFeedRowToApi(row, { wholeHistory: true })),
    discrepancies: rows('discrepancies').map(discrepancyToApi),
    vehicles: rows('vehicles').map(vehicleToApi),
  };
}
