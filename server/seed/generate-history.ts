import type { RuleDefinition } from '../../core/schema/rule.ts';
import { addMinutes, person, withinHistory, type OrgContext } from './context.ts';
import { writeDiscrepancy, type CodeCycles } from './generate-discrepancy.ts';
import { liveEvent } from './generate-events.ts';
import { onTdy, type VehiclePlan } from './generate-fleet.ts';
import { RuleSchedule, canFail, isCritical, isPage3Item, writeInspection, type Failure } from './generate-inspection.ts';
import { breakDown, repair, type Simulation } from './generate-repairs.ts';
import type { Rng } from './random.ts';
import type { VehicleHistory } from './vehicle-history.ts';

/** Chance per inspection that a failure sends the vehicle to a repair that ends within the history. */
const REPAIR_CHANCE = 0.015;
const FIXED_ON_THE_SPOT_CHANCE = 0.06;
const DISREGARDED_CHANCE = 0.015;

/** What goes wrong at one inspection. */
type Trouble =
  { kind: 'breakdown'; rules: RuleDefinition[] } | { kind: 'repair'; rule: RuleDefinition; endDay: number } | { kind: 'fixed' | 'disregard'; rule: RuleDefinition };

/**
 * The vehicle day by day: driven, inspected most days (WRM vehicles weekly; none on TDY, while
 * grounded or after decommissioning), some failures fixed on the spot or disregarded, a few that send
 * it to the shop and back, and, for a vehicle that ends in another status than valid, the failure of
 * the last days that put it there and is still open (on the very last day with `finalOnLastDay`).
 * With `page3OnLastDay` the vehicle is inspected on the last day and a page 3 item of the AF1800
 * (36 to 39) fails and is fixed on the spot, so that the month's form shows a checked page 3 item.
 * A vehicle newly in service (`plan.inServiceDay`) is inspected from the day it was put in service on,
 * and nothing it reports is repaired, fixed on the spot or disregarded: it has never been through
 * maintenance, and only its final failure, if it ends in warning, stays open.
 */
export function simulateHistory(ctx: OrgContext, plan: VehiclePlan, cycles: CodeCycles, finalOnLastDay = false, page3OnLastDay = false): VehicleHistory {
  const rng = ctx.rng.fork(`history-${plan.index}`);
  const schedule = new RuleSchedule(rng.fork('schedule'), plan.workflow.rules);
  const sim: Simulation = {
    ctx,
    rng,
    plan,
    cycles,
    history: {
      statuses: [{ status: 'valid', validFrom: plan.created, eticDate: null, userId: person(ctx, 'sectionlead').id }],
      lastInspection: null,
      odometer: { miles: plan.miles, hours: plan.hours },
      open: [],
    },
    finalDay: plan.finalStatus === 'valid' ? null : finalOnLastDay ? ctx.days - 1 : chooseFinalDay(ctx, rng, plan),
    busyUntil: -1,
    groundedUntil: -1,
  };
  const wrmWeekday = rng.int(0, 6);
  const firstDay = Math.max(0, plan.inServiceDay ?? 0);
  for (let day = firstDay; day < ctx.days; day++) {
    if (plan.decommissionDay !== null && day >= plan.decommissionDay) break;
    drive(rng, plan, sim.history.odometer);
    if (onTdy(plan, day) || day <= sim.groundedUntil) continue;
    const isFinal = day === sim.finalDay;
    const showsPage3 = page3OnLastDay && day === ctx.days - 1;
    // A vehicle is inspected on the day it is put in service.
    const putInService = day === plan.inServiceDay;
    if (!isFinal && !showsPage3 && !putInService && !(plan.wrm ? day % 7 === wrmWeekday : rng.chance(0.85))) continue;
    const rules = schedule.due(day);
    schedule.answered(rules, day);
    const page3Rule = showsPage3 && !isFinal ? rules.find(isPage3Item) : undefined;
    const trouble: Trouble | undefined = page3Rule ? { kind: 'fixed', rule: page3Rule } : chooseTrouble(sim, day, rules.filter(canFail), isFinal);
    const failures = new Map<string, Failure>();
    if (trouble?.kind === 'breakdown' || trouble?.kind === 'repair') {
      for (const r of trouble.kind === 'breakdown' ? trouble.rules : [trouble.rule]) failures.set(r.ruleId, 'open');
    } else if (trouble) failures.set(trouble.rule.ruleId, trouble.kind);

    const inspection = writeInspection(ctx, rng, plan, day, rules, sim.history.odometer, failures, isFinal);
    sim.history.lastInspection = inspection;
    const { completion } = inspection;
    liveEvent(ctx, rng.id(), plan, 'inspection', completion, inspection.inspector.id, { discrepancies: failures.size });
    const reported = withinHistory(ctx, addMinutes(completion, rng.int(5, 30)));
    if (trouble?.kind === 'breakdown') breakDown(sim, inspection, day, trouble.rules, reported);
    else if (trouble?.kind === 'repair') repair(sim, inspection, day, trouble.rule, trouble.endDay, reported);
    else if (trouble?.kind === 'fixed') {
      writeDiscrepancy(ctx, rng, plan, inspection, {
        rule: trouble.rule,
        code: cycles.next('fixed'),
        reportDate: completion,
        workOrder: false,
        actualCompletionDate: completion,
        validFrom: completion,
        numFixed: 1,
      });
    } else if (trouble?.kind === 'disregard') {
      const validFrom = withinHistory(ctx, addMinutes(completion, rng.int(60, 300)));
      writeDiscrepancy(ctx, rng, plan, inspection, {
        rule: trouble.rule,
        code: cycles.next('disregarded'),
        disregard: true,
        reportDate: reported,
        workOrder: false,
        validFrom,
        numFixed: 0,
      });
    }
  }
  return sim.history;
}

