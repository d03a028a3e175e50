import {
  INVALID_REG_NUMBER_MESSAGE,
  isValidRegNumber,
  REG_NUMBER_DUPLICATED_MESSAGE,
  REG_NUMBER_EXISTS_ON_EDIT_MESSAGE,
  REG_NUMBER_MAX,
  regNumberExistsMessage,
  regNumberKey,
} from '../schema/registration.ts';
import { INT_MAX } from '../schema/common.ts';
import { vehicleTypeNameSchema, type VehicleStatus } from '../schema/vehicle.ts';
import { changedFields } from './changed-fields.ts';

/**
 * The vehicle form rules (part 1 §5, part 2 §5): registration numbers, the section and workflow
 * pickers, mileage and hours, the description and the new-vehicle rows. One message per field, null
 * when valid; the wording is the spec's where it gives one, the server's schema's otherwise.
 */

export { REG_NUMBER_MAX };

/** A vehicle of the organization as the checks need it. */
export interface KnownVehicle {
  vehicleId: string;
  regNumber: string;
  decommissionDate: string | null;
}

export const REG_NUMBER_REQUIRED_MESSAGE = 'Registration number is required';

/** Typing is limited to 15 characters (part 1 §5): what an input keeps of what was typed or pasted. */
export function limitRegNumberInput(value: string): string {
  return value.slice(0, REG_NUMBER_MAX);
}

/** The format rule alone, measured trimmed as the value is sent. */
export function regNumberFormatError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return REG_NUMBER_REQUIRED_MESSAGE;
  return isValidRegNumber(trimmed) ? null : INVALID_REG_NUMBER_MESSAGE;
}

/** Editing a vehicle's registration: the format, then a clash with another vehicle (trimmed, case-insensitive). */
export function editRegNumberError(value: string, vehicleId: string, vehicles: readonly KnownVehicle[]): string | null {
  const format = regNumberFormatError(value);
  if (format) return format;
  const key = regNumberKey(value);
  return vehicles.some((v) => v.vehicleId !== vehicleId && regNumberKey(v.regNumber) === key) ? REG_NUMBER_EXISTS_ON_EDIT_MESSAGE : null;
}

/** Save only when changed: a different registration once trimmed (a change of case counts). */
export function regNumberChanged(value: string, current: string): boolean {
  return value.trim() !== current;
}

/**
 * The registrations of the Add Vehicle(s) rows: format, then two rows sharing one ('New Registration
 * number duplicated'), then a vehicle of the organization that has it, in commission or not.
 */
