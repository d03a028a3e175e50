import { z } from 'zod';

export const REG_NUMBER_MIN = 4;
export const REG_NUMBER_MAX = 15;
export const INVALID_REG_NUMBER_MESSAGE = 'Invalid registration number';
export const REG_NUMBER_EXISTS_ON_EDIT_MESSAGE = 'Registration number exists for this organization';
export const REG_NUMBER_DUPLICATED_MESSAGE = 'New Registration number duplicated';

/** Alphanumeric runs joined by single separators (underscore, space, hyphen): starts and ends alphanumeric. */
const REG_NUMBER_PATTERN = /^[A-Za-z0-9]+(?:[_ -][A-Za-z0-9]+)*$/;

/** Whether a (trimmed) registration number has the format of part 1 §5. */
export function isValidRegNumber(value: string): boolean {
  return value.length >= REG_NUMBER_MIN && value.length <= REG_NUMBER_MAX && REG_NUMBER_PATTERN.test(value);
}

/** A registration number as typed: trimmed, 4 to 15 characters, one message for every format error. */
export const regNumberSchema = z.string({ error: 'Registration number is required' }).trim().refine(isValidRegNumber, { message: INVALID_REG_NUMBER_MESSAGE });

/** Duplicate checks compare registration numbers trimmed and case-insensitively. */
export function regNumberKey(value: string): string {
  return value.trim().toLowerCase();
}

export function regNumberExistsMessage(regNumber: string, decommissioned = false): string {
  return decommissioned
    ? `Registration number ${regNumber} already exists for this organization on a decommissioned vehicle`
    : `Registration number ${regNumber} already exists for this organization`;
}
