/**
 * Phone numbers of the organization's contact information (part 2 §5 "Phone numbers"): optional, US
 * style with an optional country code. Accepted: ten digits as area code, exchange and line, the area
 * code optionally in parentheses, groups separated by nothing, one space, '-' or '.', and before them
 * an optional country code of 1 to 3 digits, with or without '+' (`+1 (555) 123-4567`, `555.123.4567`,
 * `1-555-123-4567`, `5551234567`). Nothing else: letters, extensions, other groupings.
 */
const US_PHONE = /^(?:\+?\d{1,3}[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;

/** The longest phone number text kept (the longest accepted form is 21 characters). */
export const PHONE_MAX_LENGTH = 25;

export function isPhoneNumber(value: string): boolean {
  return value.length <= PHONE_MAX_LENGTH && US_PHONE.test(value.trim());
}

/** The two phone fields and their labels in the spec's messages. */
export const PHONE_LABELS = {
  primaryContactPhoneNumber: 'Primary Contact Phone Number',
  basePhoneNumber: 'Base Phone Number',
} as const;

/** 'Primary Contact Phone Number {x} invalid.' and 'Base Phone Number {x} invalid.' (part 2 §5). */
export function phoneInvalidMessage(field: keyof typeof PHONE_LABELS, value: string): string {
  return `${PHONE_LABELS[field]} ${value} invalid.`;
}
