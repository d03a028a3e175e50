import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { organizations, sections, users } from '../../db/schema/index.ts';
import type { UserRecord } from '../../../core/schema/user.ts';
import { userToRow } from './presenter.ts';

const recordColumns = { user: users, orgName: organizations.name, sectionName: sections.name };

function baseQuery(q: Queryable) {
  return q
    .select(recordColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(sections, and(eq(sections.id, users.sectionId), isNull(sections.deletedAt)));
}

function toRecord(r: { user: typeof users.$inferSelect; orgName: string | null; sectionName: string | null }): UserRecord {
  return { ...userToRow(r.user), orgName: r.orgName ?? '', sectionName: r.sectionName };
}

export async function listUsers(q: Queryable, orgId: string): Promise<UserRecord[]> {
  const rows = await baseQuery(q)
    .where(and(eq(users.orgId, orgId), isNull(users.deletedAt)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(toRecord);
}

export async function findUser(q: Queryable, orgId: string, userId: string): Promise<UserRecord | undefined> {
  const [row] = await baseQuery(q).where(and(eq(users.id, userId), eq(users.orgId, orgId), isNull(users.deletedAt)));
  return row ? toRecord(row) : undefined;
}

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

export async function sectionExists(q: Queryable, orgId: string, sectionId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.id, sectionId), eq(sections.orgId, orgId), isNull(sections.deletedAt)));
  return row !== undefined;
}

/** Active administrators of the organization other than `exceptUserId`. */
export async function otherActiveAdmins(q: Queryable, orgId: string, exceptUserId: string): Promise<number> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isAdmin, true), eq(users.active, true), isNull(users.deletedAt), sql`${users.id} <> ${exceptUserId}`));
  return rows.length;
}
