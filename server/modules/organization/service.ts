import { and, count, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import {
  MEL_EXISTS_FOR_SECTION,
  MEL_EXISTS_FOR_VEHICLE_TYPE,
  PRIMARY_CONTACT_NOT_VCO,
  SECTION_EXISTS_MESSAGE,
  type AddSectionMelsBody,
  type AddVehicleTypeMelsBody,
  type CreateSectionBody,
  type RenameSectionBody,
  type SectionMelUpdateBody,
  type ShiftTimesBody,
  type UpdateContactBody,
  type UpdateOrganizationBody,
  type UpdateMelBody,
} from '../../../core/schema/organization-admin.ts';
import type { Organization, Section, SectionMel } from '../../../core/schema/organization.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Tx } from '../../db/client.ts';
import { organizations, sectionMels, sections, users, vehicles } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { RouteWrite } from '../../http/route.ts';
import { nameKey } from '../../../core/rules/name-key.ts';
import { ensureVehicleType } from '../vehicle-types/service.ts';
import { forgetKeptFigures } from '../insights/kept-figures.ts';
import { organizationToApi, sectionMelToApi, sectionToApi } from './presenter.ts';
import { findMel, findOrganization, findSection, sectionNamed } from './queries.ts';

/**
 * The writes of organization administration (docs/organization-admin.md). Each is one write through
 * the route's bound `write`: one transaction at one revision, so the change reaches every device
 * through the pull and the stream's poke. Every refusal is thrown inside it, so nothing is written.
 */

async function setOrganization(tx: Tx, orgId: string, rev: number, now: Date, set: Partial<typeof organizations.$inferInsert>): Promise<Organization> {
  await findOrganization(tx, orgId, true);
  const [row] = await tx
    .update(organizations)
    .set({ ...set, rev, updatedAt: now })
    .where(eq(organizations.id, orgId))
    .returning();
  return organizationToApi(row!);
}

/** PATCH /data/v1/organizations/{orgId}: lead times and the time zone. */
export function updateOrganization(write: RouteWrite, p: Principal, body: UpdateOrganizationBody): Promise<Organization> {
  return write(async ({ tx, rev, now }) => {
    const before = await findOrganization(tx, p.orgId, true);
    if (body.timeZone !== undefined && body.timeZone !== before.timeZone) await forgetKeptFigures(tx, p.orgId);
    return setOrganization(tx, p.orgId, rev, now, body);
  });
}

/** PUT /data/v1/organizations/{orgId}/shifts: all seven days, shifts in order. */
export function replaceShiftTimes(write: RouteWrite, p: Principal, body: ShiftTimesBody): Promise<{ shifts: Organization['shiftTimes'] }> {
  const shiftTimes = body.shifts.map((d) => ({ day: d.day, shifts: [...d.shifts].sort((a, b) => a.shift - b.shift) }));
  return write(async ({ tx, rev, now }) => ({ shifts: (await setOrganization(tx, p.orgId, rev, now, { shiftTimes })).shiftTimes }));
}

/** PATCH /data/v2/organization: the contact fields sent; the primary contact is an active VCO of the organization. */
export function updateContact(write: RouteWrite, p: Principal, body: UpdateContactBody): Promise<Organization> {
  return write(async ({ tx, rev, now }) => {
    if (body.primaryContactUserId) {
      const [vco] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, p.orgId), eq(users.id, body.primaryContactUserId), isNull(users.deletedAt), eq(users.active, true), eq(users.role, 'vco')));
      if (!vco) throw badRequest(`primaryContactUserId: ${PRIMARY_CONTACT_NOT_VCO}`);
    }
    return setOrganization(tx, p.orgId, rev, now, body);
  });
}

