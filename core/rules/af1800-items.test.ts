import { describe, expect, it } from 'vitest';
import { ruleDefinitionSchema, ruleInputSchema } from '../schema/rule.ts';
import {
  AF1800_ITEMS,
  AF1800_TEMPLATE_PREFIX,
  af1800TemplateRules,
  af1800TemplateWorkflows,
  FUEL_RULE_ID,
  fuelLevelFromValue,
  isAf1800TemplateTitle,
  odometerQuestions,
} from './af1800-items.ts';

describe('AF1800 items', () => {
  it('numbers items 1 to 39 without gaps, 36 to 39 on page 3', () => {
    expect(AF1800_ITEMS.map((i) => i.itemNo)).toEqual(Array.from({ length: 39 }, (_, i) => i + 1));
    expect(AF1800_ITEMS.filter((i) => i.page3).map((i) => i.itemNo)).toEqual([36, 37, 38, 39]);
  });

  it('builds the three templates under the protected prefix', () => {
    const templates = af1800TemplateWorkflows();
    expect(AF1800_TEMPLATE_PREFIX).toBe('AF-1800 Full');
    expect(templates.map((t) => t.title)).toEqual(['AF-1800 Full (Hours)', 'AF-1800 Full (Miles)', 'AF-1800 Full (Miles & Hours)']);
    expect(templates.every((t) => isAf1800TemplateTitle(t.title))).toBe(true);
    expect(isAf1800TemplateTitle('Daily truck check')).toBe(false);
  });

  it.each([
    ['hours', { hours: true, miles: false }],
    ['miles', { hours: false, miles: true }],
    ['milesAndHours', { hours: true, miles: true }],
  ] as const)('the %s template asks for the right odometers', (variant, expected) => {
    expect(odometerQuestions(af1800TemplateRules(variant))).toEqual(expected);
  });

  it('gives rules that are valid rule definitions and valid editor input, with unique ids and titles', () => {
    const rules = af1800TemplateRules('milesAndHours');
    for (const rule of rules) {
      expect(ruleDefinitionSchema.safeParse(rule).error?.issues ?? []).toEqual([]);
      expect(ruleInputSchema.safeParse(rule).error?.issues ?? []).toEqual([]);
    }
    expect(new Set(rules.map((r) => r.ruleId)).size).toBe(rules.length);
    expect(new Set(rules.map((r) => r.title.toLowerCase())).size).toBe(rules.length);
  });

  it('reads the fuel level from the fuel rule', () => {
    expect(af1800TemplateRules('hours').find((r) => r.ruleId === FUEL_RULE_ID)?.ruleType).toBe('threshold');
    expect(fuelLevelFromValue(3)).toBe(0.75);
    expect(fuelLevelFromValue(9)).toBe(1);
    expect(fuelLevelFromValue('full')).toBeNull();
  });
});
