/**
 * Result labels (part 2 §9): a numeric result above 0 is Valid, exactly 0 is Warning and below 0 is
 * Invalid. The three statuses are also the options of a status filter (part 2 §9: valid, invalid,
 * warning). A value that is not a finite number (NaN, ±Infinity: a reading that is missing, or a
 * division by nothing) is no result, and gets no label rather than a verdict it does not support.
 */
export const RESULT_STATUSES = ['valid', 'warning', 'invalid'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const RESULT_LABELS = { valid: 'Valid', warning: 'Warning', invalid: 'Invalid' } as const satisfies Record<ResultStatus, string>;
export type ResultLabel = (typeof RESULT_LABELS)[ResultStatus];

/** The status of a numeric result: valid above 0, warning at 0 (also -0), invalid below; null when not finite. */
export function resultStatus(value: number): ResultStatus | null {
  if (!Number.isFinite(value)) return null;
  if (value > 0) return 'valid';
  return value === 0 ? 'warning' : 'invalid';
}

/** The label of a numeric result: 'Valid', 'Warning' or 'Invalid'; null when not finite. */
export function resultLabel(value: number): ResultLabel | null {
  const status = resultStatus(value);
  return status === null ? null : RESULT_LABELS[status];
}
