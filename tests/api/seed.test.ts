import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, max } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { apiClient } from '../support/api.ts';
import { pullAll } from '../support/sync.ts';
import { storedBytes } from '../support/files.ts';
import { generateSeed } from '../../server/seed/generate.ts';
import { writeSeed, type SeedSummary } from '../../server/seed/write-seed.ts';
import { DEMO_PASSWORD, DEMO_USERS, demoEmail } from '../../server/seed/demo-users.ts';
import { DEFAULT_SEED, demoSignIns, startOfUtcDay } from '../../server/seed/seed-if-empty.ts';
import { SEED_TABLES, type SeedData, type SeedTableName } from '../../server/seed/types.ts';
import { liveEvents, orgClocks, users, vehicles } from '../../server/db/schema/index.ts';
import { entityFeedSchemas, type EntityFeedName } from '../../core/schema/entity-feeds.ts';
import { organizationSchema, sectionMelSchema, sectionSchema } from '../../core/schema/organization.ts';
import { userRowSchema } from '../../core/schema/user.ts';
import { VEHICLE_STATUSES, type Vehicle } from '../../core/schema/vehicle.ts';
import { CORRECTIVE_ACTION_CODES, type Discrepancy } from '../../core/schema/discrepancy.ts';
import type { Workflow } from '../../core/schema/workflow.ts';
import { WAIVER_STATUSES, WAIVER_TYPES, type Waiver } from '../../core/schema/waiver.ts';
import type { SyncChange } from '../../core/schema/sync.ts';
import { AF1800_TEMPLATE_TITLES } from '../../core/rules/af1800-items.ts';
import { LIVE_EVENT_TYPES } from '../../core/schema/live-event.ts';
import { fleetRowSchema } from '../../core/schema/fleet.ts';
import { byVehicleId, deviceFleetRows } from '../support/device-fleet.ts';

const OPTIONS = { orgs: 2, vehicles: 24, days: 20, today: startOfUtcDay(new Date()) };

const coreFeedSchemas = { organizations: organizationSchema, sections: sectionSchema, sectionMels: sectionMelSchema, users: userRowSchema };

let server: TestServer;
let data: SeedData;
let summary: SeedSummary;

beforeAll(async () => {
  server = await startTestServer();
  data = generateSeed(OPTIONS);
  summary = await writeSeed(server.ctx, data);
});
afterAll(() => server.stop({ drop: true }));

const email = (local: string, org = 1) => demoEmail(local, `wing-${org}`);
const signedIn = async (local: string) => apiClient(server.baseUrl, (await signIn(server.baseUrl, email(local), DEMO_PASSWORD)).accessToken);
const feed = (rows: Map<string, SyncChange>, t: string) => [...rows.values()].filter((c) => c.t === t).map((c) => c.data as Record<string, unknown>);

describe('generateSeed', () => {
  it('gives the same data for the same options', () => {
    expect(generateSeed(OPTIONS)).toEqual(data);
    expect(generateSeed({ ...OPTIONS, seed: 2 }).organizations[0]!.orgId).not.toBe(data.organizations[0]!.orgId);
  });

  it('shows every status and every corrective-action code in each organization of the default size', () => {
    const demo = generateSeed({ ...DEFAULT_SEED, today: OPTIONS.today });
    for (const org of demo.organizations) {
      const own = <T extends { orgId: string }>(rows: T[]) => rows.filter((r) => r.orgId === org.orgId);
      expect(new Set(own(demo.tables.vehicles).map((v) => v.status))).toEqual(new Set(VEHICLE_STATUSES));
      expect(
        new Set(
          own(demo.tables.discrepancies)
            .map((d) => d.af1800StatusCode)
            .filter(Boolean),
        ),
      ).toEqual(new Set(CORRECTIVE_ACTION_CODES));
    }
  });

  it('refuses options out of range', () => {
    expect(() => generateSeed({ ...OPTIONS, vehicles: 0 })).toThrow(/vehicles must be a whole number/);
    expect(() => generateSeed({ ...OPTIONS, today: new Date(Number.NaN) })).toThrow(/today/);
  });
});

