import { CRITICAL_ITEMS, FUEL_RULE_ID, odometerQuestions } from '../../core/rules/af1800-items.ts';
import type { InspectionResult, ResultValue } from '../../core/schema/inspection.ts';
import { HOURS_RULE_ID, MILES_RULE_ID, af1800ItemOf, type Frequency, type ResultType, type RuleDefinition } from '../../core/schema/rule.ts';
import { AF1800_PAGE3_ITEMS } from '../../core/schema/af1800.ts';
import { DISCREPANCY_TEXT, PAGE3_REMARKS, RESULT_NOTES } from './catalog.ts';
import { at, person, type OrgContext, type SeedPerson } from './context.ts';
import type { VehiclePlan } from './generate-fleet.ts';
import { shiftStartHours } from './generate-org.ts';
import type { Rng } from './random.ts';

const PERIOD_DAYS: Record<Frequency, number> = { daily: 0, weekly: 7, monthly: 30, quarterly: 91, semiannual: 182, annual: 365 };

/** Which rules an inspection asks: daily ones always, the others once per period. */
export class RuleSchedule {
  private readonly last = new Map<string, number>();

  constructor(
    rng: Rng,
    private readonly rules: readonly RuleDefinition[],
  ) {
    // Spread the periodic rules: each was last answered somewhere in its period before the history.
    for (const r of rules) if (r.frequency !== 'daily') this.last.set(r.ruleId, -rng.int(1, PERIOD_DAYS[r.frequency]));
  }

  due(day: number): RuleDefinition[] {
    return this.rules.filter((r) => r.frequency === 'daily' || day - (this.last.get(r.ruleId) ?? -Infinity) >= PERIOD_DAYS[r.frequency]);
  }

  answered(rules: readonly RuleDefinition[], day: number): void {
    for (const r of rules) if (r.frequency !== 'daily') this.last.set(r.ruleId, day);
  }
}

const isOdometer = (r: RuleDefinition) => r.ruleId === HOURS_RULE_ID || r.ruleId === MILES_RULE_ID;

/** Rules whose failure is a discrepancy: everything but the odometer and the fuel gauge. */
export const canFail = (r: RuleDefinition) => !isOdometer(r) && r.ruleId !== FUEL_RULE_ID;
export const isCritical = (r: RuleDefinition) => r.ruleType === 'passFail' && CRITICAL_ITEMS.has(af1800ItemOf(r) ?? 0);
/** The AF1800 item a failure is reported against; rules of no item go to 39, "Other". */
export const itemOf = (r: RuleDefinition) => af1800ItemOf(r) ?? 39;

/** What the operator wrote about a failure; it becomes the discrepancy's text. */
export function failureText(rule: RuleDefinition, value: ResultValue): string {
  if (rule.ruleType !== 'passFail') return `${rule.title}: ${String(value)} ${rule.fields.units ?? ''}, out of limits`.replace(' ,', ',');
  const known = rule.newRuleType === 'MISSING_AF_1800' ? DISCREPANCY_TEXT[itemOf(rule)] : undefined;
  return known ?? `${rule.title}: damaged or inoperative`;
}

/** A template rule of the AF1800's page 3 items (36 to 39), which carry a check box and remarks. */
export const isPage3Item = (r: RuleDefinition) => r.newRuleType === 'MISSING_AF_1800' && (AF1800_PAGE3_ITEMS as readonly number[]).includes(af1800ItemOf(r) ?? 0);

/** Half of the remarks go to the page 3 items when they are asked: those items exist to carry remarks. */
function pickNoteRule(rng: Rng, notable: readonly RuleDefinition[]): RuleDefinition {
  const page3 = notable.filter(isPage3Item);
  return page3.length > 0 && rng.chance(0.5) ? rng.pick(page3) : rng.pick(notable);
}

function remark(rng: Rng, rule: RuleDefinition): string {
  return rng.pick(isPage3Item(rule) ? (PAGE3_REMARKS[itemOf(rule)] ?? RESULT_NOTES) : RESULT_NOTES);
}

export type Failure = 'open' | 'fixed' | 'disregard';

export interface InspectionRecord {
  id: string;
  /** Who performed it (SHIFT_INSPECTORS). */
  inspector: SeedPerson;
  start: Date;
  completion: Date;
  miles: number | null;
  hours: number | null;
  fuelLevel: number | null;
  resultIds: Map<string, string>;
  values: Map<string, ResultValue>;
}

const RESULT_TYPE: Record<RuleDefinition['ruleType'], ResultType> = { passFail: 'passFail', counter: 'counter', threshold: 'threshold', lookup: 'target' };

