import { FREQUENCY_LABELS, RULE_TYPE_LABELS, type RuleDefinition } from '../../../core/schema/rule.ts';

const num = (n: number | null | undefined) => (n === null || n === undefined ? '–' : String(n));

/** One line of what a rule checks: its kind, frequency and limits, e.g. "Range 2 to 10, at least 4 psi · Weekly". */
export function ruleSummary(rule: RuleDefinition): string {
  const { fields } = rule;
  const units = fields.units ? ` ${fields.units}` : '';
  const kind = RULE_TYPE_LABELS[rule.ruleType];
  const limits =
    rule.ruleType === 'threshold'
      ? `${kind} ${num(fields.absMin)} to ${num(fields.absMax)}${units}, threshold ${num(fields.threshold)}`
      : rule.ruleType === 'counter'
        ? fields.target == null
          ? `${kind}${fields.units ? ` (${fields.units})` : ''}`
          : `${kind}: target ${num(fields.target)} of ${num(fields.absMax)}${units}`
        : rule.ruleType === 'lookup'
          ? `${kind} ${num(rule.lookup?.target)}${units}`
          : kind;
  return `${limits} · ${FREQUENCY_LABELS[rule.frequency] ?? 'No frequency'}`;
}
