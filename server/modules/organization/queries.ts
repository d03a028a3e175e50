import { orgZoneOf } from '../../../core/rules/org-clock.ts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrganizationDetail, SectionDetail } from '../../../core/schema/organization-admin.ts';
import type { Queryable } from '../../db/client.ts';
import { organizations, sectionMels, sections, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { nameKey } from '../../../core/rules/name-key.ts';
import { organizationToApi } from './presenter.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type MelRow = typeof sectionMels.$inferSelect;

/** The caller's organization row (locked for a write when `forUpdate`). */
export async function findOrganization(q: Queryable, orgId: string, forUpdate = false): Promise<OrganizationRow> {
  const query = q
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Your organization was not found');
  return row;
}

/** The organization's time zone, whose days are every "today" of the organization (UTC until one is chosen). */
export async function orgTimeZone(q: Queryable, orgId: string): Promise<string> {
  return orgZoneOf(await findOrganization(q, orgId));
}

/** A live section of the organization, or 404. */
export async function findSection(q: Queryable, orgId: string, sectionId: string): Promise<SectionRow> {
  const [row] = await q
    .select()
    .from(sections)
    .where(and(eq(sections.orgId, orgId), eq(sections.id, sectionId), isNull(sections.deletedAt)));
  if (!row) throw notFound('No such section in your organization');
  return row;
}

/** The organization's live section whose name has this key (trimmed, case-insensitive), but `exceptId`. */
export async function sectionNamed(q: Queryable, orgId: string, name: string, exceptId?: string): Promise<SectionRow | undefined> {
  const rows = await q
    .select()
    .from(sections)
    .where(and(eq(sections.orgId, orgId), isNull(sections.deletedAt), sql`lower(trim(${sections.name})) = ${nameKey(name)}`));
  return rows.find((r) => r.id !== exceptId);
}

/** A live MEL of the organization, or 404. */
export async function findMel(q: Queryable, orgId: string, melId: string): Promise<MelRow> {
  const [row] = await q
    .select()
    .from(sectionMels)
    .where(and(eq(sectionMels.orgId, orgId), eq(sectionMels.id, melId), isNull(sectionMels.deletedAt)));
  if (!row) throw notFound('No such MEL in your organization');
  return row;
}

/** The organization's sections, by name, each with its active users and its MELs (part 2 §3). */
export async function listSectionDetails(q: Queryable, orgId: string): Promise<SectionDetail[]> {
  const rows = await q
    .select()
    .from(sections)
    .where(and(eq(sections.orgId, orgId), isNull(sections.deletedAt)))
    .orderBy(asc(sql`lower(${sections.name})`), asc(sections.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const people = await q
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, sectionId: users.sectionId })
    .from(users)
    .where(and(eq(users.orgId, orgId), isNull(users.deletedAt), eq(users.active, true), inArray(users.sectionId, ids)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const mels = await q
    .select()
    .from(sectionMels)
    .where(and(eq(sectionMels.orgId, orgId), isNull(sectionMels.deletedAt), inArray(sectionMels.sectionId, ids)))
    .orderBy(asc(sql`lower(${sectionMels.vehicleType})`), asc(sectionMels.id));
  return rows.map((s) => ({
    sectionId: s.id,
    sectionName: s.name,
    activeUsers: people.filter((u) => u.sectionId === s.id).map(({ userId, firstName, lastName }) => ({ userId, firstName, lastName })),
    mel: mels.filter((m) => m.sectionId === s.id).map((m) => ({ melId: m.id, vehicleType: m.vehicleType, mel: m.mel })),
  }));
}

/** GET /data/v1/organizations/{orgId} */
export async function organizationDetail(q: Queryable, orgId: string): Promise<OrganizationDetail> {
  return { ...organizationToApi(await findOrganization(q, orgId)), sections: await listSectionDetails(q, orgId) };
}
