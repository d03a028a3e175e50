import { nanoid } from 'nanoid';
import type { AppContext } from '../../server/context.ts';
import { organizations, sections, users, vehicles } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import type { Role } from '../../core/schema/roles.ts';

export const TEST_PASSWORD = 'granite-Harbor-lantern-58';

export async function createOrg(ctx: AppContext, name = `Org ${nanoid(6)}`): Promise<{ orgId: string; sectionId: string }> {
  const orgId = nanoid();
  const sectionId = nanoid();
  await ctx.write(orgId, undefined, async ({ tx, rev }) => {
    await tx.insert(organizations).values({ id: orgId, orgId, rev, name });
    await tx.insert(sections).values({ id: sectionId, orgId, rev, name: 'Alpha' });
  });
  return { orgId, sectionId };
}

export interface UserSpec {
  role?: Role | null;
  isAdmin?: boolean;
  sectionId?: string | null;
  active?: boolean;
  firstName?: string;
  lastName?: string;
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

let hashed: Promise<string> | undefined;

export async function createUser(ctx: AppContext, orgId: string, sectionId: string | null, spec: UserSpec = {}): Promise<TestUser> {
  hashed ??= hashPassword(TEST_PASSWORD);
  const userId = nanoid();
  const email = `${spec.role ?? 'norole'}-${userId.slice(0, 8).toLowerCase()}@example.test`;
  const role = spec.role === undefined ? 'dispatcher' : spec.role;
  await ctx.write(orgId, undefined, async ({ tx, rev }) => {
    await tx.insert(users).values({
      id: userId,
      orgId,
      rev,
      email,
      firstName: spec.firstName ?? 'Test',
      lastName: spec.lastName ?? role ?? 'Norole',
      role,
      isAdmin: spec.isAdmin ?? false,
      active: spec.active ?? true,
      sectionId: spec.sectionId === undefined ? sectionId : spec.sectionId,
      passwordHash: await hashed!,
    });
  });
  return { userId, email, password: TEST_PASSWORD };
}

/** A vehicle in commission, status valid, in the given section. */
export async function createVehicle(ctx: AppContext, orgId: string, sectionId: string, spec: { regNumber?: string; vehicleType?: string } = {}) {
  const vehicleId = nanoid();
  const regNumber =
    spec.regNumber ??
    `T-${nanoid(6)
      .replace(/[^A-Za-z0-9]/g, 'X')
      .toUpperCase()}`;
  const vehicleType = spec.vehicleType ?? 'Truck';
  await ctx.write(orgId, undefined, async ({ tx, rev }) => {
    await tx.insert(vehicles).values({ id: vehicleId, orgId, rev, regNumber, vehicleType, sectionId });
  });
  return { vehicleId, regNumber, vehicleType };
}
