import type { RuleDefinition, RuleFields } from '../schema/rule.ts';
import { af1800TemplateRules, FUEL_RULE_ID } from './af1800-items.ts';

/*
 * The built-in rules (part 2 §4): the AF-1800 items and the two odometer rules, whose title,
 * description and frequency no workflow may change, and the fuel rule, whose threshold is fixed. Part 2
 * leaves the set of protected ids open; ours is every rule of the AF-1800 Full templates, since the
 * AF1800 form reports each of them by its item (docs/workflows.md).
 */

const BUILT_IN = new Map(af1800TemplateRules('milesAndHours').map((r) => [r.ruleId, r]));

export const isBuiltInRule = (ruleId: string | undefined): boolean => ruleId !== undefined && BUILT_IN.has(ruleId);

export const builtInRuleMessage = (title: string) => `"${title}" is a built-in rule: its title, description and frequency cannot change`;
export const fuelThresholdMessage = (threshold: number | null | undefined) => `The fuel rule's threshold is fixed at ${threshold ?? 'none'}`;

const text = (s: string | null | undefined) => (s ?? '').trim();

/** What is wrong with a rule a workflow keeps, as a built-in rule: null when nothing is. */
export function builtInRuleFault(
  rule: Pick<RuleDefinition, 'title' | 'frequency'> & { ruleId?: string; description?: string | null; fields?: RuleFields },
): { path: string; message: string } | null {
  const builtIn = rule.ruleId === undefined ? undefined : BUILT_IN.get(rule.ruleId);
  if (!builtIn) return null;
  if (text(rule.title) !== builtIn.title || text(rule.description) !== text(builtIn.description) || rule.frequency !== builtIn.frequency) {
    return { path: 'title', message: builtInRuleMessage(builtIn.title) };
  }
  if (builtIn.ruleId === FUEL_RULE_ID && (rule.fields?.threshold ?? null) !== (builtIn.fields.threshold ?? null)) {
    return { path: 'fields.threshold', message: fuelThresholdMessage(builtIn.fields.threshold) };
  }
  return null;
}
