/**
 * How names sort wherever the product lists them (registrations, sections, vehicle types): numbers by
 * value (E-9 before E-10), case and accents aside. One collator made once: `localeCompare` with options
 * makes one per call, which costs most of a sort of thousands of rows.
 */
export const compareNames: (a: string, b: string) => number = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;

/** Code-point order, for ISO dates and times (which sort as text); much cheaper than `localeCompare`. */
export const compareIso = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
