import { HOURS_RULE_ID, MILES_RULE_ID, type RuleDefinition } from '../schema/rule.ts';
import type { InspectionResponse, ResultValue } from '../schema/inspection.ts';
import { FUEL_RULE_ID } from './af1800-items.ts';

/*
 * How the inspection app asks and judges one rule (issue 49; docs/inspection-app.md "Answering").
 * Part 2 §3 gives the rule's fields but not how an answer passes, nor what its comment and picture
 * settings mean; the choices here are written there with their reasons.
 */

export type AskedRule = Pick<
  RuleDefinition,
  'ruleId' | 'title' | 'description' | 'ruleType' | 'fields' | 'lookup' | 'fixable' | 'comment' | 'picture' | 'requireAnnotationOnFailure' | 'area'
>;

/** One answer as the runner keeps it. */
export interface Answer {
  isPassing: boolean | null;
  value: number | null;
  comment: string;
  isFixed: boolean;
  /** The sha256 of each photo, in the upload queue. */
  pictures: string[];
  /** When the answer (pass/fail or number) was last given. */
  answeredAt: string | null;
}

export const EMPTY_ANSWER: Answer = { isPassing: null, value: null, comment: '', isFixed: false, pictures: [], answeredAt: null };

/** The odometers are asked at the start, with their own checks, not among the rules. */
export const isReadingRule = (ruleId: string) => ruleId === MILES_RULE_ID || ruleId === HOURS_RULE_ID;

/** How a rule is answered: pass/fail, or a number (the fuel gauge is a number of quarter tanks). */
export type AnswerKind = 'passFail' | 'number' | 'fuel';

export function answerKindOf(rule: Pick<AskedRule, 'ruleId' | 'ruleType'>): AnswerKind {
  if (rule.ruleId === FUEL_RULE_ID) return 'fuel';
  return rule.ruleType === 'passFail' ? 'passFail' : 'number';
}

/** The target a lookup (Target) or counter rule states, if any. */
export function targetOf(rule: Pick<AskedRule, 'ruleType' | 'fields' | 'lookup'>): number | null {
  if (rule.ruleType === 'lookup') return rule.lookup?.target ?? rule.fields.target ?? null;
  if (rule.ruleType === 'counter') return rule.fields.target ?? null;
  return null;
}

/**
 * Whether a number passes, where the rule decides it: a threshold (Range) rule passes at its
 * threshold or above (the fuel gauge passes at a quarter tank). Null: the inspector says pass or
 * fail (a counter or target reading, whose target is shown beside it).
 */
export function numberVerdict(rule: Pick<AskedRule, 'ruleType' | 'fields'>, value: number): boolean | null {
  if (rule.ruleType !== 'threshold') return null;
  const threshold = rule.fields.threshold;
  return threshold === null || threshold === undefined ? true : value >= threshold;
}

/** The problem with a number read for this rule (outside absMin..absMax), or null. */
export function numberProblem(rule: Pick<AskedRule, 'fields'>, value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return 'Enter the number read';
  const { absMin, absMax } = rule.fields;
  const units = rule.fields.units ? ` ${rule.fields.units}` : '';
  if (absMin !== null && absMin !== undefined && value < absMin) return `The lowest possible reading is ${absMin}${units}`;
  if (absMax !== null && absMax !== undefined && value > absMax) return `The highest possible reading is ${absMax}${units}`;
  return null;
}

/** What a rule's comment or picture setting asks: 'required' always, on 'failure' only, 'none', or optional. */
export type Need = 'required' | 'failure' | 'optional' | 'none';

export function needOf(setting: string | null): Need {
  const s = (setting ?? '').toLowerCase().replace(/[\s_-]/g, '');
  if (s === 'required' || s === 'always' || s === 'must') return 'required';
  if (s === 'onfailure' || s === 'failure' || s === 'fail' || s === 'onfail') return 'failure';
  if (s === 'none' || s === 'never' || s === 'no' || s === 'off') return 'none';
  return 'optional';
}

const needed = (need: Need, failed: boolean) => need === 'required' || (need === 'failure' && failed);

/** A failure open to 'Fixed on the spot': the rule and its fields allow it; never the fuel gauge. */
export const isFixable = (rule: Pick<AskedRule, 'ruleId' | 'fixable' | 'fields'>) => rule.ruleId !== FUEL_RULE_ID && rule.fixable && rule.fields.fixable !== false;

/** What keeps an answer from being complete, as the inspector should read it; empty when complete. */
export function answerProblems(rule: AskedRule, answer: Answer): string[] {
  const problems: string[] = [];
  const kind = answerKindOf(rule);
  if (kind !== 'passFail') {
    const problem = numberProblem(rule, answer.value);
    if (problem) problems.push(problem);
  }
  if (answer.isPassing === null) {
    if (kind === 'passFail' || problems.length === 0) problems.push('Choose Pass or Fail');
    return problems;
  }
  const failed = !answer.isPassing;
  const commentNeed = needOf(rule.comment);
  const annotationNeeded = needed(commentNeed, failed) || (failed && rule.requireAnnotationOnFailure);
  if (annotationNeeded && answer.comment.trim() === '') problems.push(failed ? 'Describe the failure in a comment' : 'This rule asks for a comment');
  if (needed(needOf(rule.picture), failed) && answer.pictures.length === 0) problems.push(failed ? 'Take a photo of the failure' : 'This rule asks for a photo');
  return problems;
}

/** The response a complete answer is sent as. */
export function responseOf(rule: Pick<AskedRule, 'ruleId' | 'ruleType'>, answer: Answer, resultId: string): InspectionResponse {
  const type = rule.ruleType === 'lookup' ? 'target' : rule.ruleType;
  const value: ResultValue = rule.ruleType === 'passFail' ? answer.isPassing === true : answer.value;
  const comment = answer.comment.trim();
  return {
    resultId,
    ruleId: rule.ruleId,
    type,
    result: { isPassing: answer.isPassing === true, value },
    ...(comment ? { comment } : {}),
    ...(answer.isFixed && answer.isPassing === false ? { isFixed: true } : {}),
    ...(answer.pictures.length > 0 ? { pictures: answer.pictures } : {}),
    ...(answer.answeredAt ? { answeredAt: answer.answeredAt } : {}),
  };
}
