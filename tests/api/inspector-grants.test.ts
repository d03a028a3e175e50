import { describe, expect, it } from 'vitest';
import { discrepancies, vehicles, waivers } from '../../server/db/schema/index.ts';
import { INSPECTOR_FEED_NAMES } from '../../server/sync/inspector-feeds.ts';
import { createVehicle } from '../support/factories.ts';
import { declaredRoutes } from '../support/fuzz-routes.ts';
import { signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { addDiscrepancy, addSections, addWorkflow, insertRows, setVehicleWorkflow, updateRows } from '../support/table-rows.ts';

const env = useServerWithOrg();

/** The GET routes an inspector may call: the inspection app's (docs/inspection-app.md), the session's and the public ones. */
const INSPECTOR_READS = new Set([
  '/data/v1/sync/pull',
  '/data/v1/sync/answers',
  '/data/v1/vehicles/:vehicleId/workflow',
  '/auth/session',
  '/auth/users/self',
  '/app-config.json',
  '/Af1800.pdf',
  '/healthz',
  '/readyz',
]);

const discrepancy = (itemNo: number, extra: Record<string, unknown> = {}) => ({
  itemNo,
  discrepancy: `Item ${itemNo} broken`,
  dateDiscovered: new Date(),
  ...extra,
});
const waiver = (ruleId: string, status: string) => ({ ruleId, explanation: `${ruleId} waived`, status });

/** What a pull brought, feed by feed: the ids of each. */
function byFeed(rows: Map<string, { t: string; id: string }>) {
  const feeds: Record<string, string[]> = {};
  for (const change of rows.values()) (feeds[change.t] ??= []).push(change.id);
  for (const ids of Object.values(feeds)) ids.sort();
  return feeds;
}

describe("an inspector's tablet (issue 49)", () => {
  it('pulls what an inspection needs of its section and nothing else; rows leaving the grant go as deletes', async () => {
    const { ctx } = env.server;
    const { orgId, sectionId } = env.org;
    const [otherSection] = await addSections(ctx, orgId, ['Other section']);
    const mine = await createVehicle(ctx, orgId, sectionId);
    const theirs = await createVehicle(ctx, orgId, otherSection!);
    const workflowId = await addWorkflow(ctx, orgId, { rules: [{ ruleId: 'AF1800-17', title: 'Horn' }] });
    await setVehicleWorkflow(ctx, orgId, mine.vehicleId, workflowId);
    const open = await addDiscrepancy(ctx, orgId, mine, discrepancy(17));
    await addDiscrepancy(ctx, orgId, mine, discrepancy(18, { actualCompletionDate: new Date() }));
    await addDiscrepancy(ctx, orgId, mine, discrepancy(19, { disregard: true }));
    await addDiscrepancy(ctx, orgId, theirs, discrepancy(17));
    const [openWaiver] = await insertRows(ctx, orgId, waivers, [{ ...waiver('AF1800-21', 'open'), vehicleId: mine.vehicleId, regNumber: mine.regNumber }]);
    await insertRows(ctx, orgId, waivers, [
      { ...waiver('AF1800-22', 'closed'), vehicleId: mine.vehicleId, regNumber: mine.regNumber },
      { ...waiver('AF1800-21', 'open'), vehicleId: theirs.vehicleId, regNumber: theirs.regNumber },
    ]);

    const inspector = await signedInUser(env.server, orgId, sectionId, { role: 'inspector' });
    const first = await pullAll(inspector.api);
    const feeds = byFeed(first.rows);
    expect(Object.keys(feeds).every((name) => INSPECTOR_FEED_NAMES.includes(name))).toBe(true);
    expect(feeds.vehicles).toEqual([mine.vehicleId]);
    expect(feeds.discrepancies).toEqual([open]);
    expect(feeds.waivers).toEqual([openWaiver]);
    expect(feeds.sections).toEqual([sectionId]);
    expect(feeds.organizations).toEqual([orgId]);
    expect(feeds.workflows).toContain(String(workflowId));
    expect(feeds.workflowRules?.length).toBeGreaterThan(0);
    // The first page counts what the tablet will hold, as a website device's does.
    expect(first.pages[0]!.total).toBe(first.rows.size);

    // The discrepancy is fixed, the waiver closed, the vehicle moved: each leaves the tablet.
    await updateRows(ctx, orgId, discrepancies, [{ id: open, set: { actualCompletionDate: new Date() } }]);
    await updateRows(ctx, orgId, waivers, [{ id: openWaiver!, set: { status: 'closed' } }]);
    const later = await pullAll(inspector.api, { cursor: first.cursor, rows: first.rows });
    expect(byFeed(later.rows).discrepancies).toBeUndefined();
    expect(byFeed(later.rows).waivers).toBeUndefined();
    await updateRows(ctx, orgId, vehicles, [{ id: mine.vehicleId, set: { sectionId: otherSection! } }]);
    const moved = await pullAll(inspector.api, { cursor: later.cursor, rows: later.rows });
    expect(byFeed(moved.rows).vehicles).toBeUndefined();
    // A website role still pulls the whole organization.
    const admin = byFeed((await pullAll(env.org.admin.api)).rows);
    expect(admin.vehicles).toEqual(expect.arrayContaining([mine.vehicleId, theirs.vehicleId]));
    expect(admin.discrepancies?.length).toBeGreaterThanOrEqual(4);
    // A website role without a section is still answered the no-section 412, an inspector without one is not.
    const noSection = await signedInUser(env.server, orgId, null, { role: 'jrSuper' });
    expect((await noSection.api.get('/data/v1/sync/pull?cursor=&limit=10')).status).toBe(412);
    const roaming = await signedInUser(env.server, orgId, null, { role: 'inspector' });
    expect(byFeed((await pullAll(roaming.api)).rows).vehicles).toEqual(expect.arrayContaining([mine.vehicleId, theirs.vehicleId]));
  });

  it('fills no inspection answers after its first sync: it pulls no inspections (an empty page, not a 403 that would reset the app)', async () => {
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    const res = await inspector.api.get('/data/v1/sync/answers?after=');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ answers: [], next: null, total: 0 });
  });

  it('is refused every other read of the website', async () => {
    const { ctx } = env.server;
    const v = await createVehicle(ctx, env.org.orgId, env.org.sectionId);
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    const reads = declaredRoutes().filter((r) => r.method === 'GET' && !INSPECTOR_READS.has(r.url));
    expect(reads.length).toBeGreaterThan(30);
    const answered: string[] = [];
    for (const r of reads) {
      const url = r.url.replace(':vehicleId', v.vehicleId).replace(':orgId', env.org.orgId).replace(/:\w+/g, 'x');
      const res = await inspector.api.get(url);
      if (res.status !== 403) answered.push(`${r.url} ${res.status}`);
    }
    expect(answered).toEqual([]);
  });
});
