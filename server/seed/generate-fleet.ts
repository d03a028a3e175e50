import type { VehicleStatus } from '../../core/schema/vehicle.ts';
import { isValidRegNumber, regNumberKey } from '../../core/schema/registration.ts';
import { TDY_DESCRIPTIONS, type VehicleTypeSpec } from './catalog.ts';
import { at, audit, dayStart, isoDay, later, person, type OrgContext } from './context.ts';
import type { WorkflowPlan, Workflows } from './generate-workflows.ts';
import type { Rng } from './random.ts';

export interface TdyPlan {
  startDay: number;
  /** Inclusive. */
  endDay: number;
  completed: boolean;
}

/** Everything about a vehicle that its history needs; the vehicle row is written after the history. */
export interface VehiclePlan {
  index: number;
  id: string;
  regNumber: string;
  type: VehicleTypeSpec;
  year: number;
  make: string;
  model: string;
  wrm: boolean;
  eolDate: string | null;
  sectionId: string;
  workflow: WorkflowPlan;
  created: Date;
  managementValidFrom: Date;
  /** Day index of decommissioning (negative: before the history), or null while in commission. */
  decommissionDay: number | null;
  decommissionDate: Date | null;
  /**
   * The first day in service of a vehicle newly in service (the day after `created`; before day 0 when
   * the history is short), or null for a vehicle in service since before the history. Such a vehicle has been inspected
   * since, but never through maintenance: no visit or repair completed, only its first visits scheduled.
   */
  inServiceDay: number | null;
  /** The status the history ends in. */
  finalStatus: VehicleStatus;
  tdys: TdyPlan[];
  /** Odometer at the start of the history. */
  miles: number;
  hours: number;
}

const share = (n: number, fraction: number, min: number) => Math.max(min, Math.round(n * fraction));

/** Vehicles newly in service per organization: 3 from 24 vehicles up, fewer in a smaller fleet. */
export const newInServiceCount = (count: number) => Math.min(3, Math.floor(count / 8));

/** How long ago, in days, a vehicle newly in service was put in service: three to six weeks. */
const NEW_IN_SERVICE_DAYS = [21, 42] as const;

/**
 * Vehicles of one organization with their roles spread deterministically: at least one vehicle in
 * every status, one of each type in commission, one decommissioned, one WRM and one on TDY once the fleet is big enough for them, and
 * a few vehicles newly in service (`newInServiceCount`).
 */