/** An answer that passes or fails the rule. */
function answer(rng: Rng, rule: RuleDefinition, passing: boolean, odometer: { miles: number; hours: number }): ResultValue {
  if (rule.ruleId === MILES_RULE_ID) return odometer.miles;
  if (rule.ruleId === HOURS_RULE_ID) return odometer.hours;
  if (rule.ruleId === FUEL_RULE_ID)
    return rng.weighted([
      [1, 1],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
  const { absMin, absMax, threshold, target } = rule.fields;
  switch (rule.ruleType) {
    case 'passFail':
      return passing;
    case 'threshold': {
      const limit = threshold ?? 0;
      return passing ? rng.int(Math.ceil(limit), absMax ?? limit * 2) : rng.int(absMin ?? 0, Math.max(absMin ?? 0, Math.ceil(limit) - 1));
    }
    case 'counter': {
      const goal = target ?? 1;
      return passing ? rng.int(goal, absMax ?? goal) : rng.int(absMin ?? 0, goal - 1);
    }
    case 'lookup': {
      const goal = rule.lookup?.target ?? 0;
      return passing ? goal : goal + rng.pick([-8, -5, -3, 3, 5, 8]);
    }
  }
}

/**
 * Who inspects on each shift: the inspector by day; the junior supervisor and the dispatcher on the
 * evening and night shifts (every role performs inspections, part 1 §1), so Insights has inspectors
 * to compare.
 */
const SHIFT_INSPECTORS = { 1: 'inspector', 2: 'jrsuper', 3: 'dispatcher' } as const;

/**
 * One inspection by the shift's inspector (SHIFT_INSPECTORS) with a result for every rule asked; failing rules
 * are those of `failures`, and one passing rule may carry a note. `dayShift` keeps it in shift 1, so
 * that what follows it the same day stays on that day.
 */
export function writeInspection(
  ctx: OrgContext,
  rng: Rng,
  plan: VehiclePlan,
  day: number,
  rules: readonly RuleDefinition[],
  odometer: { miles: number; hours: number },
  failures: ReadonlyMap<string, Failure>,
  dayShift = false,
): InspectionRecord {
  const shift = dayShift
    ? 1
    : rng.weighted([
        [1, 7],
        [2, 2],
        [3, 1],
      ] as const);
  const inspector = person(ctx, SHIFT_INSPECTORS[shift]);
  const start = at(ctx, day, shiftStartHours(ctx, shift) + rng.float(0.1, shift === 3 ? 1.4 : 3));
  const durationSeconds = rng.int(180, 1200);
  const completion = new Date(start.getTime() + durationSeconds * 1000);
  const submission = new Date(completion.getTime() + rng.int(2, 90) * 1000);
  const asks = odometerQuestions(plan.workflow.rules);
  const notable = rules.filter((r) => r.ruleType === 'passFail' && !failures.has(r.ruleId));
  const noteRule = notable.length > 0 && rng.chance(0.08) ? pickNoteRule(rng, notable) : undefined;
  const record: InspectionRecord = {
    id: rng.id(),
    inspector,
    start,
    completion,
    miles: asks.miles ? odometer.miles : null,
    hours: asks.hours ? odometer.hours : null,
    fuelLevel: null,
    resultIds: new Map(),
    values: new Map(),
  };
  let numNotes = 0;
  const results: InspectionResult[] = [];
  rules.forEach((rule, position) => {
    const failure = failures.get(rule.ruleId);
    const value = answer(rng, rule, failure === undefined, odometer);
    if (rule.ruleId === FUEL_RULE_ID && typeof value === 'number') record.fuelLevel = value / (rule.fields.absMax ?? 4);
    const comment = failure === 'fixed' ? 'Fixed on the spot by the operator' : failure ? failureText(rule, value) : rule === noteRule ? remark(rng, rule) : null;
    if (rule === noteRule) numNotes++;
    const id = rng.id();
    record.resultIds.set(rule.ruleId, id);
    record.values.set(rule.ruleId, value);
    if (ctx.answers)
      results.push({
        resultId: id,
        position,
        ruleId: rule.ruleId,
        result: { isPassing: failure === undefined, value },
        isFixed: failure === 'fixed',
        comment,
        overview: { title: rule.title, description: rule.description, ruleType: rule.ruleType, fields: { ...rule.fields } },
        type: RESULT_TYPE[rule.ruleType],
        units: rule.fields.units ?? null,
      });
  });
  const numFixes = [...failures.values()].filter((f) => f === 'fixed').length;
  ctx.tables.inspections.push({
    id: record.id,
    orgId: ctx.orgId,
    vehicleId: plan.id,
    regNumber: plan.regNumber,
    parentInspectionId: null,
    workflowId: plan.workflow.id,
    workflowVersion: plan.workflow.version,
    inspectionDate: start,
    completionDate: completion,
    submissionDate: submission,
    miles: record.miles,
    hours: record.hours,
    passed: [...failures.values()].every((f) => f === 'fixed'),
    numFixes,
    numNotes,
    inspectorId: inspector.id,
    inspectorName: inspector.name,
    shift,
    durationSeconds,
    fuelLevel: record.fuelLevel,
    results,
    createdAt: submission,
    updatedAt: submission,
  });
  return record;
}
