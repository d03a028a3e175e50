import { z } from 'zod';
import { roleSchema } from './roles.ts';

/**
 * GET /auth/session: the signed-in user as the server sees them now. The app asks every 5 seconds
 * (part 1 §9): a 401 means the sign-in ended at the provider, and an answer that differs from the
 * user the app runs as (role, admin flag, organization, section) means it must start over.
 */
export const sessionStateSchema = z.object({
  userId: z.string(),
  orgId: z.string(),
  role: roleSchema.nullable(),
  isAdmin: z.boolean(),
  /** Null for no section; absent for a user of an external issuer the users table does not know. */
  sectionId: z.string().nullable().optional(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;
