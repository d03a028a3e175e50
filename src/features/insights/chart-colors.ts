import { compareNames } from '../../../core/rules/compare-names.ts';
import { useLiveQuery, useMirror } from '../../sync/react.tsx';

/** Colours of the Insights series: one per vehicle type, one per rule, in turn (distinct, readable on white). */
export const TYPE_COLORS = ['#1c7ed6', '#f76707', '#0ca678', '#ae3ec9', '#e03131', '#f59f00', '#1098ad', '#5c940d', '#d6336c', '#495057'];
/** The series of the rules failed less, summed: grey, behind the named ones. */
export const OTHER_RULES_COLOR = '#adb5bd';
export const RULE_COLORS = ['#e03131', '#f76707', '#f59f00', '#ae3ec9', '#1c7ed6', '#0ca678', '#1098ad', '#d6336c', '#5c940d', '#7048e8', '#495057', '#74b816'];

/**
 * Each vehicle type's one colour in every chart (issue 52): by its place among the organization's
 * types in name order, so a type keeps its colour whatever else a chart shows. A type the list does
 * not hold (one since deleted) takes the colour after the known ones.
 */
export function typeColors(known: readonly string[]): (type: string) => string {
  const order = [...new Set(known)].sort(compareNames);
  const index = new Map(order.map((type, i) => [type, i]));
  return (type) => TYPE_COLORS[(index.get(type) ?? order.length) % TYPE_COLORS.length]!;
}

/** typeColors over the organization's vehicle types, as the mirror holds them. */
export function useTypeColors(): (type: string) => string {
  const db = useMirror();
  const types = useLiveQuery(async () => (await db.feed('vehicleTypes').toArray()).map((t) => t.vehicleType), [db]);
  return typeColors(types ?? []);
}