export function newRegNumberErrors(values: readonly string[], vehicles: readonly KnownVehicle[]): (string | null)[] {
  const counts = new Map<string, number>();
  for (const value of values) {
    if (value.trim() === '') continue;
    const key = regNumberKey(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const existing = new Map(vehicles.map((v) => [regNumberKey(v.regNumber), v] as const));
  return values.map((value) => {
    const format = regNumberFormatError(value);
    if (format) return format;
    const key = regNumberKey(value);
    if ((counts.get(key) ?? 0) > 1) return REG_NUMBER_DUPLICATED_MESSAGE;
    const other = existing.get(key);
    return other ? regNumberExistsMessage(value.trim(), other.decommissionDate !== null) : null;
  });
}

/** A vehicle type chosen or typed: an existing one (any case), or a new name. */
export interface ResolvedVehicleType {
  /** The name to send: an existing type's own spelling, or the new name trimmed. */
  vehicleType: string;
  isNew: boolean;
}

export const VEHICLE_TYPE_REQUIRED_MESSAGE = 'Vehicle type is required';

export function resolveVehicleType(value: string, existingTypes: readonly string[]): ResolvedVehicleType {
  const trimmed = value.trim();
  const key = trimmed.toLowerCase();
  const match = existingTypes.find((t) => t.trim().toLowerCase() === key);
  return match !== undefined ? { vehicleType: match, isNew: false } : { vehicleType: trimmed, isNew: true };
}

/**
 * Required; an existing type is always fine; a new one must be a valid name: letters, digits, space and
 * # & ( ) / ; - only, and shorter than the name limit (part 2 §5).
 */
export function vehicleTypeError(value: string, existingTypes: readonly string[]): string | null {
  if (value.trim() === '') return VEHICLE_TYPE_REQUIRED_MESSAGE;
  const resolved = resolveVehicleType(value, existingTypes);
  if (!resolved.isNew) return null;
  const parsed = vehicleTypeNameSchema.safeParse(resolved.vehicleType);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid vehicle type');
}

/** Section and workflow pickers on a vehicle: required and different from the current one (part 1 §5). */
export function pickerError<T>(label: 'Section' | 'Workflow', value: T | null, current: T | null): string | null {
  if (value === null) return `${label} is required`;
  return value === current ? `Choose a ${label.toLowerCase()} other than the current one` : null;
}

export const WHOLE_NUMBER_MESSAGE = 'Enter a whole number';
export const NOT_NEGATIVE_MESSAGE = 'Negative numbers are not allowed';
export const AT_LEAST_ONE_MESSAGE = 'Enter a number of at least 1';
export const SAME_READING_MESSAGE = 'Enter a value different from the current one';
export const READING_TOO_LARGE_MESSAGE = `Enter a number of at most ${INT_MAX.toLocaleString('en-US')}`;

/** Digits, optionally grouped by thousands separators ("12,500"). */
const READING_PATTERN = /^(?:\d+|\d{1,3}(?:,\d{3})+)$/;

/** A mileage or hours reading as typed, or null when it is not a whole number (separators allowed). */
export function parseReading(value: string): number | null {
  const trimmed = value.trim();
  if (!READING_PATTERN.test(trimmed)) return null;
  const n = Number(trimmed.replaceAll(',', ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** Mileage and hours: whole number, not negative, at least 1, different from the current reading (part 1 §5); at most what the server stores. */
export function readingError(value: string, current: number | null, label: 'Mileage' | 'Hours'): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return `${label} is required`;
  if (/^-\s*[\d,.]+$/.test(trimmed)) return NOT_NEGATIVE_MESSAGE;
  const n = parseReading(trimmed);
  if (n === null) return WHOLE_NUMBER_MESSAGE;
  if (n < 1) return AT_LEAST_ONE_MESSAGE;
  if (n > INT_MAX) return READING_TOO_LARGE_MESSAGE;
  return n === current ? SAME_READING_MESSAGE : null;
}

/** The description dialog: type, year, make, model, WRM and EOL date (part 1 §5). */
export interface DescriptionForm {
  vehicleType: string;
  /** As typed; empty means none. */
  year: string;
  make: string;
  model: string;
  wrm: boolean;
  /** yyyy-MM-dd, or null. */
  eolDate: string | null;
}

export type DescriptionErrors = Record<'vehicleType' | 'year' | 'make' | 'model', string | null>;

/** What the description dialog sends: make and model trimmed, empty as null; year a number or null. */
export interface DescriptionValues {
  vehicleType: string;
  year: number | null;
  make: string | null;
  model: string | null;
  wrm: boolean;
  eolDate: string | null;
}

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
const TEXT_MAX = 50;

export function yearError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'Year is a whole number';
  const n = Number(trimmed);
  if (n < YEAR_MIN) return `Year is after ${YEAR_MIN}`;
  return n > YEAR_MAX ? `Year is before ${YEAR_MAX}` : null;
}

function textError(label: string, value: string): string | null {
  return value.trim().length > TEXT_MAX ? `${label} is at most ${TEXT_MAX} characters` : null;
}

export function descriptionErrors(form: DescriptionForm, existingTypes: readonly string[]): DescriptionErrors {
  return {
    vehicleType: vehicleTypeError(form.vehicleType, existingTypes),
    year: yearError(form.year),
    make: textError('Make', form.make),
    model: textError('Model', form.model),
  };
}

export function descriptionValues(form: DescriptionForm, existingTypes: readonly string[]): DescriptionValues {
  const year = form.year.trim();
  return {
    vehicleType: resolveVehicleType(form.vehicleType, existingTypes).vehicleType,
    year: year === '' ? null : Number(year),
    make: form.make.trim() || null,
    model: form.model.trim() || null,
    wrm: form.wrm,
    eolDate: form.eolDate,
  };
}

/** The fields of the description that differ from the vehicle's: what the dialog sends, nothing when unchanged. */
export function changedDescription(values: DescriptionValues, current: DescriptionValues): Partial<DescriptionValues> {
  return changedFields(current, values);
}

/** The status dialog (part 1 §4). */
export interface StatusForm {
  status: VehicleStatus;
  /** ISO date-time or null; offered for every status but valid. */
  eticDate: string | null;
  /** Offered when valid is chosen, ticked by default: sends a null ETIC. */
  clearEtic: boolean;
}

export const CLEAR_ETIC_LABEL = 'Clear ETIC?';

/** What the status dialog sends: valid sends a null ETIC only with 'Clear ETIC?' ticked; other statuses send their ETIC. */
export function statusChanges(form: StatusForm): { status: VehicleStatus; eticDate?: string | null } {
  if (form.status === 'valid') return form.clearEtic ? { status: 'valid', eticDate: null } : { status: 'valid' };
  return { status: form.status, eticDate: form.eticDate };
}

/** The status dialog saves only a change of status or of ETIC. */
export function statusChanged(form: StatusForm, current: { status: VehicleStatus; eticDate: string | null }): boolean {
  const next = statusChanges(form);
  if (next.status !== current.status) return true;
  return next.eticDate !== undefined && !sameInstant(next.eticDate, current.eticDate);
}

function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Date.parse(a) === Date.parse(b);
}

/** One row of the Add Vehicle(s) dialog. */
export interface NewVehicleRow {
  vehicleType: string;
  sectionId: string | null;
  workflowId: number | null;
  regNumber: string;
  wrm: boolean;
}

export type NewVehicleErrors = Record<'vehicleType' | 'sectionId' | 'workflowId' | 'regNumber', string | null>;

/** Every rule of every row: type, section, workflow and registration required (part 2 §5 "New vehicle"). */
export function newVehicleErrors(rows: readonly NewVehicleRow[], existingTypes: readonly string[], vehicles: readonly KnownVehicle[]): NewVehicleErrors[] {
  const regErrors = newRegNumberErrors(
    rows.map((r) => r.regNumber),
    vehicles,
  );
  return rows.map((row, i) => ({
    vehicleType: vehicleTypeError(row.vehicleType, existingTypes),
    sectionId: row.sectionId === null ? 'Section is required' : null,
    workflowId: row.workflowId === null ? 'Workflow is required' : null,
    regNumber: regErrors[i] ?? null,
  }));
}

export function hasErrors(errors: Record<string, string | null> | readonly Record<string, string | null>[]): boolean {
  const list = Array.isArray(errors) ? errors : [errors];
  return list.some((e: Record<string, string | null>) => Object.values(e).some((message) => message !== null));
}
