import {
  MEL_EXISTS_FOR_SECTION,
  MEL_EXISTS_FOR_VEHICLE_TYPE,
  melValueSchema,
  NEW_SECTION_DUPLICATED,
  NEW_VEHICLE_TYPE_DUPLICATED,
  SECTION_EXISTS_MESSAGE,
  sectionNameSchema,
} from '../schema/organization-admin.ts';
import { leadTimeSchema } from '../schema/organization.ts';
import { VEHICLE_TYPE_EXISTS_MESSAGE, vehicleTypeNameSchema } from '../schema/vehicle.ts';
import { nameKey, nameTaken, repeatedNames } from './name-key.ts';
import { vehicleTypeError } from './vehicle-form.ts';

/**
 * The Organization Administration forms' checks (part 2 §5), the same schemas the server parses with,
 * plus the duplicate checks against what the device holds. The server checks duplicates again
 * against what it stores, with the same messages.
 */

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Invalid value');

/** New Section and rename: required, shorter than the limit, unique in the organization (`current`: the name being renamed). */
export function sectionNameError(value: string, names: readonly string[], current?: string): string | null {
  const invalid = firstIssue(sectionNameSchema.safeParse(value));
  if (invalid) return invalid;
  return nameTaken(value, names, current) ? SECTION_EXISTS_MESSAGE : null;
}

/** New Vehicle Type: a valid name no type of the organization has. */
export function newVehicleTypeError(value: string, types: readonly string[]): string | null {
  const invalid = firstIssue(vehicleTypeNameSchema.safeParse(value));
  if (invalid) return invalid;
  return nameTaken(value, types) ? VEHICLE_TYPE_EXISTS_MESSAGE : null;
}

/** A number typed in a form: a finite number, or null for empty or other text. */
function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** MEL: a whole number of at least 1 (part 2 §5). */
export function melError(text: string): string | null {
  if (text.trim() === '') return 'MEL is required';
  const value = typedNumber(text);
  if (value === null) return 'MEL must be a whole number';
  return firstIssue(melValueSchema.safeParse(value));
}

/** A lead time: whole days, 0 to 180 (part 2 §5, §9). */
export function leadTimeError(text: string): string | null {
  if (text.trim() === '') return 'Lead time is required';
  const value = typedNumber(text);
  if (value === null) return 'Lead times are whole days';
  return firstIssue(leadTimeSchema.safeParse(value));
}

/** A row of Add Vehicle Type MELs (to a section): a vehicle type, chosen or typed, and its MEL. */
export interface TypeMelRow {
  vehicleType: string;
  mel: string;
}

/**
 * Add Vehicle Type MELs: each type valid, not twice in the list ('New vehicle type duplicated') and
 * without a MEL in the section already ('Vehicle Type MEL(s) exists for section'); each MEL valid.
 */
export function typeMelRowErrors(rows: readonly TypeMelRow[], types: readonly string[], typesWithMel: readonly string[]) {
  const repeated = new Set(repeatedNames(rows.map((r) => r.vehicleType)));
  const withMel = new Set(typesWithMel.map(nameKey));
  return rows.map((row, i) => ({
    vehicleType:
      vehicleTypeError(row.vehicleType, types) ??
      (repeated.has(i) ? NEW_VEHICLE_TYPE_DUPLICATED : withMel.has(nameKey(row.vehicleType)) ? MEL_EXISTS_FOR_SECTION : null),
    mel: melError(row.mel),
  }));
}

/** A row of Add Section MELs (of a vehicle type): a section and its MEL. */
export interface SectionMelRow {
  sectionId: string | null;
  mel: string;
}

/**
 * Add Section MELs: each section chosen, not twice in the list and without a MEL of the type already
 * ('Section MEL(s) exists for this vehicle type'); each MEL valid.
 */
export function sectionMelRowErrors(rows: readonly SectionMelRow[], sectionsWithMel: readonly string[]) {
  const withMel = new Set(sectionsWithMel);
  const seen = new Set<string>();
  return rows.map((row) => ({
    sectionId:
      row.sectionId === null
        ? 'Section is required'
        : seen.has(row.sectionId) || !seen.add(row.sectionId)
          ? NEW_SECTION_DUPLICATED
          : withMel.has(row.sectionId)
            ? MEL_EXISTS_FOR_VEHICLE_TYPE
            : null,
    mel: melError(row.mel),
  }));
}