/** POST /data/v2/organization/sections: a section under the id the device chose (409 when taken). */
export function createSection(write: RouteWrite, p: Principal, body: CreateSectionBody): Promise<Section> {
  return write(async ({ tx, rev, now }) => {
    if (await sectionNamed(tx, p.orgId, body.sectionName)) throw conflict(SECTION_EXISTS_MESSAGE);
    const [row] = await tx
      .insert(sections)
      .values({ id: body.sectionId ?? nanoid(), orgId: p.orgId, rev, name: body.sectionName, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A section with this id exists already');
    return sectionToApi(row);
  });
}

/** Renames a section of the organization: 409 when another section has the name. */
async function setSectionName(tx: Tx, orgId: string, rev: number, now: Date, sectionId: string, name: string) {
  if (await sectionNamed(tx, orgId, name, sectionId)) throw conflict(SECTION_EXISTS_MESSAGE);
  const [row] = await tx.update(sections).set({ name, rev, updatedAt: now }).where(eq(sections.id, sectionId)).returning();
  return row!;
}

/** PATCH /data/v2/organization/sections/{sectionId}: rename. */
export function renameSection(write: RouteWrite, p: Principal, sectionId: string, body: RenameSectionBody): Promise<Section> {
  return write(async ({ tx, rev, now }) => {
    await findSection(tx, p.orgId, sectionId);
    return sectionToApi(await setSectionName(tx, p.orgId, rev, now, sectionId, body.sectionName));
  });
}

export const sectionHasMelsMessage = (name: string) => `Section ${name} has MELs. Remove them before deleting the section.`;
export const sectionHasUsersMessage = (name: string) => `Section ${name} has active users. Move them to another section before deleting it.`;
export const sectionHasVehiclesMessage = (name: string) => `Section ${name} has vehicles. Move them to another section before deleting it.`;

/**
 * DELETE /data/v2/organization/sections/{sectionId}: only a section with no MEL and no active user
 * (part 2 §2.3), and, ours, no vehicle (a vehicle would be left in a section no device knows); 409 otherwise.
 */
export function deleteSection(write: RouteWrite, p: Principal, sectionId: string): Promise<void> {
  return write(async ({ tx, rev, now }) => {
    const section = await findSection(tx, p.orgId, sectionId);
    const live = <T extends typeof sectionMels | typeof users | typeof vehicles>(t: T) => and(eq(t.orgId, p.orgId), eq(t.sectionId, sectionId), isNull(t.deletedAt));
    const [mels] = await tx.select({ n: count() }).from(sectionMels).where(live(sectionMels));
    if (mels!.n > 0) throw conflict(sectionHasMelsMessage(section.name));
    const [people] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(live(users), eq(users.active, true)));
    if (people!.n > 0) throw conflict(sectionHasUsersMessage(section.name));
    const [fleet] = await tx.select({ n: count() }).from(vehicles).where(live(vehicles));
    if (fleet!.n > 0) throw conflict(sectionHasVehiclesMessage(section.name));
    await tx.update(sections).set({ deletedAt: now, rev, updatedAt: now }).where(eq(sections.id, sectionId));
  });
}

/** The stored MELs of the organization, for the duplicate checks. */
async function liveMels(tx: Tx, orgId: string) {
  return tx
    .select()
    .from(sectionMels)
    .where(and(eq(sectionMels.orgId, orgId), isNull(sectionMels.deletedAt)));
}

async function insertMel(tx: Tx, orgId: string, rev: number, now: Date, mel: { melId?: string | undefined; sectionId: string; vehicleType: string; mel: number }) {
  const [row] = await tx
    .insert(sectionMels)
    .values({ id: mel.melId ?? nanoid(), orgId, rev, sectionId: mel.sectionId, vehicleType: mel.vehicleType, mel: mel.mel, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('A MEL with this id exists already');
  return sectionMelToApi(row);
}

/**
 * POST /data/v2/organization/sections/{sectionId}/mels (Add Vehicle Type MELs): a MEL per vehicle type,
 * a type new to the organization created with it; 409 'Vehicle Type MEL(s) exists for section' when the
 * section has a MEL of one of the types.
 */
export function addSectionMels(write: RouteWrite, p: Principal, sectionId: string, body: AddSectionMelsBody): Promise<SectionMel[]> {
  return write(async ({ tx, rev, now }) => {
    await findSection(tx, p.orgId, sectionId);
    const have = new Set((await liveMels(tx, p.orgId)).filter((m) => m.sectionId === sectionId).map((m) => nameKey(m.vehicleType)));
    const created: SectionMel[] = [];
    for (const entry of body.mels) {
      const vehicleType = await ensureVehicleType(tx, p.orgId, rev, entry.vehicleType);
      if (have.has(nameKey(vehicleType))) throw conflict(MEL_EXISTS_FOR_SECTION);
      created.push(await insertMel(tx, p.orgId, rev, now, { melId: entry.melId, sectionId, vehicleType, mel: entry.mel }));
    }
    return created;
  });
}

/**
 * POST /data/v2/organization/mels (Add Section MELs of a vehicle type): a MEL per section; 409
 * 'Section MEL(s) exists for this vehicle type' when one of the sections has a MEL of the type.
 */
export function addVehicleTypeMels(write: RouteWrite, p: Principal, body: AddVehicleTypeMelsBody): Promise<SectionMel[]> {
  return write(async ({ tx, rev, now }) => {
    for (const entry of body.mels) await findSection(tx, p.orgId, entry.sectionId);
    const vehicleType = await ensureVehicleType(tx, p.orgId, rev, body.vehicleType);
    const have = new Set((await liveMels(tx, p.orgId)).filter((m) => nameKey(m.vehicleType) === nameKey(vehicleType)).map((m) => m.sectionId));
    const created: SectionMel[] = [];
    for (const entry of body.mels) {
      if (have.has(entry.sectionId)) throw conflict(MEL_EXISTS_FOR_VEHICLE_TYPE);
      created.push(await insertMel(tx, p.orgId, rev, now, { melId: entry.melId, sectionId: entry.sectionId, vehicleType, mel: entry.mel }));
    }
    return created;
  });
}

/** The section after a Section MEL update: its name and its MELs as they stand. */
export interface SectionMels {
  sectionId: string;
  sectionName: string;
  mel: SectionMel[];
}

/**
 * PATCH /data/v2/organization/sections/{sectionId}/mels (part 2 §7 "Section MEL update"): sets and
 * removes MELs of the section by vehicle type, and renames it when `sectionName` differs. Removing a
 * MEL the section does not have changes nothing, so a retried update lands the same.
 */
export function updateSectionMels(write: RouteWrite, p: Principal, sectionId: string, body: SectionMelUpdateBody): Promise<SectionMels> {
  return write(async ({ tx, rev, now }) => {
    if (body.sectionId !== undefined && body.sectionId !== sectionId) throw badRequest('sectionId: The section id differs from the path');
    const section = await findSection(tx, p.orgId, sectionId);
    let name = section.name;
    if (body.sectionName !== undefined && body.sectionName !== section.name) {
      name = (await setSectionName(tx, p.orgId, rev, now, sectionId, body.sectionName)).name;
    }
    const current = (await liveMels(tx, p.orgId)).filter((m) => m.sectionId === sectionId);
    const ofType = (type: string) => current.find((m) => nameKey(m.vehicleType) === nameKey(type));
    for (const entry of body.mel) {
      const existing = ofType(entry.vehicleType);
      if (entry.mel === undefined || entry.mel === null) {
        if (existing) await tx.update(sectionMels).set({ deletedAt: now, rev, updatedAt: now }).where(eq(sectionMels.id, existing.id));
      } else if (existing) {
        if (existing.mel !== entry.mel) await tx.update(sectionMels).set({ mel: entry.mel, rev, updatedAt: now }).where(eq(sectionMels.id, existing.id));
      } else {
        const vehicleType = await ensureVehicleType(tx, p.orgId, rev, entry.vehicleType);
        await insertMel(tx, p.orgId, rev, now, { melId: entry.melId, sectionId, vehicleType, mel: entry.mel });
      }
    }
    const after = await tx
      .select()
      .from(sectionMels)
      .where(and(eq(sectionMels.orgId, p.orgId), eq(sectionMels.sectionId, sectionId), isNull(sectionMels.deletedAt)));
    const mel = after.map(sectionMelToApi).sort((a, b) => nameKey(a.vehicleType).localeCompare(nameKey(b.vehicleType)));
    return { sectionId, sectionName: name, mel };
  });
}

/** PATCH /data/v2/organization/mels/{melId}: edit MEL. */
export function updateMel(write: RouteWrite, p: Principal, melId: string, body: UpdateMelBody): Promise<SectionMel> {
  return write(async ({ tx, rev, now }) => {
    await findMel(tx, p.orgId, melId);
    const [row] = await tx.update(sectionMels).set({ mel: body.mel, rev, updatedAt: now }).where(eq(sectionMels.id, melId)).returning();
    return sectionMelToApi(row!);
  });
}

/** DELETE /data/v2/organization/mels/{melId}: a tombstone, so every device drops it. */
export function deleteMel(write: RouteWrite, p: Principal, melId: string): Promise<void> {
  return write(async ({ tx, rev, now }) => {
    await findMel(tx, p.orgId, melId);
    await tx.update(sectionMels).set({ deletedAt: now, rev, updatedAt: now }).where(eq(sectionMels.id, melId));
  });
}
