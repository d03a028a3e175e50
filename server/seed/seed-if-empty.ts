import type { AppContext } from '../context.ts';
import { organizations } from '../db/schema/index.ts';
import { DAY_MS } from './context.ts';
import { DEMO_USERS, demoEmail } from './demo-users.ts';
import { generateSeed } from './generate.ts';
import type { SeedData } from './types.ts';
import { writeSeed } from './write-seed.ts';

/** What `npm start` puts into an empty database: two organizations of 40 vehicles with 45 days of history, each in its base's zone. */
export const DEFAULT_SEED = { orgs: 2, vehicles: 40, days: 45, timeZone: 'bases' } as const;

export interface DemoSignIns {
  password: string;
  users: { email: string; description: string }[];
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

/** Every demo user of the first organization, and the administrator of each other one. */
export function demoSignIns(data: SeedData): DemoSignIns {
  const [first, ...others] = data.organizations;
  const users = first ? DEMO_USERS.map((u) => ({ email: demoEmail(u.local, first.slug), description: u.description })) : [];
  const admin = DEMO_USERS.find((u) => u.isAdmin);
  if (admin) for (const org of others) users.push({ email: demoEmail(admin.local, org.slug), description: `${admin.description} (${org.name})` });
  return { password: data.password, users };
}

function isUniqueViolation(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Seeds the demo data when the database has no organization yet and returns the sign-ins to print;
 * undefined when there was data already. Seed ids do not depend on the day, so when two instances
 * start on one empty PostgreSQL database together, the second one's first insert collides with the
 * first one's and it leaves the seeding to it.
 */
export async function seedIfEmpty(ctx: AppContext): Promise<DemoSignIns | undefined> {
  const [existing] = await ctx.db.select({ id: organizations.id }).from(organizations).limit(1);
  if (existing) return undefined;
  const data = generateSeed({ ...DEFAULT_SEED, today: startOfUtcDay(new Date()) });
  try {
    await writeSeed(ctx, data);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return demoSignIns(data);
}