function chooseTrouble(sim: Simulation, day: number, failing: RuleDefinition[], isFinal: boolean): Trouble | undefined {
  const { ctx, rng, plan } = sim;
  // Only odometer and fuel rules may be due: then nothing can fail.
  if (failing.length === 0) return undefined;
  if (isFinal) {
    const rule = pickFailure(rng, failing, plan.finalStatus !== 'warning');
    const extra = rng.chance(0.3) ? failing.find((r) => r !== rule && !isCritical(r) && rng.chance(0.5)) : undefined;
    return { kind: 'breakdown', rules: extra ? [rule, extra] : [rule] };
  }
  if (plan.inServiceDay !== null) return undefined;
  if (day > sim.busyUntil && rng.chance(REPAIR_CHANCE)) {
    const rule = pickFailure(rng, failing, rng.chance(0.4));
    const endDay = day + (isCritical(rule) ? rng.int(2, 6) : rng.int(1, 8));
    return fits(ctx, plan, day, endDay, sim.finalDay) ? { kind: 'repair', rule, endDay } : undefined;
  }
  if (rng.chance(FIXED_ON_THE_SPOT_CHANCE)) {
    const fixable = failing.filter((r) => r.ruleType === 'passFail' && r.fixable && !isCritical(r));
    return fixable.length > 0 ? { kind: 'fixed', rule: rng.pick(fixable) } : undefined;
  }
  return rng.chance(DISREGARDED_CHANCE) ? { kind: 'disregard', rule: rng.pick(failing) } : undefined;
}

function drive(rng: Rng, plan: VehiclePlan, odometer: { miles: number; hours: number }): void {
  const use = plan.wrm ? 0.05 : rng.float(0.2, 1.8);
  odometer.miles += Math.round(plan.type.milesPerDay * use);
  odometer.hours += Math.round(plan.type.hoursPerDay * use);
}

/** A critical failure (brakes, steering, tires...) when asked for and the workflow has one. */
function pickFailure(rng: Rng, rules: readonly RuleDefinition[], critical: boolean): RuleDefinition {
  const matching = rules.filter((r) => isCritical(r) === critical);
  return rng.pick(matching.length > 0 ? matching : rules);
}

/** The day, among the last ten, of the failure that leaves the vehicle in its final status; never on TDY. */
function chooseFinalDay(ctx: OrgContext, rng: Rng, plan: VehiclePlan): number {
  const first = Math.max(0, ctx.days - 10);
  const free = Array.from({ length: ctx.days - first }, (_, i) => first + i).filter((d) => !onTdy(plan, d));
  return free.length > 0 ? rng.pick(free) : ctx.days - 1;
}

/** A repair fits when it ends before the final failure and the history's end, off TDY and in commission. */
function fits(ctx: OrgContext, plan: VehiclePlan, start: number, end: number, finalDay: number | null): boolean {
  if (end >= (finalDay ?? ctx.days)) return false;
  if (plan.decommissionDay !== null && end >= plan.decommissionDay) return false;
  for (let d = start; d <= end; d++) if (onTdy(plan, d)) return false;
  return true;
}
