import type { InspectionResult, ResultValue } from '../../../core/schema/inspection.ts';
import { RULE_TYPE_LABELS, type ResultType, type RuleType } from '../../../core/schema/rule.ts';
import { formatDateTime } from '../../shared/fleet-format.ts';

type DisplayedResult = Pick<InspectionResult, 'type' | 'result' | 'units' | 'overview'>;

/** What the Result column shows: a pass/fail icon, or text. */
export type ResultDisplay = { kind: 'passFail'; passing: boolean } | { kind: 'text'; text: string };

/** A result's kind of rule under the name the rule editor uses (lookup rules answer as targets). */
const RULE_TYPE_OF: Record<ResultType, RuleType> = { threshold: 'threshold', passFail: 'passFail', counter: 'counter', target: 'lookup' };
const RESULT_TYPE_OF: Record<RuleType, ResultType> = { threshold: 'threshold', passFail: 'passFail', counter: 'counter', lookup: 'target' };

/** The result's kind: its own type, else that of the rule it answered (older results may lack a type). */
export function resultKind(result: Pick<InspectionResult, 'type' | 'overview'>): ResultType | null {
  return result.type ?? (result.overview ? RESULT_TYPE_OF[result.overview.ruleType] : null);
}

/** The Type column: the check kinds as the workflow editor names them (Pass/Fail, Range, Counter, Target). */
export function resultTypeLabel(result: Pick<InspectionResult, 'type' | 'overview'>): string {
  const kind = resultKind(result);
  return kind ? RULE_TYPE_LABELS[RULE_TYPE_OF[kind]] : '';
}

/** A number with thousands separators and at most two decimals ('2,200', '12.5'); text as it is. */
export function valueText(value: ResultValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** Units that follow a number without a space ('55%'). */
const CLOSE_UNITS = /^[%°]/;

function withUnits(value: ResultValue, units: string | null): string {
  const text = valueText(value);
  if (!text || !units) return text;
  return CLOSE_UNITS.test(units) ? `${text}${units}` : `${text} ${units}`;
}

function unitsOf(result: DisplayedResult): string | null {
  if (result.units) return result.units;
  const units = result.overview?.fields.units;
  return typeof units === 'string' && units !== '' ? units : null;
}

/**
 * The Result column (part 1 §2 Inspection detail): a threshold rule shows its value over the rule's
 * absolute maximum ('3 / 4'), a pass/fail rule an icon, a target rule its value with its units
 * ('55%', '12 ft'), any other the value.
 */
export function resultDisplay(result: DisplayedResult): ResultDisplay {
  const { value } = result.result;
  switch (resultKind(result)) {
    case 'passFail':
      return { kind: 'passFail', passing: typeof value === 'boolean' ? value : result.result.isPassing };
    case 'threshold': {
      const absMax = result.overview?.fields.absMax;
      const text = valueText(value);
      return { kind: 'text', text: text && typeof absMax === 'number' ? `${text} / ${valueText(absMax)}` : text };
    }
    case 'target':
      return { kind: 'text', text: withUnits(value, unitsOf(result)) };
    default:
      return { kind: 'text', text: valueText(value) };
  }
}

/** What the Result column sorts, filters and searches by: its text, 'Pass' or 'Fail'. */
export function resultDisplayText(display: ResultDisplay): string {
  return display.kind === 'passFail' ? (display.passing ? 'Pass' : 'Fail') : display.text;
}

/**
 * Who added a result to the inspection afterwards, and when (an amendment: Required Mx's 'Amend
 * previous AF1800', docs/inspections.md): 'Amended 11/24/2026 14:02 by Casey Nguyen'; null for a
 * result of the inspection itself.
 */
export function amendmentText(result: Pick<InspectionResult, 'amendedAt' | 'amendedBy'>): string | null {
  if (!result.amendedAt) return null;
  return `Amended ${formatDateTime(result.amendedAt)}${result.amendedBy ? ` by ${result.amendedBy}` : ''}`;
}

/** The Comment column: the comment, after who amended the result when it was added afterwards. */
export function commentText(result: Pick<InspectionResult, 'comment' | 'amendedAt' | 'amendedBy'>): string {
  const amended = amendmentText(result);
  if (!amended) return result.comment ?? '';
  return result.comment ? `${amended}: ${result.comment}` : amended;
}
