/** Part 2 §9: a percentage is rounded to a whole number; of nothing there is none (null). */
export function wholePercent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 100);
}
