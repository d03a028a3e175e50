import { MX_TYPES, VISIT_NOTES_FAILED } from './catalog.ts';
import { at, audit, later, person, type OrgContext } from './context.ts';
import { liveEvent } from './generate-events.ts';
import type { VehiclePlan } from './generate-fleet.ts';
import type { Rng } from './random.ts';

interface Visit {
  day: number;
  mxDate: Date;
  completed: boolean;
  completionDate: Date | null;
  created: Date;
}

/** Which kinds of visit a vehicle completes on the last day, so that Fleet Updates shows each kind. */
export interface LastDayVisits {
  mx?: boolean;
  lti?: boolean;
  pmi?: boolean;
}

/** A visit on `day`, scheduled some days before (never before the vehicle existed). */
function makeVisit(ctx: OrgContext, rng: Rng, plan: VehiclePlan, day: number, completed: boolean, completionDay: number): Visit {
  const mxDate = at(ctx, day, 8);
  return {
    day,
    mxDate,
    completed,
    completionDate: completed ? at(ctx, completionDay, rng.float(10, 17)) : null,
    created: later(at(ctx, Math.min(ctx.days - 1, day - rng.int(7, 30)), rng.float(8, 16)), plan.created),
  };
}

/**
 * Periodic visits: every `interval` days from a random phase; those in the history are done (one
 * now and then left overdue), the next one is scheduled. Decommissioned vehicles have none after;
 * a vehicle newly in service has them from the day it was put in service.
 */
function visits(ctx: OrgContext, rng: Rng, plan: VehiclePlan, interval: number, completeOnLastDay: boolean): Visit[] {
  const end = plan.decommissionDay ?? ctx.days;
  const out: Visit[] = [];
  const make = (day: number, completed: boolean, completionDay: number) => makeVisit(ctx, rng, plan, day, completed, completionDay);
  for (let day = Math.max(0, plan.inServiceDay ?? 0) + rng.int(0, interval - 1); day < end + interval; day += interval) {
    if (day >= end) {
      if (plan.decommissionDay === null) out.push(make(day, false, day));
      break;
    }
    const overdue = day >= ctx.days - 7 && rng.chance(0.25);
    out.push(make(day, !overdue, Math.min(ctx.days - 1, day + rng.int(0, 2))));
  }
  if (completeOnLastDay && plan.decommissionDay === null) out.push(make(ctx.days - 1, true, ctx.days - 1));
  return out;
}

/**
 * The first visit of a vehicle newly in service, which has never been through maintenance: due
 * `interval` days after it was put in service, and a few days from now at the earliest, so that it
 * is neither completed nor overdue.
 */
function firstVisit(ctx: OrgContext, rng: Rng, plan: VehiclePlan, interval: number): Visit[] {
  const day = Math.max((plan.inServiceDay ?? 0) + interval, ctx.days + rng.int(2, 12));
  return [makeVisit(ctx, rng, plan, day, false, day)];
}

export function seedMaintenance(ctx: OrgContext, plan: VehiclePlan, lastDay: LastDayVisits): void {
  const rng = ctx.rng.fork(`maintenance-${plan.index}`);
  const { orgId, tables } = ctx;
  const dispatcher = person(ctx, 'dispatcher');
  const mxLead = person(ctx, 'jrsuper');
  const base = (v: Visit) => ({
    orgId,
    vehicleId: plan.id,
    regNumber: plan.regNumber,
    mxDate: v.mxDate,
    completed: v.completed,
    completionDate: v.completionDate,
    ...audit(dispatcher, v.completed ? mxLead : dispatcher),
    createdAt: v.created,
    updatedAt: v.completionDate ?? v.created,
  });

  // Scheduled maintenance, LTIs and PMIs; washes are not maintenance, so a new vehicle has them too.
  const planned = (interval: number, onLastDay: boolean) =>
    plan.inServiceDay === null ? visits(ctx, rng, plan, interval, onLastDay) : firstVisit(ctx, rng, plan, interval);
  for (const v of planned(rng.int(30, 60), lastDay.mx ?? false)) {
    const mxType = rng.pick(MX_TYPES);
    tables.scheduledMx.push({ id: rng.id(), ...base(v), mxType });
    if (v.completionDate) liveEvent(ctx, rng.id(), plan, 'mx', v.completionDate, mxLead.id, { mxType });
  }
  for (const [kind, interval] of [
    ['lti', 90],
    ['pmi', 180],
  ] as const) {
    for (const v of planned(interval, lastDay[kind] ?? false)) {
      const passed = v.completed ? rng.chance(0.88) : null;
      const notes = passed === false ? rng.pick(VISIT_NOTES_FAILED) : passed ? rng.pick([null, 'No defects noted', 'Passed, tires at 60 percent']) : null;
      tables[kind === 'lti' ? 'ltis' : 'pmis'].push({ id: rng.id(), ...base(v), passed, notes });
      if (v.completionDate) liveEvent(ctx, rng.id(), plan, kind, v.completionDate, mxLead.id, { passed, notes });
    }
  }
  for (const v of visits(ctx, rng, plan, 14, false)) {
    const { mxDate, ...wash } = base(v);
    tables.washes.push({ id: rng.id(), ...wash, washDate: new Date(mxDate.getTime() + 3_600_000) });
  }
}
