import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { useServerWithOrg, orgWithAdmin, signedInUser } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { createVehicle } from '../support/factories.ts';
import { addInspection, addSections as addSectionRows } from '../support/table-rows.ts';
import { sections, userSettings } from '../../server/db/schema/index.ts';
import { purgeTombstones } from '../../server/sync/tombstones.ts';
import { PULL_LIMIT_MAX, PULL_PAGE_BYTES, pullResponseSchema, pushResponseSchema, type SyncChange } from '../../core/schema/sync.ts';
import { settingRowId } from '../../core/schema/settings.ts';

const env = useServerWithOrg();

const addSections = (orgId: string, names: string[]) => addSectionRows(env.server.ctx, orgId, names);

describe('pull', () => {
  it('pages across tables, including a revision bigger than a page, and ends with the same rows as one big pull', async () => {
    const { orgId, sectionId, admin } = await orgWithAdmin(env.server);
    await signedInUser(env.server, orgId, sectionId, { role: 'dispatcher' });
    await addSections(
      orgId,
      Array.from({ length: 11 }, (_, i) => `Bulk ${i}`),
    );
    await admin.api.patch(`/auth/users/${admin.userId}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: { a: 1 } }]);

    const whole = await pullAll(admin.api, { limit: 5000 });
    const paged = await pullAll(admin.api, { limit: 3 });
    expect(paged.pages.length).toBeGreaterThan(5);
    expect(paged.pages.every((p) => p.changes.length <= 3)).toBe(true);
    expect([...paged.rows.keys()].sort()).toEqual([...whole.rows.keys()].sort());
    const tables = new Set([...whole.rows.values()].map((c) => c.t));
    expect([...tables].sort()).toEqual(['organizations', 'sections', 'userSettings', 'users']);
    expect(whole.rows.get(`sections/${sectionId}`)?.data).toEqual({ sectionId, sectionName: 'Alpha' });
    expect(paged.cursor).toBe(whole.cursor);
    // The first page of a pull from the start says how many rows the whole pull brings (the first sync's progress); no later page does.
    expect(paged.pages[0]!.total).toBe(whole.rows.size);
    expect(paged.pages.slice(1).every((p) => p.total === undefined)).toBe(true);
  });

  it('delivers updates and deletes after a cursor, and skips tombstones on a first pull', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const [keep, drop] = await addSections(orgId, ['Keep', 'Drop']);
    const first = await pullAll(admin.api, { limit: 2 });
    await env.server.ctx.write(orgId, undefined, async ({ tx, rev, now }) => {
      await tx.update(sections).set({ rev, deletedAt: now }).where(eq(sections.id, drop!));
      await tx.update(sections).set({ rev, name: 'Kept' }).where(eq(sections.id, keep!));
    });
    const page = await admin.api.get(`/data/v1/sync/pull?cursor=${first.cursor}`);
    expect(page.body.changes).toEqual([
      expect.objectContaining({ t: 'sections', op: expect.any(String) }),
      expect.objectContaining({ t: 'sections', op: expect.any(String) }),
    ]);
    const byId = Object.fromEntries(page.body.changes.map((c: { id: string }) => [c.id, c]));
    expect(byId[drop!]).toEqual({ t: 'sections', op: 'delete', id: drop });
    expect(byId[keep!].data.sectionName).toBe('Kept');
    const fresh = await pullAll(admin.api);
    expect(fresh.pages.flatMap((p) => p.changes).some((c) => c.op === 'delete')).toBe(false);
    expect(fresh.rows.has(`sections/${drop}`)).toBe(false);
  });

  it('brings renames, a delete and an insert written between two pages of a pull, and ends equal to a fresh pull', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const ids = await addSections(orgId, ['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    const first = await admin.api.get('/data/v1/sync/pull?limit=2');
    expect(first.body.hasMore).toBe(true);
    await env.server.ctx.write(orgId, undefined, async ({ tx, rev, now }) => {
      for (const id of ids)
        await tx
          .update(sections)
          .set({ rev, name: `Renamed ${id}` })
          .where(eq(sections.id, id));
      await tx.update(sections).set({ rev, deletedAt: now }).where(eq(sections.id, ids[0]!));
      await tx.insert(sections).values({ id: nanoid(), orgId, rev, name: 'Added' });
    });
    const rows = new Map<string, SyncChange>();
    for (const c of pullResponseSchema.parse(first.body).changes) if (c.op === 'put') rows.set(`${c.t}/${c.id}`, c);
    const rest = await pullAll(admin.api, { cursor: first.body.cursor, limit: 2, rows });
    const fresh = await pullAll(admin.api);
    expect([...rest.rows.keys()].sort()).toEqual([...fresh.rows.keys()].sort());
    for (const [key, change] of fresh.rows) expect(rest.rows.get(key)).toEqual(change);
    expect([...fresh.rows.values()].filter((c) => c.t === 'sections').map((c) => c.data?.sectionName)).toContain('Added');
  });

  it('shows each user only their own settings', async () => {
    const other = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    await other.api.patch(`/auth/users/${other.userId}/settings`, [{ op: 'add', path: '/userAdminFilter', value: 'mine' }]);
    const { rows } = await pullAll(env.org.admin.api);
    const settings = [...rows.values()].filter((c) => c.t === 'userSettings');
    expect(settings.every((c) => (c.data as { userId: string }).userId === env.org.admin.userId)).toBe(true);
  });

  it('keys a setting by its user and field, so a device can write it offline under the server’s id', async () => {
    const user = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    await user.api.patch(`/auth/users/${user.userId}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: { a: 1 } }]);
    await user.api.patch(`/auth/users/${user.userId}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: { a: 2 } }]);
    const { rows } = await pullAll(user.api);
    const settings = [...rows.values()].filter((c) => c.t === 'userSettings');
    expect(settings).toEqual([
      { t: 'userSettings', op: 'put', id: settingRowId(user.userId, 'fleetDetailFilter'), data: expect.objectContaining({ value: { a: 2 } }) },
    ]);
  });

  it('sends an inspection with its answers in the months devices mirror and without them before, while the AF1800 of an older month still reads them', async () => {
    const { orgId, sectionId, admin } = await orgWithAdmin(env.server);
    const vehicle = await createVehicle(env.server.ctx, orgId, sectionId);
    const inspector = { userId: admin.userId, name: 'Test vco' };
    const result = { ruleId: 'AF1800-36', isPassing: false, value: false, comment: 'Strap frayed' };
    const now = new Date();
    const recent = await addInspection(env.server.ctx, orgId, vehicle, { date: now.toISOString(), inspector, results: [result] });
    const oldDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 10, 8));
    const old = await addInspection(env.server.ctx, orgId, vehicle, { date: oldDate.toISOString(), inspector, results: [result] });

    const { rows } = await pullAll(admin.api);
    const resultsOf = (inspectionId: string) => rows.get(`inspections/${inspectionId}`)?.data?.results;
    expect(resultsOf(recent)).toEqual([
      expect.objectContaining({ ruleId: 'AF1800-36', position: 0, result: { isPassing: false, value: false }, comment: 'Strap frayed' }),
    ]);
    expect(rows.has(`inspections/${old}`)).toBe(true);
    expect(resultsOf(old)).toBeNull();

    const month = String(oldDate.getUTCMonth() + 1).padStart(2, '0');
    const form = await admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/${oldDate.getUTCFullYear()}/${month}`);
    expect(form.status).toBe(200);
    expect(form.body.page3.items).toContainEqual({ itemNo: 36, isChecked: true, text: 'Strap frayed' });
  });

  it('ends a page of large rows before PULL_PAGE_BYTES of JSON, whatever the limit, and pages on without a gap', async () => {
    const { orgId, sectionId, admin } = await orgWithAdmin(env.server);
    const vehicle = await createVehicle(env.server.ctx, orgId, sectionId);
    const inspector = { userId: admin.userId, name: 'Test vco' };
    // Five inspections of about 2 MiB each (answers with long comments): more than one page's worth.
    const answers = Array.from({ length: 400 }, (_, i) => ({ ruleId: `rule-${i}`, isPassing: false, value: false, comment: 'x'.repeat(5_000) }));
    const ids: string[] = [];
    for (let day = 1; day <= 5; day++) {
      ids.push(await addInspection(env.server.ctx, orgId, vehicle, { date: new Date(Date.now() - day * 3_600_000).toISOString(), inspector, results: answers }));
    }
    const { rows, pages } = await pullAll(admin.api, { limit: PULL_LIMIT_MAX });
    const sizes = pages.map((p) => JSON.stringify(p.changes).length);
    expect(pages.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size).toBeLessThanOrEqual(PULL_PAGE_BYTES);
    for (const id of ids) expect(rows.get(`inspections/${id}`)?.data?.results).toHaveLength(400);
    expect(pages.flatMap((p) => p.changes).filter((c) => c.t === 'inspections')).toHaveLength(5);
  });

  it('compresses a large page with brotli or gzip, whichever the client accepts, and sends it plain to one that accepts neither', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    await addSections(
      orgId,
      Array.from({ length: 300 }, (_, i) => `Section with a long enough name to fill a page ${i}`),
    );
    const get = (encoding: string) =>
      fetch(`${env.server.baseUrl}/data/v1/sync/pull?limit=5000`, { headers: { authorization: `Bearer ${admin.tokens.accessToken}`, 'accept-encoding': encoding } });
    const browser = await get('gzip, deflate, br, zstd');
    const zipped = await get('gzip, deflate');
    const plain = await get('identity');
    expect(browser.headers.get('content-encoding')).toBe('br');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const res of [browser, zipped, plain]) {
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    const [a, b, c] = [pullResponseSchema.parse(await browser.json()), pullResponseSchema.parse(await zipped.json()), pullResponseSchema.parse(await plain.json())];
    expect(a.changes).toEqual(c.changes);
    expect(b.changes).toEqual(c.changes);
    expect(c.changes.filter((ch) => ch.t === 'sections')).toHaveLength(301);
  });

  it('answers reset to a cursor older than the tombstone horizon', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const [gone] = await addSections(orgId, ['Old']);
    const { cursor } = await pullAll(admin.api);
    await env.server.ctx.write(orgId, undefined, async ({ tx, rev, now }) => {
      await tx.update(sections).set({ rev, deletedAt: now }).where(eq(sections.id, gone!));
    });
    await addSections(orgId, ['Later']);
    await purgeTombstones(env.server.ctx, new Date(Date.now() + 60_000));
    const res = await admin.api.get(`/data/v1/sync/pull?cursor=${cursor}`);
    expect(res.body).toMatchObject({ reset: true, cursor: '', changes: [] });
    const again = await pullAll(admin.api, { cursor });
    expect(again.pages[0]!.reset).toBe(true);
    expect([...again.rows.values()].some((c) => (c.data as { sectionName?: string }).sectionName === 'Later')).toBe(true);
  });

  it('refuses a bad cursor or limit with a clear message', async () => {
    const bad = await env.org.admin.api.get('/data/v1/sync/pull?cursor=DROP%20TABLE');
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/cursor is not one this server gave out/);
    const limit = await env.org.admin.api.get('/data/v1/sync/pull?limit=0');
    expect(limit.body.errorMessage).toBe('Query limit: limit must be at least 1');
  });
});

