import { eq } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { streamTickets, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../context.ts';
import type { RouteWrite } from '../../http/route.ts';
import type { Principal } from '../../auth/principal.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { roleRequiresSection, SECTION_REQUIRED_MESSAGE, type CreateUserBody, type UpdateUserBody, type UserRecord } from '../../../core/schema/user.ts';
import { emailTaken, findUser, otherActiveAdmins, sectionExists } from './queries.ts';
import { judgePassword } from './password-strength.ts';
import type { Queryable } from '../../db/client.ts';

async function checkSection(q: Queryable, orgId: string, role: string | null, sectionId: string | null): Promise<void> {
  if (sectionId !== null && !(await sectionExists(q, orgId, sectionId))) throw badRequest('That section does not exist in this organization');
  if (roleRequiresSection(role) && sectionId === null) throw badRequest(SECTION_REQUIRED_MESSAGE);
}

const NO_SUCH_USER = 'No such user in your organization';

/** POST /auth/users: an administrator adds a user to their organization. */
export async function createUser(write: RouteWrite, p: Principal, body: CreateUserBody): Promise<{ userId: string }> {
  const verdict = judgePassword(body.password, [body.email, body.firstName, body.lastName]);
  if (!verdict.strong) {
    throw badRequest(verdict.warning, {
      errors: [{ message: verdict.warning }, ...verdict.suggestions.map((message) => ({ message }))],
      warning: verdict.warning,
      suggestions: verdict.suggestions,
      code: 'weak-password',
    });
  }
  const sectionId = body.sectionId ?? null;
  const passwordHash = await hashPassword(body.password);
  const userId = body.userId ?? nanoid();
  return write(async ({ tx, rev }) => {
    await checkSection(tx, p.orgId, body.role, sectionId);
    if (await emailTaken(tx, body.email)) throw conflict(`A user with the email ${body.email} already exists`);
    const [created] = await tx
      .insert(users)
      .values({
        id: userId,
        orgId: p.orgId,
        rev,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        role: body.role,
        isAdmin: body.isAdmin,
        active: true,
        sectionId,
        passwordHash,
      })
      // An id taken in this organization or in another answers the same (and never a 500).
      .onConflictDoNothing({ target: users.id })
      .returning({ id: users.id });
    if (!created) throw conflict(USER_ID_TAKEN);
    return { userId };
  });
}

export const USER_ID_TAKEN = 'A user with this id exists already';

/** What ends the user's live streams and stream tickets: what they may see or do changed. */
function accessChanged(before: UserRecord, after: UserRecord): boolean {
  return (
    before.active !== after.active ||
    before.role !== after.role ||
    before.isAdmin !== after.isAdmin ||
    before.orgId !== after.orgId ||
    (before.sectionId !== null && after.sectionId === null)
  );
}

/** PATCH /auth/users/{userId}: an administrator changes a user of their organization. */
export async function updateUser(ctx: AppContext, write: RouteWrite, p: Principal, userId: string, body: UpdateUserBody): Promise<UserRecord> {
  if (body.userId !== undefined && body.userId !== userId) throw badRequest('The userId in the body does not match the path');
  if (body.orgId !== undefined && body.orgId !== p.orgId) throw badRequest('Users cannot be moved to another organization');
  let ended = false;
  const updated = await write(async ({ tx, rev, now }) => {
    const current = await findUser(tx, p.orgId, userId);
    if (!current) throw notFound(NO_SUCH_USER);
    const role = body.role ?? current.role;
    const sectionId = body.sectionId === undefined ? current.sectionId : body.sectionId;
    await checkSection(tx, p.orgId, role, sectionId);
    const losesAdmin = current.isAdmin && current.active && (body.isAdmin === false || body.active === false);
    if (losesAdmin && (await otherActiveAdmins(tx, p.orgId, userId)) === 0) {
      throw badRequest('At least one active administrator must remain in the organization');
    }
    await tx
      .update(users)
      .set({
        rev,
        updatedAt: now,
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.isAdmin !== undefined ? { isAdmin: body.isAdmin } : {}),
        sectionId,
      })
      .where(eq(users.id, userId));
    const after = await findUser(tx, p.orgId, userId);
    if (!after) throw notFound(NO_SUCH_USER);
    if (accessChanged(current, after)) {
      // A ticket fetched before the change opens nothing.
      await tx.delete(streamTickets).where(eq(streamTickets.userId, userId));
      ended = true;
    }
    return after;
  });
  // After the commit: the open streams close at once, on every instance.
  if (ended) ctx.bus.endSessions(userId);
  return updated;
}

/** POST /data/v1/organizations/{orgId}/users: place a user who has no organization yet into this one. */
export async function addUserToOrganization(write: RouteWrite, p: Principal, userId: string): Promise<UserRecord> {
  return write(async ({ tx, rev, now }) => {
    const existing = await findUser(tx, p.orgId, userId);
    if (existing) return existing;
    const [row] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, userId));
    if (!row || row.orgId !== '') throw notFound('No user without an organization has this id');
    await tx.update(users).set({ orgId: p.orgId, rev, updatedAt: now }).where(eq(users.id, userId));
    const added = await findUser(tx, p.orgId, userId);
    if (!added) throw notFound('No user without an organization has this id');
    return added;
  });
}