export function planFleet(ctx: OrgContext, types: readonly VehicleTypeSpec[], workflows: Workflows, count: number): VehiclePlan[] {
  const rng = ctx.rng.fork('fleet');
  const order = rng.shuffle(Array.from({ length: count }, (_, i) => i));
  // The first vehicle of each type (index < types.length) stays in commission, so every workflow of
  // the demo has recent inspections: its result types show in the inspection detail.
  const retirable = count > types.length ? order.filter((i) => i >= types.length) : order;
  const decommissioned = new Set(count >= 2 ? retirable.slice(0, share(count, 0.05, 1)) : []);
  const inCommission = order.filter((i) => !decommissioned.has(i));
  const onTdy = new Set(inCommission.length >= 6 ? inCommission.slice(0, share(count, 0.08, 1)) : []);
  const statusPool = inCommission.filter((i) => !onTdy.has(i));
  const finalStatus = new Map<number, VehicleStatus>();
  if (statusPool.length >= 4) {
    const deck: VehicleStatus[] = [
      ...Array<VehicleStatus>(share(count, 0.12, 1)).fill('warning'),
      ...Array<VehicleStatus>(share(count, 0.1, 1)).fill('invalid'),
      ...Array<VehicleStatus>(share(count, 0.12, 1)).fill('inMx'),
    ];
    statusPool.slice(0, deck.length).forEach((i, k) => finalStatus.set(i, deck[k]!));
  }
  const wrm = new Set(rng.shuffle(order).slice(0, count >= 3 ? share(count, 0.15, 1) : 0));
  const fresh = chooseNewInService(statusPool, finalStatus, wrm, newInServiceCount(count));
  const usedRegs = new Set<string>();
  const sectionWeights = ctx.sections.map((s, i) => [s.id, i === 0 ? 1.5 : 1] as const);
  const todayYear = ctx.today.getUTCFullYear();

  return Array.from({ length: count }, (_, index) => {
    const v = rng.fork(`vehicle-${index}`);
    const type = index < types.length ? types[index]! : v.weighted(types.map((t) => [t, t.weight] as const));
    const [make, model] = v.pick(type.makes);
    const drawnYear = v.int(todayYear - 15, todayYear - 1);
    const drawnCreated = at(ctx, -v.int(100, 1500), v.float(8, 16));
    const decommissionDay = decommissioned.has(index) ? v.int(Math.min(-60, ctx.days - 2), ctx.days - 2) : null;
    const id = v.id();
    // A vehicle newly in service takes the values that make it new from a fork of its own, beside the
    // vehicle's usual draws, so that the rest of the fleet stays as it is.
    const renew = fresh.has(index) ? v.fork('new-in-service') : null;
    const year = renew ? todayYear - renew.int(0, 1) : drawnYear;
    const inServiceDay = renew ? ctx.days - renew.int(...NEW_IN_SERVICE_DAYS) : null;
    // Registered the day before its first day in service, on which it is inspected.
    const created = renew && inServiceDay !== null ? at(ctx, inServiceDay - 1, renew.float(8, 16)) : drawnCreated;
    const regNumber = registration(v, type, year, usedRegs);
    const eol = eolDate(ctx, v, year);
    const sectionId = v.weighted(sectionWeights);
    const decommissionDate = decommissionDay === null ? null : at(ctx, decommissionDay, v.float(9, 15));
    const tdys = planTdys(ctx, v, onTdy.has(index), decommissionDay);
    const miles = type.milesPerDay > 0 ? v.int(2_000, 90_000) : 0;
    const hours = v.int(300, 9_000);
    return {
      index,
      id,
      regNumber,
      type,
      year,
      make,
      model,
      wrm: wrm.has(index),
      eolDate: renew ? serviceLifeEnd(renew, year) : eol,
      sectionId,
      workflow: workflows.byKey[type.workflow],
      created,
      managementValidFrom: created,
      inServiceDay,
      decommissionDay,
      decommissionDate,
      finalStatus: finalStatus.get(index) ?? 'valid',
      // Only a TDY still to come: one in the past would interrupt its few weeks of inspections.
      tdys: renew ? tdys.filter((t) => t.startDay >= ctx.days) : tdys,
      miles: renew ? (miles > 0 ? renew.int(15, 400) : 0) : miles,
      hours: renew ? renew.int(2, 40) : hours,
    };
  });
}

/**
 * The vehicles newly in service: in commission, off TDY and not WRM (they are inspected most days, so
 * every month's form has them), most ending FMC and one in warning with its discrepancy still open
 * when the fleet has one to spare. `pool` is in random order with the final statuses dealt from its
 * start, so its end holds the vehicles that stay valid.
 */
function chooseNewInService(pool: readonly number[], finalStatus: Map<number, VehicleStatus>, wrm: Set<number>, count: number): Set<number> {
  const candidates = pool.filter((i) => !wrm.has(i));
  const warning = candidates.filter((i) => finalStatus.get(i) === 'warning');
  const valid = candidates.filter((i) => !finalStatus.has(i));
  // Keep at least one vehicle in warning that has been through maintenance.
  const warnings = count >= 3 && warning.length >= 2 ? warning.slice(0, 1) : [];
  return new Set([...warnings, ...valid.slice(Math.max(0, valid.length - (count - warnings.length)))].slice(0, count));
}

/** USAF form ('23L0451': model year, type letter, serial) or equipment form ('B-2041'). */
function registration(rng: Rng, type: VehicleTypeSpec, year: number, used: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const serial = rng.digits(attempt < 50 ? 4 : 6);
    const reg = type.regPrefix ? `${type.regPrefix}-${serial}` : `${String(year % 100).padStart(2, '0')}${type.regLetter}${serial}`;
    if (!isValidRegNumber(reg)) throw new Error(`generated an invalid registration number ${reg}`);
    if (used.has(regNumberKey(reg))) continue;
    used.add(regNumberKey(reg));
    return reg;
  }
}

