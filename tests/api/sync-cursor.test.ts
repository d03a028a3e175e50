import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { useServerWithOrg, orgWithAdmin } from '../support/session.ts';
import { startTestServer } from '../support/server.ts';
import { apiClient } from '../support/api.ts';
import { pullAll } from '../support/sync.ts';
import { insertRows } from '../support/table-rows.ts';
import { orgClocks, sections } from '../../server/db/schema/index.ts';
import { purgeTombstones } from '../../server/sync/tombstones.ts';
import type { AppContext } from '../../server/context.ts';
import type { SyncChange } from '../../core/schema/sync.ts';

const env = useServerWithOrg();

async function addSections(ctx: AppContext, orgId: string, ids: string[]): Promise<void> {
  await insertRows(
    ctx,
    orgId,
    sections,
    ids.map((id) => ({ id, name: `Section ${id.slice(0, 12)}` })),
  );
}

const pullPage = async (api: ReturnType<typeof apiClient>, cursor: string, limit: number) => {
  const res = await api.get(`/data/v1/sync/pull?${new URLSearchParams({ cursor, limit: String(limit) })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { cursor: string; hasMore: boolean; reset: boolean; changes: SyncChange[] };
};

describe('cursor ids', () => {
  it('pages on, without repeats or gaps, past rows whose ids an external issuer made', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const odd = [
      `auth0|5f7c8ec7c33c6c004bbafe82:${'x'.repeat(157)}@example.com`,
      `8f14e45f-ceea-467f-a9f0-23b8b7e1f1c2-fleetDetailFilter`,
      `waad|${'AbC:dEf|'.repeat(25)}`,
      'google-oauth2|1049',
      // UTF-16 and UTF-8 disagree on the order of these two; the feed must follow the database's.
      '\uFFFDreplacement',
      '😀emoji',
      `${'z'.repeat(199)}:`,
    ];
    expect(odd[0]).toHaveLength(200);
    await addSections(env.server.ctx, orgId, odd);

    const whole = await pullAll(admin.api, { limit: 5000 });
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 100; page++) {
      const body = await pullPage(admin.api, cursor, 1);
      expect(body.reset).toBe(false);
      seen.push(...body.changes.map((c) => `${c.t}/${c.id}`));
      cursor = body.cursor;
      if (!body.hasMore) break;
    }
    expect(seen).toEqual([...new Set(seen)]);
    expect(seen.sort()).toEqual([...whole.rows.keys()].sort());
    for (const id of odd) expect(seen).toContain(`sections/${id}`);
    expect(cursor).toBe(whole.cursor);
  });
});

describe('cursor epoch', () => {
  it('resets a device whose cursor is past a database restored from an older backup', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    await addSections(env.server.ctx, orgId, [nanoid(), nanoid()]);
    const before = await pullAll(admin.api);
    await addSections(env.server.ctx, orgId, [nanoid()]);
    await addSections(env.server.ctx, orgId, [nanoid()]);
    const { cursor } = await pullAll(admin.api, { cursor: before.cursor });
    const [clock] = await env.server.ctx.db.select().from(orgClocks).where(eq(orgClocks.orgId, orgId));

    // The backup holds the clock as it stood at `before`; the server started on it sets a new epoch.
    const backupRev = clock!.rev - 2;
    await env.server.ctx.db.update(orgClocks).set({ rev: backupRev, epoch: 'restoredEpoch', epochRev: backupRev }).where(eq(orgClocks.orgId, orgId));
    const afterRestore = nanoid();
    await addSections(env.server.ctx, orgId, [afterRestore]);

    expect(await pullPage(admin.api, cursor, 1000)).toMatchObject({ reset: true, cursor: '', changes: [] });
    expect((await pullPage(admin.api, before.cursor, 1000)).reset).toBe(false);
    const again = await pullAll(admin.api, { cursor });
    expect(again.rows.has(`sections/${afterRestore}`)).toBe(true);
  });

  it('resets a cursor past the clock of its own epoch (the database went back while the server ran)', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    await addSections(env.server.ctx, orgId, [nanoid()]);
    const { cursor } = await pullAll(admin.api);
    await env.server.ctx.db
      .update(orgClocks)
      .set({ rev: sql`${orgClocks.rev} - 1` })
      .where(eq(orgClocks.orgId, orgId));
    expect((await pullPage(admin.api, cursor, 1000)).reset).toBe(true);
  });

  it('resets a cursor inside the tombstone horizon’s revision, which may have missed a purged delete', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const [first, second, gone] = [`a${nanoid()}`, `b${nanoid()}`, `z${nanoid()}`];
    await addSections(env.server.ctx, orgId, [first!, second!, gone!]);
    const start = await pullAll(admin.api);
    await env.server.ctx.write(orgId, undefined, async ({ tx, rev, now }) => {
      await tx.update(sections).set({ rev, name: 'First' }).where(eq(sections.id, first!));
      await tx.update(sections).set({ rev, name: 'Second' }).where(eq(sections.id, second!));
      await tx.update(sections).set({ rev, deletedAt: now }).where(eq(sections.id, gone!));
    });
    const inside = await pullPage(admin.api, start.cursor, 1);
    expect(inside.hasMore).toBe(true);
    const whole = await pullPage(admin.api, start.cursor, 1000);
    await purgeTombstones(env.server.ctx, new Date(Date.now() + 60_000));

    expect(await pullPage(admin.api, inside.cursor, 1000)).toMatchObject({ reset: true, changes: [] });
    expect((await pullPage(admin.api, whole.cursor, 1000)).reset).toBe(false);
  });

  it('lets a first pull in pages finish after a purge, though its pages lie below the horizon', async () => {
    const { orgId, admin } = await orgWithAdmin(env.server);
    const ids = Array.from({ length: 6 }, () => nanoid());
    await addSections(env.server.ctx, orgId, ids);
    await env.server.ctx.write(orgId, undefined, async ({ tx, rev, now }) => {
      await tx.update(sections).set({ rev, deletedAt: now }).where(eq(sections.id, ids[0]!));
    });
    await purgeTombstones(env.server.ctx, new Date(Date.now() + 60_000));

    const { rows, pages } = await pullAll(admin.api, { limit: 2 });
    expect(pages.some((p) => p.reset)).toBe(false);
    expect(pages.length).toBeGreaterThan(2);
    const got = new Set([...rows.values()].filter((c) => c.t === 'sections').map((c) => c.id));
    expect(ids.slice(1).every((id) => got.has(id))).toBe(true);
    expect(got.has(ids[0]!)).toBe(false);
  });
});

describe('cursors across a restart', () => {
  it('keeps the cursors given out before epochs, and the last epoch’s, working after a restart', async () => {
    const first = await startTestServer();
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      const { orgId, admin } = await orgWithAdmin(first);
      const start = await pullAll(admin.api);
      const ids = ['a', 'b', 'c', 'd', 'e'].map((p) => `${p}${nanoid()}`);
      await addSections(first.ctx, orgId, ids);
      const page = await pullPage(admin.api, start.cursor, 2);
      expect(page.changes.map((c) => c.id)).toEqual(ids.slice(0, 2));

      // What a device deployed before epochs holds: `rev` and `rev:table:id`.
      const [epoch, rev, table, encoded] = page.cursor.split('.');
      const legacyMid = `${rev}:${table}:${Buffer.from(encoded!, 'base64url').toString()}`;
      const legacyWhole = start.cursor.split('.')[1]!;
      expect(legacyMid).toBe(`${rev}:sections:${ids[1]}`);

      await first.stop();
      second = await startTestServer({ dataDir: first.dataDir, port: first.port, ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}) });
      const api = apiClient(second.baseUrl, admin.tokens.accessToken);

      const fromMid = await pullAll(api, { cursor: legacyMid, limit: 2 });
      expect(fromMid.pages[0]!.reset).toBe(false);
      expect([...fromMid.rows.values()].map((c) => c.id)).toEqual(ids.slice(2));
      const fromWhole = await pullAll(api, { cursor: legacyWhole, limit: 2 });
      expect(fromWhole.pages[0]!.reset).toBe(false);
      expect([...fromWhole.rows.values()].map((c) => c.id)).toEqual(ids);
      const fromLastEpoch = await pullAll(api, { cursor: page.cursor, limit: 2 });
      expect(fromLastEpoch.pages[0]!.reset).toBe(false);
      expect([...fromLastEpoch.rows.values()].map((c) => c.id)).toEqual(ids.slice(2));
      expect(fromLastEpoch.cursor.split('.')[0]).not.toBe(epoch);
    } finally {
      await (second ?? first).stop({ drop: true });
    }
  });
});
