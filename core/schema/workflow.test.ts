import { describe, expect, it } from 'vitest';
import { af1800TemplateRules, FUEL_RULE_ID } from '../rules/af1800-items.ts';
import { builtInRuleFault, builtInRuleMessage, fuelThresholdMessage, isBuiltInRule } from '../rules/protected-rules.ts';
import { ruleInputSchema } from './rule.ts';
import { createWorkflowBodySchema, NO_RULE_KEPT_MESSAGE, WORKFLOW_TITLE_INVALID_MESSAGE, workflowTitleKey, workflowTitleSchema } from './workflow.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];
const rule = (over: Record<string, unknown> = {}) => ({ title: 'Horn', frequency: 'daily', ruleType: 'passFail', ...over });

describe('the workflow title (part 2 §5)', () => {
  it('takes 2 to 119 characters, starting with a word character, then letters, digits, space and . - , / % ( ) & \' " ; #', () => {
    for (const ok of ['AB', 'Daily walkaround', 'Forklift (A/B) - 50% & more, #2; \'x\' "y".', '9 ton', `A${'b'.repeat(118)}`]) {
      expect(workflowTitleSchema.safeParse(ok).success, ok).toBe(true);
    }
    expect(messages(workflowTitleSchema.safeParse('A'))).toEqual(['Titles are 2 to 119 characters']);
    expect(messages(workflowTitleSchema.safeParse(`A${'b'.repeat(119)}`))).toEqual(['Titles are 2 to 119 characters']);
    for (const bad of ['-Daily', ' (Daily)', 'Daily!', 'Daily: walk', 'Täglich', 'Daily_', 'A<b>']) {
      expect(messages(workflowTitleSchema.safeParse(bad)), bad).toContain(WORKFLOW_TITLE_INVALID_MESSAGE);
    }
  });

  it('is trimmed, and compared trimmed and case-insensitively', () => {
    expect(workflowTitleSchema.parse('  Daily  ')).toBe('Daily');
    expect(workflowTitleKey(' DAILY Walkaround ')).toBe(workflowTitleKey('daily walkaround'));
  });
});

describe('rule validity (part 2 §5)', () => {
  it('needs a title and a frequency, a description of at most 300 characters', () => {
    expect(messages(ruleInputSchema.safeParse(rule({ title: '  ' })))).toEqual(['Title is required']);
    expect(messages(ruleInputSchema.safeParse(rule({ frequency: undefined })))).toEqual(['Frequency is required']);
    expect(ruleInputSchema.safeParse(rule({ description: 'x'.repeat(300) })).success).toBe(true);
    expect(messages(ruleInputSchema.safeParse(rule({ description: 'x'.repeat(301) })))).toEqual(['Descriptions are at most 300 characters']);
  });

  it('keeps a threshold within absMin and absMax, a counter target in 1..max, a lookup target finite and above 0', () => {
    const threshold = (fields: Record<string, number>) => ruleInputSchema.safeParse(rule({ ruleType: 'threshold', fields }));
    expect(threshold({ threshold: 2, absMin: 2, absMax: 10 }).success).toBe(true);
    expect(messages(threshold({ threshold: 11, absMin: 2, absMax: 10 }))).toEqual(['The threshold must lie within the minimum and maximum']);
    expect(messages(threshold({ threshold: 1, absMin: 2 }))).toEqual(['The threshold must lie within the minimum and maximum']);
    const counter = (target: number) => ruleInputSchema.safeParse(rule({ ruleType: 'counter', fields: { target, absMax: 4 } }));
    expect(counter(4).success).toBe(true);
    expect(messages(counter(5))).toEqual(["A counter's target is between 1 and 4"]);
    expect(messages(counter(0))).toEqual(["A counter's target is between 1 and 4"]);
    const lookup = (target: number) => ruleInputSchema.safeParse(rule({ ruleType: 'lookup', lookup: { target } }));
    expect(lookup(0.5).success).toBe(true);
    expect(messages(lookup(0))).toEqual(['A target must be above 0']);
    expect(lookup(Infinity).success).toBe(false);
  });

  it('takes decimals of up to 2 places, never negative', () => {
    const fields = (threshold: number) => ruleInputSchema.safeParse(rule({ ruleType: 'threshold', fields: { threshold } }));
    expect(fields(2.25).success).toBe(true);
    expect(messages(fields(2.255))).toEqual(['Numbers have at most 2 decimal places']);
    expect(messages(fields(-1))).toEqual(['Numbers cannot be negative']);
  });

  it('needs one rule not removed, and titles unique among the rules kept', () => {
    const save = (rules: unknown[]) => createWorkflowBodySchema.safeParse({ title: 'Daily', rules });
    expect(messages(save([rule({ isRemoved: true })]))).toEqual([NO_RULE_KEPT_MESSAGE]);
    expect(messages(save([rule(), rule({ title: ' HORN ' })]))).toEqual(['Rule title "HORN" is used twice']);
    expect(save([rule(), rule({ isRemoved: true })]).success).toBe(true);
  });
});

describe('built-in rules (part 2 §4)', () => {
  const builtIn = af1800TemplateRules('milesAndHours');
  const item = builtIn.find((r) => r.ruleId === 'AF1800-1')!;
  const fuel = builtIn.find((r) => r.ruleId === FUEL_RULE_ID)!;

  it('are every rule of the AF-1800 Full templates, odometers included; a rule of the organization is not one', () => {
    expect(builtIn.every((r) => isBuiltInRule(r.ruleId))).toBe(true);
    expect(isBuiltInRule('C-abc')).toBe(false);
    expect(builtInRuleFault({ ...rule(), ruleId: 'C-abc', frequency: 'daily' })).toBeNull();
  });

  it('keep their title, description and frequency, and the fuel rule its threshold; anything else may change', () => {
    expect(builtInRuleFault(item)).toBeNull();
    expect(builtInRuleFault({ ...item, title: `${item.title} ` })).toBeNull();
    for (const changed of [{ title: 'Other' }, { description: 'Other' }, { frequency: 'weekly' as const }]) {
      expect(builtInRuleFault({ ...item, ...changed })).toEqual({ path: 'title', message: builtInRuleMessage(item.title) });
    }
    expect(builtInRuleFault({ ...fuel, fields: { ...fuel.fields, threshold: 2 } })).toEqual({
      path: 'fields.threshold',
      message: fuelThresholdMessage(fuel.fields.threshold),
    });
    expect(builtInRuleFault({ ...fuel, fields: { ...fuel.fields, units: 'eighths' } })).toBeNull();
  });
});