describe('the written seed', () => {
  it('stores every generated row as generated, value for value (COPY on PGlite, inserts on PostgreSQL)', async () => {
    for (const [name, table] of Object.entries(SEED_TABLES) as [SeedTableName, (typeof SEED_TABLES)[SeedTableName]][]) {
      const generated = data.tables[name] as Record<string, unknown>[];
      const stored = new Map((await server.ctx.db.select().from(table)).map((row) => [row.id, row as Record<string, unknown>]));
      const problems: string[] = [];
      for (const row of generated) {
        const found = stored.get(row.id as string);
        if (!found) problems.push(`${name} ${String(row.id)} missing`);
        for (const [key, value] of Object.entries(row)) {
          if (value === undefined || key === 'passwordHash') continue;
          if (!isDeepStrictEqual(found?.[key], value))
            problems.push(`${name} ${String(row.id)}.${key}: ${JSON.stringify(found?.[key])} stored, ${JSON.stringify(value)} generated`);
        }
      }
      expect(problems.slice(0, 5)).toEqual([]);
    }
  });

  it('writes every row with a revision of its organization', async () => {
    expect(summary.totalRows).toBe(Object.values(data.tables).reduce((n, rows) => n + rows.length, 0));
    for (const org of data.organizations) {
      const [clock] = await server.ctx.db.select().from(orgClocks).where(eq(orgClocks.orgId, org.orgId));
      const [newest] = await server.ctx.db
        .select({ rev: max(vehicles.rev) })
        .from(vehicles)
        .where(eq(vehicles.orgId, org.orgId));
      expect(newest!.rev).toBeGreaterThan(0);
      expect(newest!.rev).toBeLessThanOrEqual(clock!.rev);
    }
    // The placeholder files' content is in the file store.
    for (const blob of data.blobs) expect(await storedBytes(server.ctx, blob.sha256)).toEqual(Buffer.from(blob.bytes));
  });

  it('signs in the demo users with the demo password', async () => {
    const dispatcher = await signedIn('dispatcher');
    const self = await dispatcher.get('/auth/users/self');
    expect(self.status).toBe(200);
    const orgId = data.organizations[0]!.orgId;
    const firstSection = data.tables.sections.find((s) => s.orgId === orgId)!;
    expect(self.body).toMatchObject({ email: email('dispatcher'), role: 'dispatcher', orgId, sectionId: firstSection.id, sectionName: 'Alpha' });
    expect((await (await signedIn('nosection')).get('/auth/users/self')).status).toBe(412);
    expect(demoSignIns(data).users.map((u) => u.email)).toEqual([...DEMO_USERS.map((u) => email(u.local)), email('admin', 2)]);
  });

  it('syncs a whole fleet to organization 1: every status, code and waiver kind, decommissioned, WRM, the AF-1800 templates', async () => {
    const admin = await signedIn('admin');
    const { rows } = await pullAll(admin, { limit: 1000 });
    for (const change of rows.values()) {
      const schema = entityFeedSchemas[change.t as EntityFeedName] ?? coreFeedSchemas[change.t as keyof typeof coreFeedSchemas];
      expect(schema, change.t).toBeDefined();
      const parsed = schema.safeParse(change.data);
      expect(parsed.success ? true : `${change.t} ${change.id}: ${parsed.error.message}`).toBe(true);
    }
    const fleet = feed(rows, 'vehicles') as unknown as Vehicle[];
    expect(fleet).toHaveLength(OPTIONS.vehicles);
    expect(new Set(fleet.map((v) => v.status[0]!.status))).toEqual(new Set(VEHICLE_STATUSES));
    expect(fleet.some((v) => v.decommissionDate !== null)).toBe(true);
    expect(fleet.some((v) => v.wrm)).toBe(true);
    expect(fleet.filter((v) => v.status[0]!.status !== 'valid').every((v) => v.eticDate !== null)).toBe(true);
    const codes = new Set((feed(rows, 'discrepancies') as unknown as Discrepancy[]).map((d) => d.af1800StatusCode));
    for (const code of CORRECTIVE_ACTION_CODES) expect(codes, code).toContain(code);
    const waivers = feed(rows, 'waivers') as unknown as Waiver[];
    expect(new Set(waivers.map((w) => w.waiverType))).toEqual(new Set(WAIVER_TYPES));
    expect(new Set(waivers.map((w) => w.status))).toEqual(new Set(WAIVER_STATUSES));
    const workflows = feed(rows, 'workflows') as unknown as Workflow[];
    for (const title of Object.values(AF1800_TEMPLATE_TITLES)) expect(workflows.find((w) => w.title === title)?.isTemplate, title).toBe(true);
    expect(workflows.some((w) => !w.active)).toBe(true);
    const tables = new Set([...rows.values()].map((c) => c.t));
    for (const t of ['inspections', 'tdys', 'waivers', 'waiverCards', 'notes', 'documents', 'files', 'scheduledMx', 'ltis', 'pmis', 'washes', 'rules']) {
      expect(tables, t).toContain(t);
    }
    // Every picture, card and document the organization shows is served at its url.
    const urls = new Set(['discrepancyPictures', 'waiverPictures', 'waiverCards', 'documents'].flatMap((t) => feed(rows, t).map((r) => r.url as string)));
    expect(urls.size).toBeGreaterThan(0);
    for (const url of urls) expect((await admin.get(url)).status, url).toBe(200);
  });

  it('links the vehicles newly in service to the current AF1800 and every other one to its monthly AF1800', async () => {
    const res = await (await signedIn('admin')).get('/data/v2/fleet/bulk');
    expect(res.status).toBe(200);
    const fleet = fleetRowSchema.array().parse(res.body);
    const fresh = fleet.filter((r) => r.pdf === 'current');
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    for (const row of fresh) expect(row.inspectionDate !== null && row.completionDate === null && row.visitsToMx === 0, row.regNumber).toBe(true);
    expect(fleet.filter((r) => r.pdf !== 'current').every((r) => r.pdf === 'monthly' && r.completionDate !== null)).toBe(true);
  });

  it('answers Fleet Details with the rows a device derives from everything it pulled', async () => {
    const admin = await signedIn('admin');
    const { rows } = await pullAll(admin, { limit: 5000 });
    expect([...rows.values()].filter((c) => c.t === 'inspections').length).toBeGreaterThan(100);
    const bulk = fleetRowSchema.array().parse((await admin.get('/data/v2/fleet/bulk')).body);
    expect(byVehicleId(bulk)).toEqual(deviceFleetRows(rows));
  });

  it('stores a Fleet Updates event of every type on the last day', async () => {
    // The feed only carries the last 24 hours before now, so the stored rows are checked instead.
    const orgId = data.organizations[0]!.orgId;
    const stored = await server.ctx.db.select().from(liveEvents).where(eq(liveEvents.orgId, orgId));
    expect(new Set(stored.map((e) => e.eventType))).toEqual(new Set(LIVE_EVENT_TYPES));
    const lastDay = OPTIONS.today.getTime() - 86_400_000;
    expect(stored.every((e) => e.eventTime.getTime() >= lastDay && e.eventTime.getTime() < OPTIONS.today.getTime())).toBe(true);
  });

  it('keeps organization 2 out of organization 1’s feed and user list', async () => {
    const admin = await signedIn('admin');
    const [one, two] = data.organizations;
    const { rows } = await pullAll(admin, { limit: 1000 });
    const otherIds = new Set(Object.values(data.tables).flatMap((t: { id: string; orgId: string }[]) => t.filter((r) => r.orgId === two!.orgId).map((r) => r.id)));
    expect([...rows.values()].filter((c) => otherIds.has(c.id))).toEqual([]);
    const listed = await admin.get('/auth/users');
    expect(listed.status).toBe(200);
    expect(listed.body.every((u: { orgId: string }) => u.orgId === one!.orgId)).toBe(true);
    const [otherAdmin] = await server.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.orgId, two!.orgId), eq(users.email, email('admin', 2))));
    expect(otherAdmin?.isAdmin).toBe(true);
  });
});
