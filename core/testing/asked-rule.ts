import type { AskedRule } from '../rules/inspection-answer.ts';

/** A pass/fail rule as the inspection app asks it, with the defaults of a new rule (part 2 §3). */
export const askedRule = (over: Partial<AskedRule> = {}): AskedRule => ({
  ruleId: 'AF1800-5',
  title: 'Horn',
  description: null,
  ruleType: 'passFail',
  fields: {},
  lookup: null,
  fixable: true,
  comment: 'either',
  picture: 'either',
  requireAnnotationOnFailure: true,
  area: 'internal',
  ...over,
});
