import { z } from 'zod';
import { entityId } from './common.ts';
import { roleSchema } from './roles.ts';

/** The longest address mail can carry (RFC 5321's path limit); longer ones are refused as invalid. */
export const EMAIL_MAX = 254;

export const NAME_MAX = 50;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be ${NAME_MAX} characters or fewer`);

/** The user record as the API and the sync feed show it (part 1 §3). */
export const userRecordSchema = z.object({
  userId: entityId,
  firstName: z.string(),
  lastName: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: roleSchema.nullable(),
  orgId: z.string(),
  orgName: z.string(),
  active: z.boolean(),
  isAdmin: z.boolean(),
  sectionId: z.string().nullable(),
  sectionName: z.string().nullable(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** The name fields of a user record: given and family name repeat first and last name (part 1 §3). */
export function userNameFields(firstName: string, lastName: string) {
  return { firstName, lastName, givenName: firstName, familyName: lastName, fullName: `${firstName} ${lastName}`.trim() };
}

/** How a user is named on screens and forms: the full name, else first and last name. */
export function displayName(user: Pick<UserRecord, 'fullName' | 'firstName' | 'lastName'>): string {
  return user.fullName.trim() || `${user.firstName} ${user.lastName}`.trim();
}

/** The user as the sync feed carries it: the mirror joins orgName and sectionName itself. */
export const userRowSchema = userRecordSchema.omit({ orgName: true, sectionName: true });
export type UserRow = z.infer<typeof userRowSchema>;

export const createUserBodySchema = z.object({
  userId: entityId.optional(),
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(EMAIL_MAX, 'Enter a valid email address').pipe(z.email('Enter a valid email address')),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Passwords are at most 128 characters'),
  role: roleSchema,
  isAdmin: z.boolean().default(false),
  sectionId: entityId.nullable().optional(),
  orgId: entityId.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z
  .object({
    userId: entityId.optional(),
    orgId: entityId.optional(),
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    role: roleSchema.optional(),
    sectionId: entityId.nullable().optional(),
    active: z.boolean().optional(),
    isAdmin: z.boolean().optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const addOrgUserBodySchema = z.object({ userId: entityId });

/**
 * Roles that must belong to a section (part 1 §5 leaves the list open; docs/organization-admin.md):
 * every website role but vco. A vco runs the whole organization (every section in the Overview and
 * Administration), and the first vco of a new organization has no section to belong to until they
 * make one. Inspectors may have none either.
 */
export function roleRequiresSection(role: string | null): boolean {
  return role !== null && role !== 'inspector' && role !== 'vco';
}

export const SECTION_REQUIRED_MESSAGE = 'The selected role requires and organization';
