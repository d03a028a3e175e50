import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { z } from 'zod';
import { isTimeZone } from '../../core/rules/org-clock.ts';
import type { AppContext } from '../context.ts';
import { organizations } from '../db/schema/index.ts';
import { route } from '../http/route.ts';
import { generateSeed } from './generate.ts';
import { DEFAULT_SEED, startOfUtcDay } from './seed-if-empty.ts';
import { emptyTables, type SeedData } from './types.ts';
import { writeSeed } from './write-seed.ts';

const factoryQuery = z
  .object({
    empty: z.enum(['true', 'false']).optional(),
    /** The organization's zone (default UTC): the end-to-end specs of the organization's clock run in Tokyo's and Anchorage's. */
    timeZone: z.string().refine(isTimeZone, 'timeZone: not a time zone').optional(),
  })
  .strict();

/** A new organization as its first vco finds it: the vco users, no section, and the built-in workflows. */
function newOrganization(data: SeedData): SeedData {
  const tables = emptyTables();
  const { organizations, users, rules, workflows, workflowRules } = data.tables;
  tables.organizations = organizations.map((o) => ({
    ...o,
    primaryContactUserId: null,
    primaryContactPhoneNumber: null,
    basePhoneNumber: null,
    shiftTimes: [],
    timeZone: null,
  }));
  tables.users = users.filter((u) => u.role === 'vco').map((u) => ({ ...u, sectionId: null }));
  Object.assign(tables, { rules, workflows, workflowRules });
  return { ...data, tables, blobs: [] };
}

/** The demo organization each end-to-end spec gets: the demo's fleet and history, a little smaller. */
export const FACTORY_ORG = { vehicles: 24, days: DEFAULT_SEED.days } as const;

/**
 * POST /test/organizations (only when E2E_ORG_FACTORY=1): seeds the next demo organization (its demo
 * users, fleet and history, as `npm start` seeds wing-1) and answers its slug and name. With
 * `?empty=true` it is a new organization instead: its vco users (in no section) and its workflows,
 * and no section, vehicle type, MEL, vehicle or history. Requests are served one at a time, so
 * parallel specs get distinct organizations.
 */
export function registerOrgFactory(app: FastifyInstance, ctx: AppContext): void {
  let queue: Promise<unknown> = Promise.resolve();
  route(app, { method: 'POST', url: '/test/organizations', access: { public: true }, query: factoryQuery }, async ({ query }) => {
    const made = queue.then(async () => {
      // Organizations are numbered in the order they were made: the demo's, then the factory's.
      const [row] = await ctx.db.select({ n: count() }).from(organizations);
      const next = Number(row?.n ?? 0) + 1;
      const seeded = generateSeed({ orgs: 1, ...FACTORY_ORG, today: startOfUtcDay(new Date()), firstOrg: next, timeZone: query.timeZone });
      const data = query.empty === 'true' ? newOrganization(seeded) : seeded;
      await writeSeed(ctx, data);
      const [org] = data.organizations;
      return { slug: org!.slug, name: org!.name, password: data.password };
    });
    queue = made.catch(() => undefined);
    return made;
  });
}
