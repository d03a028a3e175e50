import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useServerWithOrg, orgWithAdmin } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { createVehicle } from '../support/factories.ts';
import { addInspection } from '../support/table-rows.ts';
import { inspections } from '../../server/db/schema/index.ts';
import { answersPageSchema, answersPath, type InspectionAnswers } from '../../core/schema/sync-answers.ts';
import { compareCodePoints } from '../../server/sync/cursor.ts';

const env = useServerWithOrg();

/**
 * An organization with three inspections of two vehicles in the months devices keep answers of (each
 * with the vehicle's id: `recent`), one older and one deleted.
 */
async function orgWithInspections() {
  const org = await orgWithAdmin(env.server);
  const vehicle = await createVehicle(env.server.ctx, org.orgId, org.sectionId);
  const second = await createVehicle(env.server.ctx, org.orgId, org.sectionId);
  const inspector = { userId: org.admin.userId, name: 'Test vco' };
  const now = Date.now();
  const add = (at: number, ruleId: string, of = vehicle) =>
    addInspection(env.server.ctx, org.orgId, of, {
      date: new Date(at).toISOString(),
      inspector,
      results: [{ ruleId, isPassing: false, value: false, comment: `${ruleId} worn` }],
    });
  const recent = [
    { id: await add(now - 3_600_000, 'AF1800-1'), vehicleId: vehicle.vehicleId },
    { id: await add(now - 7_200_000, 'AF1800-2', second), vehicleId: second.vehicleId },
    { id: await add(now - 10_800_000, 'AF1800-3'), vehicleId: vehicle.vehicleId },
  ];
  const old = await add(now - 120 * 86_400_000, 'AF1800-4');
  const deleted = await add(now - 1_800_000, 'AF1800-5');
  await env.server.ctx.write(org.orgId, undefined, async ({ tx, rev, now: at }) => {
    await tx.update(inspections).set({ rev, deletedAt: at }).where(eq(inspections.id, deleted));
  });
  return { ...org, recent, old };
}

async function allAnswers(api: Awaited<ReturnType<typeof orgWithAdmin>>['admin']['api'], limit: number) {
  const pages = [];
  let after = '';
  for (;;) {
    const res = await api.get(`${answersPath}?${new URLSearchParams({ after, limit: String(limit) })}`);
    expect(res.status).toBe(200);
    const page = answersPageSchema.parse(res.body);
    pages.push(page);
    if (page.next === null) break;
    after = page.next;
  }
  return { pages, answers: pages.flatMap((p) => p.answers) };
}

describe('answers later', () => {
  it('a pull with answers=later brings inspections without their answers, the rest as a whole pull does', async () => {
    const { admin, recent, old } = await orgWithInspections();
    const whole = await pullAll(admin.api);
    const later = await pullAll(admin.api, { answers: 'later' });

    expect([...later.rows.keys()].sort()).toEqual([...whole.rows.keys()].sort());
    for (const [key, change] of whole.rows) {
      if (change.t !== 'inspections') expect(later.rows.get(key)).toEqual(change);
      else expect(later.rows.get(key)).toEqual({ ...change, data: { ...change.data, results: null } });
    }
    for (const { id } of recent) expect(whole.rows.get(`inspections/${id}`)?.data?.results).toHaveLength(1);
    expect(whole.rows.get(`inspections/${old}`)?.data?.results).toBeNull();
    expect(later.cursor).toBe(whole.cursor);
  });

  it('GET /data/v1/sync/answers brings the answers of the months devices keep, in pages vehicle by vehicle, each with the version it belongs to', async () => {
    const { admin, recent } = await orgWithInspections();
    const whole = await pullAll(admin.api);

    const { pages, answers } = await allAnswers(admin.api, 2);

    expect(pages.map((p) => p.answers.length)).toEqual([2, 1]);
    expect(pages[0]!.total).toBe(3);
    expect(pages[1]!.total).toBeUndefined();
    // A device keeps a vehicle's inspections a record per month: a vehicle's answers come together, in the order of the vehicles' ids.
    const byVehicle = [...recent].sort((a, b) => compareCodePoints(a.vehicleId, b.vehicleId) || compareCodePoints(a.id, b.id));
    expect(answers.map((a) => a.inspectionId)).toEqual(byVehicle.map((r) => r.id));
    expect(pages[0]!.next).toBe(`${byVehicle[1]!.vehicleId}/${byVehicle[1]!.id}`);
    for (const a of answers) {
      const row = whole.rows.get(`inspections/${a.inspectionId}`)!.data!;
      expect(a).toEqual<InspectionAnswers>({
        inspectionId: a.inspectionId,
        vehicleId: row.vehicleId as string,
        inspectionDate: row.inspectionDate as string,
        lastModificationDate: row.lastModificationDate as string,
        results: row.results as InspectionAnswers['results'],
      });
    }
    // One page when the limit allows.
    expect((await allAnswers(admin.api, 500)).pages).toHaveLength(1);
  });

  it("says in an inspection's delete where it lived: its vehicle and date", async () => {
    const { admin, recent, orgId } = await orgWithInspections();
    const before = await pullAll(admin.api);
    const gone = before.rows.get(`inspections/${recent[1]!.id}`)!.data!;
    await env.server.ctx.write(orgId, undefined, async ({ tx, rev, now }) => {
      await tx.update(inspections).set({ rev, deletedAt: now }).where(eq(inspections.id, recent[1]!.id));
    });

    const after = await pullAll(admin.api, { cursor: before.cursor });

    expect(after.pages.flatMap((p) => p.changes)).toEqual([
      { t: 'inspections', op: 'delete', id: recent[1]!.id, at: { vehicleId: recent[1]!.vehicleId, inspectionDate: gone.inspectionDate } },
    ]);
  });

  it('starts again from the first page for a cursor of the pages in id order (an inspection id alone)', async () => {
    const { admin, recent } = await orgWithInspections();
    const res = await admin.api.get(`${answersPath}?${new URLSearchParams({ after: recent[0]!.id })}`);
    expect(res.status).toBe(200);
    const page = answersPageSchema.parse(res.body);
    expect(page.total).toBe(3);
    expect(page.answers.map((a) => a.inspectionId).sort(compareCodePoints)).toEqual(recent.map((r) => r.id).sort(compareCodePoints));
  });

  it("gives another organization's caller none of them", async () => {
    await orgWithInspections();
    const other = await orgWithAdmin(env.server);
    const res = await other.admin.api.get(answersPath);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ answers: [], next: null, total: 0 });
  });

  it('refuses a bad query with a message, and answers nothing without a token', async () => {
    const { admin } = await orgWithInspections();
    expect(await admin.api.get('/data/v1/sync/pull?answers=soon')).toMatchObject({
      status: 400,
      body: { errorMessage: expect.stringContaining("answers is 'later' or left out") },
    });
    expect(await admin.api.get(`${answersPath}?limit=0`)).toMatchObject({
      status: 400,
      body: { errorMessage: expect.stringContaining('limit must be at least 1') },
    });
    expect(await admin.api.get(`${answersPath}?limit=lots`)).toMatchObject({
      status: 400,
      body: { errorMessage: expect.stringContaining('limit must be a number') },
    });
    expect(await admin.api.get(`${answersPath}?after=${'x'.repeat(2001)}`)).toMatchObject({
      status: 400,
      body: { errorMessage: expect.stringContaining('after is at most 2000') },
    });
    const anonymous = await fetch(`${env.server.baseUrl}${answersPath}`);
    expect(anonymous.status).toBe(401);
  });
});
