import { describe, expect, it } from 'vitest';
import { FUEL_RULE_FIELDS, FUEL_RULE_ID } from './af1800-items.ts';
import { askedRule } from '../testing/asked-rule.ts';
import { answerKindOf, answerProblems, EMPTY_ANSWER, isFixable, needOf, numberProblem, numberVerdict, responseOf } from './inspection-answer.ts';

const rule = askedRule;
const tread = rule({ ruleId: 'tread', title: 'Tread depth', ruleType: 'threshold', fields: { threshold: 4, absMin: 0, absMax: 20, units: 'mm' } });

describe('answering a rule in the inspection app', () => {
  it('asks a number of threshold, counter and target rules, quarter tanks of the fuel gauge', () => {
    expect(answerKindOf(rule())).toBe('passFail');
    expect(answerKindOf(tread)).toBe('number');
    expect(answerKindOf(rule({ ruleType: 'lookup' }))).toBe('number');
    expect(answerKindOf(rule({ ruleId: FUEL_RULE_ID, ruleType: 'threshold', fields: FUEL_RULE_FIELDS }))).toBe('fuel');
  });

  it('lets the threshold decide a threshold rule, and the inspector the others', () => {
    expect(numberVerdict(tread, 4)).toBe(true);
    expect(numberVerdict(tread, 3.5)).toBe(false);
    expect(numberVerdict(rule({ ruleType: 'counter', fields: { target: 3 } }), 9)).toBeNull();
  });

  it('refuses a number outside absMin and absMax, naming the limit', () => {
    expect(numberProblem(tread, 21)).toBe('The highest possible reading is 20 mm');
    expect(numberProblem(tread, -1)).toBe('The lowest possible reading is 0 mm');
    expect(numberProblem(tread, null)).toBe('Enter the number read');
    expect(numberProblem(tread, 12)).toBeNull();
  });

  it('reads the comment and picture settings', () => {
    expect(needOf('either')).toBe('optional');
    expect(needOf(null)).toBe('optional');
    expect(needOf('required')).toBe('required');
    expect(needOf('on failure')).toBe('failure');
    expect(needOf('never')).toBe('none');
  });

  it('keeps a failure that requires an annotation from being left without a comment', () => {
    const failed = { ...EMPTY_ANSWER, isPassing: false };
    expect(answerProblems(rule(), failed)).toEqual(['Describe the failure in a comment']);
    expect(answerProblems(rule(), { ...failed, comment: 'Horn silent' })).toEqual([]);
    expect(answerProblems(rule({ requireAnnotationOnFailure: false }), failed)).toEqual([]);
    expect(answerProblems(rule(), EMPTY_ANSWER)).toEqual(['Choose Pass or Fail']);
  });

  it('asks for a photo where the rule requires one', () => {
    const r = rule({ picture: 'on failure', requireAnnotationOnFailure: false });
    expect(answerProblems(r, { ...EMPTY_ANSWER, isPassing: false })).toEqual(['Take a photo of the failure']);
    expect(answerProblems(r, { ...EMPTY_ANSWER, isPassing: false, pictures: ['a'.repeat(64)] })).toEqual([]);
    expect(answerProblems(r, { ...EMPTY_ANSWER, isPassing: true })).toEqual([]);
  });

  it('never offers the fuel gauge or an unfixable rule as fixed on the spot', () => {
    expect(isFixable(rule())).toBe(true);
    expect(isFixable(rule({ fixable: false }))).toBe(false);
    expect(isFixable(rule({ fields: { fixable: false } }))).toBe(false);
    expect(isFixable(rule({ ruleId: FUEL_RULE_ID }))).toBe(false);
  });

  it('sends an answer with its moment, photos, and fixed only on a failure', () => {
    const at = '2026-12-03T06:00:00.000Z';
    expect(responseOf(rule(), { isPassing: false, value: null, comment: ' Loose ', isFixed: true, pictures: ['p'], answeredAt: at }, 'r1')).toEqual({
      resultId: 'r1',
      ruleId: 'AF1800-5',
      type: 'passFail',
      result: { isPassing: false, value: false },
      comment: 'Loose',
      isFixed: true,
      pictures: ['p'],
      answeredAt: at,
    });
    expect(responseOf(rule({ ruleType: 'lookup' }), { ...EMPTY_ANSWER, isPassing: true, value: 35, isFixed: true }, 'r2')).toEqual({
      resultId: 'r2',
      ruleId: 'AF1800-5',
      type: 'target',
      result: { isPassing: true, value: 35 },
    });
  });
});