describe('push', () => {
  const batch = (clientId: string, email: string) => ({
    clientId,
    mutations: [
      {
        id: nanoid(),
        seq: 1,
        name: 'createUser',
        request: {
          method: 'POST',
          path: '/auth/users',
          body: { firstName: 'Pat', lastName: 'Lee', email, password: 'velvet-Canyon-orbit-42', role: 'dispatcher', sectionId: env.org.sectionId },
        },
      },
      {
        id: nanoid(),
        seq: 2,
        name: 'createUser',
        request: {
          method: 'POST',
          path: '/auth/users',
          body: { firstName: 'Weak', lastName: 'Pw', email: `weak-${email}`, password: 'password', role: 'vco', sectionId: env.org.sectionId },
        },
      },
      {
        id: nanoid(),
        seq: 3,
        name: 'saveView',
        request: {
          method: 'PATCH',
          path: `/auth/users/${env.org.admin.userId}/settings`,
          body: [{ op: 'add', path: '/fleetDetailColumnsState', value: { v: clientId } }],
        },
      },
    ],
  });

  it('applies a batch once: a retry answers duplicate and changes nothing', async () => {
    const clientId = nanoid();
    const body = batch(clientId, `pat-${clientId.slice(0, 6).toLowerCase()}@example.test`);
    const usersBefore = (await env.org.admin.api.get('/auth/users')).body.length;

    const first = pushResponseSchema.parse((await env.org.admin.api.post('/data/v1/sync/push', body)).body);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(first.results[1]!.message).toBeTruthy();
    expect((first.results[0]!.response as { userId: string }).userId).toHaveLength(21);

    const second = pushResponseSchema.parse((await env.org.admin.api.post('/data/v1/sync/push', body)).body);
    expect(second.results.map((r) => r.status)).toEqual(['duplicate', 'rejected', 'duplicate']);
    expect(second.results[0]!.response).toEqual(first.results[0]!.response);

    const usersAfter = (await env.org.admin.api.get('/auth/users')).body;
    expect(usersAfter.length).toBe(usersBefore + 1);
    const saved = await env.server.ctx.db.select().from(userSettings).where(eq(userSettings.userId, env.org.admin.userId));
    expect(saved.find((s) => s.field === 'fleetDetailColumnsState')?.value).toEqual({ v: clientId });

    const { pages } = await pullAll(env.org.admin.api, { clientId });
    const acks = pages.flatMap((p) => p.acks);
    expect(acks).toEqual(expect.arrayContaining([body.mutations[0]!.id, body.mutations[2]!.id]));
    expect(acks).not.toContain(body.mutations[1]!.id);
  });

  it('answers the revision each write took: in the REST answer, and as the rev of each applied mutation, the same on a retry', async () => {
    const direct = await env.org.admin.api.patch(`/auth/users/${env.org.admin.userId}/settings`, [{ op: 'add', path: '/userAdminFilter', value: { q: 'x' } }]);
    expect(direct.status).toBe(200);
    const directRev = Number(direct.headers.get('x-revision'));
    expect(directRev).toBeGreaterThan(0);

    const clientId = nanoid();
    const body = batch(clientId, `rev-${clientId.slice(0, 6).toLowerCase()}@example.test`);
    const first = pushResponseSchema.parse((await env.org.admin.api.post('/data/v1/sync/push', body)).body);
    const [created, , saved] = first.results;
    expect(created!.rev).toBeGreaterThan(directRev);
    expect(saved!.rev).toBeGreaterThan(created!.rev!);
    const retry = pushResponseSchema.parse((await env.org.admin.api.post('/data/v1/sync/push', body)).body);
    expect(retry.results.map((r) => r.rev ?? null)).toEqual(first.results.map((r) => r.rev ?? null));
    // A read takes no revision.
    expect((await env.org.admin.api.get('/auth/users')).headers.get('x-revision')).toBeNull();
  });

  it('applies the same batch sent twice at the same moment only once', async () => {
    const clientId = nanoid();
    const body = batch(clientId, `twin-${clientId.slice(0, 6).toLowerCase()}@example.test`);
    const [a, b] = await Promise.all([env.org.admin.api.post('/data/v1/sync/push', body), env.org.admin.api.post('/data/v1/sync/push', body)]);
    const statuses = [a.body.results[0].status, b.body.results[0].status].sort();
    expect(statuses).toEqual(['applied', 'duplicate']);
    const users = (await env.org.admin.api.get('/auth/users')).body.filter((u: { email: string }) => u.email.startsWith('twin-'));
    expect(users).toHaveLength(1);
  });

  it('runs each mutation with the caller’s own rights', async () => {
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const res = await dispatcher.api.post('/data/v1/sync/push', batch(nanoid(), 'nope@example.test'));
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', httpStatus: 403, message: 'Only administrators can do this' });
  });

  it('refuses a malformed mutation alone, as its verdict, not the batch', async () => {
    const res = await env.org.admin.api.post('/data/v1/sync/push', {
      clientId: 'x',
      mutations: [{ id: 'm', seq: 1, name: 'n', request: { method: 'GET', path: '/auth/users' } }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', httpStatus: 400, message: 'request.method: A mutation uses POST, PUT, PATCH or DELETE' });
    const nested = await env.org.admin.api.post('/data/v1/sync/push', {
      clientId: 'y',
      mutations: [{ id: 'm', seq: 1, name: 'n', request: { method: 'POST', path: '/data/v1/sync/push', body: {} } }],
    });
    expect(nested.status).toBe(200);
    expect(nested.body.results[0]).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      message: 'Mutation m calls the sync API itself, which a mutation cannot do',
    });
  });
});

describe('concurrent writers', () => {
  it('never lets a pull skip a row that commits', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const written: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 15; i++) {
        const id = nanoid();
        await env.server.ctx.write(orgId, undefined, async ({ tx, rev }) => {
          await tx.insert(sections).values({ id, orgId, rev, name: `w${w}-${i}` });
          // Hold the transaction open a little so that writers and readers overlap.
          await new Promise((r) => setTimeout(r, Math.random() * 5));
        });
        written.push(id);
      }
    });
    const seen = new Set<string>();
    let cursor = '';
    const reader = (async () => {
      while (writing) {
        const { rows, cursor: next } = await pullAll(admin.api, { cursor, limit: 7 });
        for (const c of rows.values()) if (c.t === 'sections') seen.add(c.id);
        cursor = next;
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    const { rows } = await pullAll(admin.api, { cursor, limit: 7 });
    for (const c of rows.values()) if (c.t === 'sections') seen.add(c.id);
    expect(written).toHaveLength(120);
    expect(written.filter((id) => !seen.has(id))).toEqual([]);
  });
});
