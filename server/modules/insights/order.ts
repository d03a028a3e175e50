import { compareIso, compareNames } from '../../../core/rules/compare-names.ts';

/*
 * The order of every list the insights and the monthly report answer, so that an answer is the same
 * whatever the database's collation: names as the product sorts them (compareNames), then by code
 * points, so that two names the collator holds equal ('a', 'A') still come in one order.
 */

export const byName = (a: string, b: string): number => compareNames(a, b) || compareIso(a, b);

/** Most first, then by name. */
export const byCountThenName = (a: { count: number; name: string }, b: { count: number; name: string }): number => b.count - a.count || byName(a.name, b.name);

export { compareIso };
