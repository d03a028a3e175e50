import type { RuleDefinition } from '../../core/schema/rule.ts';
import type { VehicleStatus } from '../../core/schema/vehicle.ts';
import { addMinutes, at, person, type OrgContext } from './context.ts';
import { writeDiscrepancy, type CodeCycles } from './generate-discrepancy.ts';
import { liveEvent } from './generate-events.ts';
import type { VehiclePlan } from './generate-fleet.ts';
import type { VehicleHistory } from './vehicle-history.ts';
import { isCritical, type InspectionRecord } from './generate-inspection.ts';
import type { Rng } from './random.ts';

/** The state of one vehicle's history while it is simulated (generate-history.ts). */
export interface Simulation {
  ctx: OrgContext;
  rng: Rng;
  plan: VehiclePlan;
  cycles: CodeCycles;
  history: VehicleHistory;
  finalDay: number | null;
  /** No new repair starts until after this day. */
  busyUntil: number;
  /** No inspection until after this day. */
  groundedUntil: number;
}

/** A status change made by one of the staff. */
function setStatus(sim: Simulation, status: VehicleStatus, validFrom: Date, eticDate: Date | null): void {
  const { ctx, rng } = sim;
  const userId = rng.pick([person(ctx, 'sectionlead'), person(ctx, 'jrsuper'), person(ctx, 'dispatcher')]).id;
  sim.history.statuses.push({ status, validFrom, eticDate, userId });
  liveEvent(ctx, rng.id(), sim.plan, 'status', validFrom, userId, { status });
}

/** The failure that leaves the vehicle in its final status, still open at the end. */
export function breakDown(sim: Simulation, inspection: InspectionRecord, day: number, rules: RuleDefinition[], reported: Date): void {
  const { ctx, rng, plan } = sim;
  const status = plan.finalStatus === 'valid' ? 'warning' : plan.finalStatus;
  const flagged = addMinutes(inspection.completion, rng.int(15, 45));
  const etic = at(ctx, day + rng.int(1, 14), 16);
  let workDate: Date | null = null;
  if (status === 'inMx') {
    setStatus(sim, 'invalid', flagged, etic);
    workDate = addMinutes(flagged, rng.int(60, 180));
    setStatus(sim, 'inMx', workDate, etic);
  } else {
    setStatus(sim, status, flagged, etic);
  }
  for (const rule of rules) {
    const code = sim.cycles.next(status);
    const validFrom = workDate ?? flagged;
    writeDiscrepancy(ctx, rng, plan, inspection, {
      rule,
      code,
      reportDate: reported,
      workOrder: code !== 'W' && code !== 'D',
      workDate,
      estCompletionDate: etic,
      validFrom,
      numFixed: 0,
      // A breakdown on the last day always shows a picture of its first failure, so every demo
      // organization has a recent inspection with one (the inspection detail's picture viewer).
      picture: rng.chance(0.35) || (day === ctx.days - 1 && rule === rules[0]),
    });
    sim.history.open.push({ rule, code, time: validFrom });
  }
  if (status === 'warning') sim.busyUntil = Infinity;
  else sim.groundedUntil = Infinity;
}

/** A failure repaired by `endDay`: grounded and in the shop when critical, in warning otherwise. */
export function repair(sim: Simulation, inspection: InspectionRecord, day: number, rule: RuleDefinition, endDay: number, reported: Date): void {
  const { ctx, rng, plan } = sim;
  const flagged = addMinutes(inspection.completion, rng.int(15, 45));
  const etic = at(ctx, endDay, 16);
  const repaired = at(ctx, endDay, rng.float(10, 15.5));
  let workDate = at(ctx, endDay, 8);
  if (isCritical(rule)) {
    setStatus(sim, 'invalid', flagged, etic);
    workDate = at(ctx, day + 1, rng.float(7.5, 9));
    setStatus(sim, 'inMx', workDate, etic);
    sim.groundedUntil = endDay;
  } else {
    setStatus(sim, 'warning', flagged, etic);
  }
  setStatus(sim, 'valid', repaired, null);
  sim.busyUntil = endDay;
  writeDiscrepancy(ctx, rng, plan, inspection, {
    rule,
    code: sim.cycles.next('completed'),
    reportDate: reported,
    workOrder: true,
    workDate,
    estCompletionDate: etic,
    actualCompletionDate: repaired,
    validFrom: repaired,
    numFixed: 1,
    picture: rng.chance(0.35),
  });
}
