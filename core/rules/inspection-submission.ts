import type { InspectionResponse, InspectionResult } from '../schema/inspection.ts';
import { af1800ItemOf, HOURS_RULE_ID, MILES_RULE_ID, RULE_TYPE_LABELS, type ResultType, type RuleDefinition } from '../schema/rule.ts';
import type { VehicleStatus } from '../schema/vehicle.ts';
import { INT_MAX } from '../schema/common.ts';
import { isAsked, type Asked } from './rule-due.ts';
import { CRITICAL_ITEMS, FUEL_RULE_ID, fuelLevelFromValue, odometerQuestions } from './af1800-items.ts';

/*
 * What an inspection client sends, judged against the rules of the workflow it was performed on
 * (part 1 §3 "Inspection submission", "Workflow for a vehicle"), and what follows from it: the
 * results as stored (each with the rule as it was), the inspection's tallies, and the failures that
 * become discrepancies. The server runs it on every submission and amendment; docs/inspections.md
 * gives the rules and their reasons.
 */

/** The rule a response answers, as the workflow has it. */
export type SubmissionRule = Pick<
  RuleDefinition,
  'ruleId' | 'title' | 'description' | 'ruleType' | 'fields' | 'lookup' | 'af1800Id' | 'isBoolean' | 'fixable' | 'frequency'
>;

export interface JudgeOptions {
  /**
   * The submission names the vehicle's workflow at its current version: every response must answer
   * one of its rules, and the odometers it asks are required. An inspection performed on a version
   * the office has since replaced is a fact all the same: its responses are kept, those of rules the
   * workflow no longer has with the rule id as title.
   */
  strict: boolean;
  /**
   * What a strict submission must answer: every rule due on the inspection's day (core/rules/rule-due.ts)
   * given the day the vehicle last answered each rule, the odometers aside (they may come as miles and
   * hours). An inspection answering 2 of 41 rules is not a passed inspection.
   */
  asked?: Asked;
  /** The id of the result at `position` when the response names none (derived, so a retry names the same). */
  resultIdOf: (position: number) => string;
  /** Positions start after the results already there (an amendment adds to an inspection). */
  firstPosition?: number;
  /** An amendment: responses are failed pass/fail AF1800 items, each reported as a discrepancy. */
  amendment?: { at: string; by: string };
}

/** A failed AF1800 item not fixed on the spot: a discrepancy to open. */
export interface Failure {
  resultId: string;
  itemNo: number;
  ruleId: string;
  text: string;
  /** The item grounds the vehicle (CRITICAL_ITEMS). */
  critical: boolean;
}

export interface PictureRef {
  resultId: string;
  ruleId: string;
  itemNo: number | null;
  /** A multipart part's file name, or the sha256 of a file uploaded before. */
  name: string;
}

export interface JudgedSubmission {
  results: InspectionResult[];
  passed: boolean;
  numFixes: number;
  numNotes: number;
  fuelLevel: number | null;
  miles: number | null;
  hours: number | null;
  failures: Failure[];
  pictures: PictureRef[];
}

export type Judgement = { ok: true; value: JudgedSubmission } | { ok: false; errors: string[] };

const RESULT_TYPE_OF: Record<RuleDefinition['ruleType'], ResultType> = { passFail: 'passFail', threshold: 'threshold', counter: 'counter', lookup: 'target' };

