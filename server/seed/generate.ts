import { DEMO_PASSWORD } from './demo-users.ts';
import type { OrgContext } from './context.ts';
import { CodeCycles } from './generate-discrepancy.ts';
import { onTdy, planFleet, seedManagement, seedTdys, type VehiclePlan } from './generate-fleet.ts';
import { simulateHistory } from './generate-history.ts';
import { isPage3Item } from './generate-inspection.ts';
import { seedMaintenance, type LastDayVisits } from './generate-maintenance.ts';
import { chooseVehicleTypes, createOrgContext, seedMels, seedOrganization, seedVehicleTypes } from './generate-org.ts';
import { seedRecords, type RecordsShowcase } from './generate-records.ts';
import { seedVehicle } from './generate-vehicle.ts';
import { seedWorkflows } from './generate-workflows.ts';
import { PLACEHOLDERS } from './placeholder-files.ts';
import { createRng } from './random.ts';
import { emptyTables, type SeedData, type SeedOptions, type SeedTableName } from './types.ts';

export type { SeedData, SeedOptions } from './types.ts';

export const SEED_LIMITS = { orgs: 100, vehicles: 100_000, days: 3_650 } as const;

/** Refuses options that would make no sense or no end; the messages are for people. */
export function checkSeedOptions(options: SeedOptions): void {
  const whole = (name: keyof typeof SEED_LIMITS, value: number, min: number) => {
    if (!Number.isInteger(value) || value < min || value > SEED_LIMITS[name]) {
      throw new RangeError(`${name} must be a whole number from ${min} to ${SEED_LIMITS[name]}, got ${value}`);
    }
  };
  whole('orgs', options.orgs, 1);
  whole('vehicles', options.vehicles, 1);
  whole('days', options.days, 1);
  if (!(options.today instanceof Date) || Number.isNaN(options.today.getTime())) throw new RangeError('today must be a valid date');
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) throw new RangeError(`seed must be a whole number, got ${options.seed}`);
  if (options.firstOrg !== undefined && (!Number.isInteger(options.firstOrg) || options.firstOrg < 1)) {
    throw new RangeError(`firstOrg must be a whole number of at least 1, got ${options.firstOrg}`);
  }
}

/**
 * Demo and benchmark data: a pure function of its options. The same options give the same rows,
 * ids, values and dates; nothing is read from the clock or the environment. Row counts grow
 * linearly with organizations × vehicles × days.
 */
export function generateSeed(options: SeedOptions): SeedData {
  checkSeedOptions(options);
  const root = createRng(options.seed ?? 1);
  const tables = emptyTables();
  const organizations: SeedData['organizations'] = [];
  const first = options.firstOrg ?? 1;
  for (let number = first; number < first + options.orgs; number++) {
    const ctx = createOrgContext(root, number, options.days, options.today, tables, options.answers ?? true, options.timeZone);
    generateOrganization(ctx, options.vehicles);
    organizations.push({ orgId: ctx.orgId, number, name: ctx.name, slug: ctx.slug });
  }
  sortByTime(tables);
  return { password: DEMO_PASSWORD, organizations, tables, blobs: Object.values(PLACEHOLDERS) };
}

const SHOWCASE_WAIVERS: RecordsShowcase['waiver'][] = [
  { type: 'fatal', status: 'open' },
  { type: 'warning', status: 'fixed' },
  { type: 'fatal', status: 'closed' },
];

function generateOrganization(ctx: OrgContext, vehicleCount: number): void {
  seedOrganization(ctx);
  const types = chooseVehicleTypes(ctx);
  seedVehicleTypes(ctx, types);
  const workflows = seedWorkflows(ctx);
  const plans = planFleet(ctx, types, workflows, vehicleCount);
  seedMels(
    ctx,
    plans.map((p) => ({ sectionId: p.sectionId, vehicleType: p.type.name, inCommission: p.decommissionDay === null })),
  );
  // On the last day one vehicle breaks down, the first vehicles in commission complete each kind of
  // visit and some get a note, so that the last day's Fleet Updates show every kind of event; the
  // first ones also get a waiver of each type and status and a document. These are vehicles in
  // service for a while: the few newly in service (planFleet) have never been through maintenance.
  const active = plans.filter((p) => p.decommissionDay === null && p.inServiceDay === null);
  const breaksDown = active.find((p) => p.finalStatus !== 'valid');
  const lastDay = new Map<VehiclePlan, LastDayVisits>();
  active.slice(0, 3).forEach((p, i) => lastDay.set(p, [{ mx: true }, { lti: true }, { pmi: true }][i]!));
  const showcase = new Map<VehiclePlan, RecordsShowcase>();
  active.slice(0, SHOWCASE_WAIVERS.length).forEach((p, i) => showcase.set(p, { waiver: SHOWCASE_WAIVERS[i], document: i === 0, noteOnLastDay: i === 0 }));
  // A vehicle that stays FMC ends the history with a page 3 item fixed on the spot, so the AF1800 of
  // that month shows a checked page 3 item (docs/af1800-form-data.md).
  const page3Showcase = active.find((p) => p !== breaksDown && p.finalStatus === 'valid' && !onTdy(p, ctx.days - 1) && p.workflow.rules.some(isPage3Item));
  const cycles = new CodeCycles();
  for (const plan of plans) {
    seedManagement(ctx, plan, workflows);
    seedTdys(ctx, plan);
    const history = simulateHistory(ctx, plan, cycles, plan === breaksDown, plan === page3Showcase);
    seedVehicle(ctx, plan, history);
    seedMaintenance(ctx, plan, lastDay.get(plan) ?? {});
    const records = showcase.get(plan) ?? {};
    const note = records.noteOnLastDay || (plan.decommissionDay === null && ctx.rng.fork(`note-${plan.index}`).chance(0.1));
    seedRecords(ctx, plan, history, { ...records, noteOnLastDay: note });
  }
}

/**
 * History tables in time order, as they would have been written, so that the feed and the
 * revision order follow time (each table keeps the order of its own rows otherwise).
 */
function sortByTime(tables: SeedData['tables']): void {
  const byCreated = (a: { createdAt?: Date | undefined }, b: { createdAt?: Date | undefined }) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0);
  const timed: SeedTableName[] = ['inspections', 'inspectionPictures', 'discrepancies', 'discrepancyPictures', 'notes', 'liveEvents'];
  for (const name of timed) (tables[name] as { createdAt?: Date | undefined }[]).sort(byCreated);
}