/** 12 to 15 years after the model year: a new vehicle has its whole service life ahead of it. */
function serviceLifeEnd(rng: Rng, year: number): string {
  return `${year + rng.int(12, 15)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

/** Mostly 12 to 15 years after the model year; some close to it now, a few unknown. */
function eolDate(ctx: OrgContext, rng: Rng, year: number): string | null {
  if (rng.chance(0.08)) return null;
  if (rng.chance(0.08)) return isoDay(dayStart(ctx, ctx.days + rng.int(5, 100)));
  return serviceLifeEnd(rng, year);
}

/** A current TDY for the chosen vehicles; some others had one in the history or have one coming. */
function planTdys(ctx: OrgContext, rng: Rng, current: boolean, decommissionDay: number | null): TdyPlan[] {
  if (decommissionDay !== null) return [];
  const { days } = ctx;
  const tdys: TdyPlan[] = [];
  if (days >= 10 && rng.chance(0.12)) {
    const startDay = rng.int(0, days - 8);
    tdys.push({ startDay, endDay: startDay + rng.int(2, 6), completed: true });
  }
  if (current) tdys.push({ startDay: Math.max(0, days - rng.int(2, 15)), endDay: days + rng.int(3, 30), completed: false });
  else if (rng.chance(0.06)) {
    const startDay = days + rng.int(2, 30);
    tdys.push({ startDay, endDay: startDay + rng.int(3, 14), completed: false });
  }
  return tdys;
}

export function onTdy(plan: VehiclePlan, day: number): boolean {
  return plan.tdys.some((t) => day >= t.startDay && day <= t.endDay);
}

/**
 * The management history: some vehicles moved section, and sedans moved off the retired workflow;
 * the newest row is the vehicle's current one. A vehicle newly in service has only its first row.
 */
export function seedManagement(ctx: OrgContext, plan: VehiclePlan, workflows: Workflows): void {
  const rng = ctx.rng.fork(`management-${plan.index}`);
  const row = (validFrom: Date, sectionId: string, workflowId: string) =>
    ctx.tables.vehicleManagement.push({
      id: rng.id(),
      orgId: ctx.orgId,
      vehicleId: plan.id,
      sectionId,
      workflowId,
      vehicleType: plan.type.name,
      wrm: plan.wrm,
      eolDate: plan.eolDate,
      eticDate: null,
      validFrom,
      createdAt: validFrom,
      updatedAt: validFrom,
    });
  const retiredSedan = plan.type.name === 'Sedan' && rng.chance(0.5);
  const moved = ctx.sections.length > 1 && rng.chance(0.2);
  if ((retiredSedan || moved) && plan.inServiceDay === null) {
    const oldSection = moved ? rng.pick(ctx.sections.filter((s) => s.id !== plan.sectionId)).id : plan.sectionId;
    row(plan.created, oldSection, retiredSedan ? workflows.retired.id : plan.workflow.id);
    // Vehicles are made 100 or more days before the history starts and decommissioned at most 60 days before.
    const lastDay = Math.min(ctx.days - 1, plan.decommissionDay ?? ctx.days - 1);
    const changed = at(ctx, rng.int(-90, lastDay), rng.float(8, 16));
    plan.managementValidFrom = changed;
    row(changed, plan.sectionId, plan.workflow.id);
  } else {
    row(plan.created, plan.sectionId, plan.workflow.id);
  }
}

export function seedTdys(ctx: OrgContext, plan: VehiclePlan): void {
  const rng = ctx.rng.fork(`tdys-${plan.index}`);
  const dispatcher = person(ctx, 'dispatcher');
  for (const tdy of plan.tdys) {
    const created = later(at(ctx, Math.min(ctx.days - 1, tdy.startDay - rng.int(3, 20)), rng.float(8, 16)), plan.created);
    const modified = tdy.completed ? at(ctx, tdy.endDay, rng.float(12, 17)) : created;
    ctx.tables.tdys.push({
      id: rng.id(),
      orgId: ctx.orgId,
      vehicleId: plan.id,
      regNumber: plan.regNumber,
      startDate: isoDay(dayStart(ctx, tdy.startDay)),
      endDate: isoDay(dayStart(ctx, tdy.endDay)),
      description: rng.pick(TDY_DESCRIPTIONS),
      completed: tdy.completed,
      ...audit(dispatcher),
      createdAt: created,
      updatedAt: modified,
    });
  }
}
