import { describe, expect, it } from 'vitest';
import type { InspectionResponse } from '../schema/inspection.ts';
import { FUEL_RULE_FIELDS } from './af1800-items.ts';
import { judgeSubmission, ruleOfResponse, statusAfterInspection, type SubmissionRule } from './inspection-submission.ts';

const rule = (ruleId: string, extra: Partial<SubmissionRule> = {}): SubmissionRule => ({
  ruleId,
  title: ruleId,
  description: null,
  ruleType: 'passFail',
  fields: {},
  lookup: null,
  af1800Id: null,
  isBoolean: true,
  fixable: true,
  frequency: 'daily',
  ...extra,
});

const RULES = [
  rule('AF1800-M', { ruleType: 'counter', isBoolean: false }),
  rule('AF1800-15', { title: 'Fuel', ruleType: 'threshold', isBoolean: false, fields: FUEL_RULE_FIELDS, fixable: false }),
  rule('horn', { title: 'Horn', af1800Id: 17 }),
  rule('AF1800-5', { title: 'Brakes' }),
  rule('seat-cover', { title: 'Seat cover' }),
];
const options = { strict: true, resultIdOf: (position: number) => `r${position}` };

describe('judgeSubmission', () => {
  it('refuses a strict submission that leaves rules due unanswered, naming them; a rule not yet due may be left', () => {
    const rules = [...RULES, rule('spare', { title: 'Spare tire', frequency: 'weekly' }), rule('jack', { title: 'Jack', frequency: 'monthly' })];
    const responses: InspectionResponse[] = [{ ruleId: 'horn', type: 'passFail', result: { isPassing: true } }];
    const asked = {
      day: '2026-12-02',
      lastAnswered: new Map([
        ['spare', '2026-11-30'],
        ['jack', '2026-10-01'],
      ]),
    };
    const judged = judgeSubmission(rules, { miles: 10, responses }, { ...options, asked });
    expect(judged).toEqual({
      ok: false,
      errors: ['An inspection answers every rule due; these 4 are not answered: Fuel (AF1800-15), Brakes (AF1800-5), Seat cover (seat-cover), Jack (jack)'],
    });
    const all: InspectionResponse[] = [
      { ruleId: 'AF1800-15', type: 'threshold', result: { isPassing: true, value: 3 } },
      ...['AF1800-5', 'seat-cover', 'jack'].map((ruleId): InspectionResponse => ({ ruleId, type: 'passFail', result: { isPassing: true } })),
    ];
    expect(judgeSubmission(rules, { miles: 10, responses: [...responses, ...all] }, { ...options, asked }).ok).toBe(true);
    // Not held to every rule: an inspection on a version since replaced keeps what it answered.
    expect(judgeSubmission(rules, { miles: 10, responses }, { ...options, strict: false, asked }).ok).toBe(true);
  });

  it('tallies the results and lists the unfixed AF1800 failures as discrepancies, critical ones marked', () => {
    const judged = judgeSubmission(
      RULES,
      {
        miles: 10,
        responses: [
          { ruleId: 'AF1800-15', type: 'threshold', result: { isPassing: false, value: 0 } },
          { ruleId: 'horn', type: 'passFail', result: { isPassing: false, value: false }, comment: ' Horn dead ' },
          { ruleId: 'AF1800-5', type: 'passFail', result: { isPassing: false }, isFixed: true },
          { ruleId: 'seat-cover', type: 'passFail', result: { isPassing: false } },
        ],
      },
      options,
    );
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.value).toMatchObject({ passed: false, numFixes: 1, numNotes: 0, fuelLevel: 0, miles: 10, hours: null });
    // The fuel gauge opens no discrepancy; a custom rule of no AF1800 item neither.
    expect(judged.value.failures).toEqual([{ resultId: 'r1', itemNo: 17, ruleId: 'horn', text: 'Horn dead', critical: false }]);
  });

  it('answers every problem at once, each naming its rule', () => {
    const judged = judgeSubmission(
      RULES,
      {
        responses: [
          { ruleId: 'AF1800-15', type: 'passFail', result: { isPassing: true, value: 7 } },
          { ruleId: 'wipers', type: 'passFail', result: { isPassing: true } },
        ],
      },
      options,
    );
    expect(judged).toEqual({
      ok: false,
      errors: [
        'AF1800-15: a Range rule is answered with type threshold, not passFail',
        'AF1800-15: 7 is outside 0 to 4',
        "wipers: not a rule of this vehicle's inspection workflow",
        "Miles: this vehicle's workflow asks for miles (AF1800-M)",
      ],
    });
  });

  it('keeps a response to a rule the workflow no longer has when the submission is not strict', () => {
    const judged = judgeSubmission(RULES, { responses: [{ ruleId: 'wipers', type: 'passFail', result: { isPassing: true } }] }, { ...options, strict: false });
    expect(judged.ok && judged.value.results[0]).toMatchObject({ ruleId: 'wipers', overview: null, type: 'passFail' });
  });

  it("finds an amendment's 'AF1800-{n}' rule by its item and marks the result amended", () => {
    expect(ruleOfResponse(RULES, 'AF1800-17')?.ruleId).toBe('horn');
    const judged = judgeSubmission(
      RULES,
      { responses: [{ ruleId: 'AF1800-17', type: 'passFail', result: { isPassing: false }, comment: 'Found on dispatch' }] },
      { ...options, firstPosition: 9, amendment: { at: '2026-11-24T10:00:00.000Z', by: 'Sam Lead' } },
    );
    expect(judged.ok && judged.value.results[0]).toMatchObject({ position: 9, resultId: 'r9', amendedBy: 'Sam Lead', overview: { title: 'Horn' } });
    expect(judged.ok && judged.value.failures.map((f) => f.itemNo)).toEqual([17]);
  });
});

describe('statusAfterInspection', () => {
  it('grounds on a critical failure, warns on another, never raises and leaves maintenance alone', () => {
    expect(statusAfterInspection('valid', [{ critical: true }])).toBe('invalid');
    expect(statusAfterInspection('warning', [{ critical: true }])).toBe('invalid');
    expect(statusAfterInspection('valid', [{ critical: false }])).toBe('warning');
    expect(statusAfterInspection('invalid', [{ critical: false }])).toBeNull();
    expect(statusAfterInspection('invalid', [])).toBeNull();
    expect(statusAfterInspection('inMx', [{ critical: true }])).toBeNull();
  });
});
