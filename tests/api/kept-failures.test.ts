import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectionResultRow } from '../../core/testing/feed-rows.ts';
import { failuresOverviewSchema, insightsPaths, usageExcessSchema } from '../../core/schema/insights.ts';
import { inspectionFailureClocks, inspectionFailures, inspections, orgClocks } from '../../server/db/schema/index.ts';
import { failedAnswers } from '../../server/modules/insights/kept-failures.ts';
import { dayRange } from '../../server/modules/insights/sql.ts';
import { selectRows } from '../../server/db/select-rows.ts';
import { purgeTombstones } from '../../server/sync/tombstones.ts';
import { addInspections, addVehicle, fail, fixed, pass, type Vehicle } from '../support/insight-rows.ts';
import { useServerWithOrg } from '../support/session.ts';
import { updateRows } from '../support/table-rows.ts';

/**
 * The failures are counted from the kept failed answers (server/modules/insights/kept-failures.ts):
 * whatever is written between two reads (a new inspection, an amendment, a delete, a purge of
 * tombstones), the figures are those of the inspections as they are, and the kept rows are one per
 * failed answer of a live inspection.
 */

const env = useServerWithOrg();
const RANGE = 'start=2026-03-01&end=2026-03-31';
let truck: Vehicle;

/** Failures per rule over the range, as GET /insights/failures/overview counts them. */
async function failuresPerRule(): Promise<Record<string, number>> {
  const res = await env.org.admin.api.get(`${insightsPaths.failuresOverview.build({})}?${RANGE}`);
  expect(res.status).toBe(200);
  const { rules } = failuresOverviewSchema.parse(res.body);
  return Object.fromEntries(rules.map((r) => [r.ruleId, r.data.reduce((n, d) => n + d.totalFailures, 0)]));
}

/** The kept rows of the organization: inspection and rule, sorted. */
async function keptRows(): Promise<string[]> {
  const rows = await env.server.ctx.db.select().from(inspectionFailures).where(eq(inspectionFailures.orgId, env.org.orgId));
  return rows.map((r) => `${r.inspectionId} ${r.ruleId}`).sort();
}

async function clocks() {
  const db = env.server.ctx.db;
  const [kept] = await db.select().from(inspectionFailureClocks).where(eq(inspectionFailureClocks.orgId, env.org.orgId));
  const [org] = await db.select().from(orgClocks).where(eq(orgClocks.orgId, env.org.orgId));
  return { kept: kept?.rev, rev: org!.rev };
}

/** Changes to inspections in one write, as the sync push or an amendment makes them (a new revision). */
const rewrite = (changes: { id: string; set: Partial<typeof inspections.$inferInsert> }[]) => updateRows(env.server.ctx, env.org.orgId, inspections, changes);

beforeAll(async () => {
  truck = await addVehicle(env.server.ctx, env.org.orgId, { regNumber: 'TRK-0100', vehicleType: 'Truck', sectionId: env.org.sectionId });
});

describe('kept failures', () => {
  let first: string;
  let second: string;
  let third: string;

  it('are kept one row per failed answer of a live inspection at the first read, up to the organization revision', async () => {
    [first = '', second = ''] = await addInspections(env.server.ctx, env.org.orgId, truck, [
      { at: '2026-03-02T10:00:00Z', answers: [fail('AF1800-3'), fixed('AF1800-5'), pass('AF1800-1')] },
      { at: '2026-03-03T10:00:00Z', answers: [fail('AF1800-7')] },
      { at: '2026-03-04T10:00:00Z', answers: [fail('AF1800-7')], deletedAt: new Date() },
    ]);
    expect(await failuresPerRule()).toEqual({ 'AF1800-3': 1, 'AF1800-5': 1, 'AF1800-7': 1 });
    expect(await keptRows()).toEqual([`${first} AF1800-3`, `${first} AF1800-5`, `${second} AF1800-7`].sort());
    const { kept, rev } = await clocks();
    expect(kept).toBe(rev);
  });

  it('follow an inspection added, one amended and one deleted after the last read', async () => {
    [third = ''] = await addInspections(env.server.ctx, env.org.orgId, truck, [{ at: '2026-03-05T10:00:00Z', answers: [fail('AF1800-3'), fail('AF1800-9')] }]);
    await rewrite([
      { id: first, set: { results: [inspectionResultRow({ ruleId: 'AF1800-3' })], passed: true, numFixes: 0 } },
      { id: second, set: { deletedAt: new Date() } },
    ]);
    expect(await failuresPerRule()).toEqual({ 'AF1800-3': 1, 'AF1800-9': 1 });
    expect(await keptRows()).toEqual([`${third} AF1800-3`, `${third} AF1800-9`].sort());
    const { kept, rev } = await clocks();
    expect(kept).toBe(rev);
  });

  it('are read exactly at a snapshot taken before they were folded: inspections written since the clock are opened', async () => {
    const [fourth = ''] = await addInspections(env.server.ctx, env.org.orgId, truck, [{ at: '2026-03-06T10:00:00Z', answers: [fail('AF1800-11')] }]);
    await rewrite([{ id: third, set: { inspectionDate: new Date('2026-04-20T10:00:00Z') } }]);
    const { kept, rev } = await clocks();
    expect(kept).toBeLessThan(rev);
    const db = env.server.ctx.db;
    const rows = await selectRows<{ inspection_id: string; rule_id: string }>(db, await failedAnswers(db, env.org.orgId, dayRange('2026-03-01', '2026-03-31')));
    expect(rows.map((r) => `${r.inspection_id} ${r.rule_id}`)).toEqual([`${fourth} AF1800-11`]);
    // The excess usage counts them too, after folding them in.
    const res = await env.org.admin.api.get(`${insightsPaths.usageExcess.build({})}?${RANGE}`);
    expect(usageExcessSchema.parse(res.body).vehicles.map((v) => [v.regNumber, v.errors])).toEqual([['TRK-0100', 1]]);
    expect(await keptRows()).toEqual([`${fourth} AF1800-11`, `${third} AF1800-3`, `${third} AF1800-9`].sort());
  });

  it('are made again when tombstones were purged past their clock, so no purged delete is missed', async () => {
    const [fifth = ''] = await addInspections(env.server.ctx, env.org.orgId, truck, [{ at: '2026-03-07T10:00:00Z', answers: [fail('AF1800-13')] }]);
    expect(await failuresPerRule()).toEqual({ 'AF1800-11': 1, 'AF1800-13': 1 });
    // Deleted, then purged before any read folded the delete in: the kept row of the fifth must go all the same.
    await rewrite([{ id: fifth, set: { deletedAt: new Date(Date.now() - 60_000) } }]);
    await purgeTombstones(env.server.ctx, new Date());
    expect(await failuresPerRule()).toEqual({ 'AF1800-11': 1 });
    expect((await keptRows()).some((r) => r.startsWith(fifth))).toBe(false);
  });
});