/** The rule a response answers: by rule id, else (an 'AF1800-{n}' id) the pass/fail rule reporting against item n. */
export function ruleOfResponse(rules: readonly SubmissionRule[], ruleId: string): SubmissionRule | undefined {
  const exact = rules.find((r) => r.ruleId === ruleId);
  if (exact) return exact;
  const item = af1800ItemOf({ ruleId, af1800Id: null });
  return item === null ? undefined : rules.find((r) => r.isBoolean && r.ruleType === 'passFail' && af1800ItemOf(r) === item);
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The checks of one response against its rule; each message names the rule. */
function responseErrors(response: InspectionResponse, rule: SubmissionRule): string[] {
  const errors: string[] = [];
  const id = response.ruleId;
  const expected = RESULT_TYPE_OF[rule.ruleType];
  const type = response.type === 'lookup' ? 'target' : response.type;
  if (type !== expected) errors.push(`${id}: a ${RULE_TYPE_LABELS[rule.ruleType]} rule is answered with type ${expected}, not ${response.type}`);
  const value = response.result.value;
  if (rule.ruleType === 'passFail') {
    if (value !== undefined && value !== null && typeof value !== 'boolean') errors.push(`${id}: a pass/fail answer is pass or fail, not ${JSON.stringify(value)}`);
  } else if (!isFiniteNumber(value)) {
    errors.push(`${id}: enter the number read`);
  } else {
    const { absMin, absMax } = rule.fields;
    if ((isFiniteNumber(absMin) && value < absMin) || (isFiniteNumber(absMax) && value > absMax)) {
      errors.push(`${id}: ${value} is outside ${absMin ?? '…'} to ${absMax ?? '…'}`);
    }
  }
  if (response.isFixed === true) {
    if (response.result.isPassing) errors.push(`${id}: a passing answer cannot be marked fixed`);
    else if (!rule.fixable || rule.fields.fixable === false) errors.push(`${id}: this rule cannot be fixed on the spot`);
  }
  return errors;
}

/** The text of the discrepancy a failure opens: the inspector's comment, else what failed. */
export function failureText(rule: Pick<SubmissionRule, 'title' | 'ruleType' | 'fields'>, value: unknown, comment: string | null | undefined): string {
  if (comment && comment.trim() !== '') return comment.trim();
  if (rule.ruleType === 'passFail') return `${rule.title}: failed inspection`;
  const units = rule.fields.units ? ` ${rule.fields.units}` : '';
  return `${rule.title}: ${String(value)}${units}, out of limits`;
}

const isOdometer = (ruleId: string) => ruleId === HOURS_RULE_ID || ruleId === MILES_RULE_ID;

/** A failure of these opens no discrepancy: the odometers are readings, the fuel gauge says "refuel". */
export const opensDiscrepancy = (ruleId: string) => !isOdometer(ruleId) && ruleId !== FUEL_RULE_ID;

function odometer(body: { miles?: number; hours?: number }, responses: readonly InspectionResponse[], ruleId: string, key: 'miles' | 'hours'): number | null {
  const sent = body[key];
  if (sent !== undefined) return sent;
  const answer = responses.find((r) => r.ruleId === ruleId)?.result.value;
  // A reading past what a vehicle's record can hold is no reading (the answer itself is kept).
  return isFiniteNumber(answer) && Number.isInteger(answer) && answer >= 1 && answer <= INT_MAX ? answer : null;
}

function unansweredRules(rules: readonly SubmissionRule[], answered: ReadonlySet<string>, asked: Asked): SubmissionRule[] {
  return rules.filter((r) => !isOdometer(r.ruleId) && !answered.has(r.ruleId) && isAsked(r, asked));
}

/** The 400 of a submission that leaves rules due unanswered, naming each. */
export function notAnsweredMessage(rules: readonly Pick<SubmissionRule, 'ruleId' | 'title'>[]): string {
  const names = rules.map((r) => `${r.title} (${r.ruleId})`).join(', ');
  return `An inspection answers every rule due; ${rules.length === 1 ? 'this one is' : `these ${rules.length} are`} not answered: ${names}`;
}

/**
 * Judges a submission's responses against the rules of its workflow. Answers every problem at once
 * (each message names its rule), or the results and what follows from them.
 */
export function judgeSubmission(
  rules: readonly SubmissionRule[],
  body: { responses: readonly InspectionResponse[]; miles?: number; hours?: number },
  options: JudgeOptions,
): Judgement {
  const errors: string[] = [];
  const seen = new Set<string>();
  const first = options.firstPosition ?? 0;
  const results: InspectionResult[] = [];
  const failures: Failure[] = [];
  const pictures: PictureRef[] = [];
  let fuelLevel: number | null = null;

  body.responses.forEach((response, index) => {
    const rule = ruleOfResponse(rules, response.ruleId);
    const key = rule?.ruleId ?? response.ruleId;
    if (seen.has(key)) errors.push(`${response.ruleId}: answered more than once`);
    seen.add(key);
    if (!rule) {
      if (options.strict || options.amendment) errors.push(`${response.ruleId}: not a rule of this vehicle's inspection workflow`);
    } else {
      errors.push(...responseErrors(response, rule));
      if (options.amendment && (rule.ruleType !== 'passFail' || !rule.isBoolean)) errors.push(`${response.ruleId}: only a pass/fail rule can be amended`);
    }
    if (options.amendment && response.result.isPassing) errors.push(`${response.ruleId}: an amendment reports a failure (isPassing false)`);

    const position = first + index;
    const resultId = response.resultId ?? options.resultIdOf(position);
    const value = response.result.value ?? null;
    const itemNo = rule ? af1800ItemOf(rule) : af1800ItemOf({ ruleId: response.ruleId, af1800Id: null });
    results.push({
      resultId,
      position,
      ruleId: response.ruleId,
      result: { isPassing: response.result.isPassing, value },
      isFixed: response.isFixed === true,
      comment: response.comment?.trim() || null,
      overview: rule ? { title: rule.title, description: rule.description, ruleType: rule.ruleType, fields: { ...rule.fields } } : null,
      type: rule ? RESULT_TYPE_OF[rule.ruleType] : response.type === 'lookup' ? 'target' : response.type,
      units: rule?.fields.units ?? null,
      ...(options.amendment ? { amendedAt: options.amendment.at, amendedBy: options.amendment.by } : {}),
      ...(response.answeredAt ? { answeredAt: response.answeredAt } : {}),
    });
    if (rule?.ruleId === FUEL_RULE_ID) fuelLevel = fuelLevelFromValue(value, rule.fields);
    if (!response.result.isPassing && response.isFixed !== true && itemNo !== null && opensDiscrepancy(response.ruleId)) {
      failures.push({
        resultId,
        itemNo,
        ruleId: response.ruleId,
        text: failureText(rule ?? { title: response.ruleId, ruleType: 'passFail', fields: {} }, value, response.comment),
        critical: CRITICAL_ITEMS.has(itemNo),
      });
    }
    for (const name of response.pictures ?? []) pictures.push({ resultId, ruleId: response.ruleId, itemNo, name });
  });

  const asks = odometerQuestions(rules);
  const miles = odometer(body, body.responses, MILES_RULE_ID, 'miles');
  const hours = odometer(body, body.responses, HOURS_RULE_ID, 'hours');
  if (options.strict && !options.amendment) {
    if (asks.miles && miles === null) errors.push(`Miles: this vehicle's workflow asks for miles (${MILES_RULE_ID})`);
    if (asks.hours && hours === null) errors.push(`Hours: this vehicle's workflow asks for hours (${HOURS_RULE_ID})`);
    const unanswered = options.asked ? unansweredRules(rules, seen, options.asked) : [];
    if (unanswered.length > 0) errors.push(notAnsweredMessage(unanswered));
  }
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    value: {
      results,
      passed: results.every((r) => r.result.isPassing || r.isFixed),
      numFixes: results.filter((r) => r.isFixed).length,
      numNotes: results.filter((r) => r.result.isPassing && r.comment !== null).length,
      fuelLevel,
      miles,
      hours,
      failures,
      pictures,
    },
  };
}

/**
 * The vehicle's status after an inspection's failures: a critical failure grounds it (invalid), any
 * other failure of a serviceable vehicle makes it a warning. An inspection never raises a status (a
 * person returns a vehicle to FMC, with the status dialog, once the work is done) and leaves a vehicle
 * in maintenance where it is. Null: no change.
 */
export function statusAfterInspection(current: VehicleStatus, failures: readonly Pick<Failure, 'critical'>[]): VehicleStatus | null {
  if (current === 'inMx' || failures.length === 0) return null;
  if (failures.some((f) => f.critical)) return current === 'invalid' ? null : 'invalid';
  return current === 'valid' ? 'warning' : null;
}
