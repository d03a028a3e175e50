import { describe, expect, it } from 'vitest';
import { deriveFleetRows, type FleetSources } from '../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../core/schema/fleet.ts';
import { userToRow } from '../modules/users/presenter.ts';
import type { RowOf } from '../sync/presenters/presenter-helpers.ts';
import { inspectionFeedRowToApi, workflowToApi } from '../sync/presenters/vehicle-and-inspection-presenters.ts';
import { vehicleToApi } from '../modules/vehicles/presenter.ts';
import { ltiToApi, pmiToApi, scheduledMxToApi } from '../modules/maintenance/presenter.ts';
import { tdyToApi } from '../modules/tdy/presenter.ts';
import { discrepancyToApi } from '../modules/discrepancies/presenter.ts';
import { waiverToApi } from '../modules/waivers/presenter.ts';
import { noteToApi } from '../modules/notes/presenter.ts';
import { generateSeed } from './generate.ts';
import { DEFAULT_SEED } from './seed-if-empty.ts';
import type { SeedTableName } from './types.ts';

const TODAY = new Date(Date.UTC(2026, 2, 15));
/** Fleet Details is looked at in the morning after the history's last day. */
const NOW = new Date(TODAY.getTime() + 9 * 3_600_000);
const data = generateSeed({ ...DEFAULT_SEED, today: TODAY });
const { tables } = data;

/** The seed's insert rows of one organization, as the database would return them. */
function rows<K extends SeedTableName>(name: K, orgId: string): RowOf<K>[] {
  const own = (tables[name] as { orgId: string }[]).filter((r) => r.orgId === orgId);
  return own.map((r) => ({ rev: 1, deletedAt: null, createdAt: TODAY, updatedAt: TODAY, ...r })) as unknown as RowOf<K>[];
}

/** The Fleet Details rows of one organization, derived from its feed rows as the server and the device derive them. */
function fleetRows(orgId: string): FleetRow[] {
  const sources: FleetSources = {
    vehicles: rows('vehicles', orgId).map(vehicleToApi),
    workflows: rows('workflows', orgId).map(workflowToApi),
    inspections: rows('inspections', orgId).map((row) => inspectionFeedRowToApi(row)),
    discrepancies: rows('discrepancies', orgId).map(discrepancyToApi),
    scheduledMx: rows('scheduledMx', orgId).map(scheduledMxToApi),
    ltis: rows('ltis', orgId).map(ltiToApi),
    pmis: rows('pmis', orgId).map(pmiToApi),
    waivers: rows('waivers', orgId).map(waiverToApi),
    tdys: rows('tdys', orgId).map(tdyToApi),
    notes: rows('notes', orgId).map(noteToApi),
    users: rows('users', orgId).map(userToRow),
  };
  return deriveFleetRows(sources, NOW);
}

const thisMonth = TODAY.toISOString().slice(0, 7);

describe.each(data.organizations.map((o) => [o.slug, o.orgId] as const))('the demo seed’s organization %s', (_, orgId) => {
  const fleet = fleetRows(orgId);
  const fresh = fleet.filter((r) => r.pdf === 'current');
  const freshIds = new Set(fresh.map((r) => r.vehicleId));

  it('has two or three vehicles newly in service, linked to the current AF1800', () => {
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    expect(fresh.length).toBeLessThanOrEqual(3);
    for (const row of fresh) {
      expect(row, row.regNumber).toMatchObject({ inCommission: true, completionDate: null, visitsToMx: 0, recentlyRepaired: 0 });
      expect(['valid', 'warning']).toContain(row.status);
      expect(row.inspectionDate?.slice(0, 7), row.regNumber).toBe(thisMonth);
    }
  });

  it('links every other vehicle that has been through maintenance to its monthly AF1800', () => {
    const others = fleet.filter((r) => !freshIds.has(r.vehicleId));
    expect(others.filter((r) => r.inCommission).every((r) => r.pdf === 'monthly' && r.completionDate !== null)).toBe(true);
    // A vehicle decommissioned before the history has no record in it, so no link at all.
    expect(others.filter((r) => !r.inCommission).every((r) => r.pdf === 'monthly' || (r.pdf === null && r.inspectionDate === null))).toBe(true);
  });

  it('puts them in service some weeks ago, inspects them since and never sends them to maintenance', () => {
    const weeksAgo = (weeks: number) => TODAY.getTime() - weeks * 7 * 86_400_000;
    for (const vehicleId of freshIds) {
      const vehicle = tables.vehicles.find((v) => v.id === vehicleId)!;
      const created = vehicle.createdAt!.getTime();
      expect(created, vehicle.regNumber).toBeGreaterThanOrEqual(weeksAgo(7));
      expect(created, vehicle.regNumber).toBeLessThanOrEqual(weeksAgo(3));
      expect(vehicle.decommissionDate).toBeNull();
      const own = <T extends { vehicleId: string }>(list: T[]) => list.filter((r) => r.vehicleId === vehicleId);
      // Nothing about the vehicle is older than the vehicle.
      for (const name of [
        'vehicleManagement',
        'vehicleStatuses',
        'inspections',
        'discrepancies',
        'tdys',
        'waivers',
        'notes',
        'documents',
        'washes',
        'liveEvents',
      ] as const) {
        for (const r of own(tables[name] as { vehicleId: string; createdAt?: Date | undefined }[]))
          expect(r.createdAt!.getTime(), `${vehicle.regNumber} ${name}`).toBeGreaterThanOrEqual(created);
      }
      const inspections = own(tables.inspections);
      expect(inspections.length).toBeGreaterThanOrEqual(10);
      for (const kind of ['scheduledMx', 'ltis', 'pmis'] as const) {
        for (const visit of own<{ vehicleId: string; mxDate: Date; completed?: boolean | undefined; completionDate?: Date | null | undefined }>(tables[kind])) {
          expect([visit.completed ?? false, visit.completionDate ?? null], `${vehicle.regNumber} ${kind}`).toEqual([false, null]);
          expect(visit.mxDate.getTime()).toBeGreaterThanOrEqual(TODAY.getTime());
        }
      }
      for (const d of own(tables.discrepancies)) expect([d.actualCompletionDate ?? null, d.disregard ?? false], vehicle.regNumber).toEqual([null, false]);
    }
  });
});

describe('the vehicles newly in service', () => {
  it('are the same for the same options', () => {
    const again = generateSeed({ ...DEFAULT_SEED, orgs: 1, today: TODAY });
    const org1 = data.organizations[0]!.orgId;
    const regs = (t: typeof tables, orgId: string) =>
      t.vehicles.filter((v) => v.orgId === orgId && v.createdAt!.getTime() > TODAY.getTime() - 60 * 86_400_000).map((v) => v.regNumber);
    expect(regs(again.tables, org1)).toEqual(regs(tables, org1));
    expect(regs(tables, org1).length).toBeGreaterThanOrEqual(2);
  });
});
