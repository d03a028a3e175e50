import { nameKey } from '../../../core/rules/name-key.ts';
import type { Section, SectionMel } from '../../../core/schema/organization.ts';
import { displayName, type UserRow } from '../../../core/schema/user.ts';
import type { VehicleType } from '../../../core/schema/vehicle.ts';

/**
 * What the Organization Administration lists show (part 2 §2.3), grouped by section or by vehicle
 * type, from the mirror's sections, MELs, vehicle types and users.
 */

export interface SectionGroup {
  sectionId: string;
  sectionName: string;
  /** Active users of the section, by name: their count and the hover list. */
  activeUsers: string[];
  /** The section's MELs, by vehicle type. */
  mels: SectionMel[];
}

export interface TypeMel extends SectionMel {
  sectionName: string;
}

export interface TypeGroup {
  /** A key fit for an element id: the type's id, or its first MEL's while the type row is not here. */
  key: string;
  vehicleType: string;
  /** The type's MELs, by section name. */
  mels: TypeMel[];
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** Sections by name, each with its active users and its MELs. */
export function sectionGroups(
  sections: readonly Section[],
  mels: readonly SectionMel[],
  users: readonly Pick<UserRow, 'active' | 'sectionId' | 'fullName' | 'firstName' | 'lastName'>[],
): SectionGroup[] {
  return [...sections]
    .sort((a, b) => byName(a.sectionName, b.sectionName))
    .map((s) => ({
      sectionId: s.sectionId,
      sectionName: s.sectionName,
      activeUsers: users
        .filter((u) => u.active && u.sectionId === s.sectionId)
        .map(displayName)
        .sort(byName),
      mels: mels.filter((m) => m.sectionId === s.sectionId).sort((a, b) => byName(a.vehicleType, b.vehicleType)),
    }));
}

/**
 * Vehicle types by name, each with its MELs by section. A type appears once whatever its spelling in
 * a MEL; MELs of a section this device no longer holds are left out.
 */
export function typeGroups(types: readonly VehicleType[], mels: readonly SectionMel[], sections: readonly Section[]): TypeGroup[] {
  const names = new Map<string, { key: string; vehicleType: string }>();
  for (const t of types) names.set(nameKey(t.vehicleType), { key: t.vehicleTypeId, vehicleType: t.vehicleType });
  for (const m of mels) if (!names.has(nameKey(m.vehicleType))) names.set(nameKey(m.vehicleType), { key: m.melId, vehicleType: m.vehicleType });
  const sectionNames = new Map(sections.map((s) => [s.sectionId, s.sectionName]));
  return [...names.entries()]
    .map(([name, { key, vehicleType }]) => ({
      key,
      vehicleType,
      mels: mels
        .filter((m) => nameKey(m.vehicleType) === name && sectionNames.has(m.sectionId))
        .map((m) => ({ ...m, sectionName: sectionNames.get(m.sectionId)! }))
        .sort((a, b) => byName(a.sectionName, b.sectionName)),
    }))
    .sort((a, b) => byName(a.vehicleType, b.vehicleType));
}
