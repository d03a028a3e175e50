import { nanoid } from 'nanoid';
import { describe, expect, it } from 'vitest';
import { discrepancyResource, discrepancySchema, discrepancyWithPicturesSchema } from '../../core/schema/discrepancy.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { vehicles } from '../../server/db/schema/index.ts';
import { createVehicle } from '../support/factories.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { openStream } from '../support/stream.ts';
import { addWorkflow } from '../support/table-rows.ts';
import { eq } from 'drizzle-orm';

const env = useServerWithOrg();
const { list, item } = discrepancyResource.paths;
const report = { itemNo: 3, discrepancy: 'Left headlight out', dateDiscovered: '2026-11-23T08:00:00.000Z' };

/** A vehicle whose workflow has yes/no rules for AF1800 items 3 and 12 and a numeric rule for item 4. */
async function vehicleWithWorkflow() {
  const { ctx } = env.server;
  const { orgId, sectionId } = env.org;
  const vehicle = await createVehicle(ctx, orgId, sectionId);
  const workflowId = await addWorkflow(ctx, orgId, {
    rules: [
      { ruleId: 'lights', title: 'Lights', af1800Id: 3 },
      { ruleId: 'AF1800-12', title: 'Wipers' },
      { ruleId: 'fuel', title: 'Fuel level', af1800Id: 4, isBoolean: false },
    ],
  });
  await ctx.write(orgId, undefined, ({ tx, rev }) =>
    tx
      .update(vehicles)
      .set({ workflowId: String(workflowId), rev })
      .where(eq(vehicles.id, vehicle.vehicleId)),
  );
  return { ...vehicle, list: list.build({ vehicleId: vehicle.vehicleId }), item: (mxId: string) => item.build({ vehicleId: vehicle.vehicleId, mxId }) };
}

describe('required maintenance (part 1 §7 "Maintenance")', () => {
  it('reports a discrepancy against a yes/no AF1800 rule, lists it with its pictures and announces it', async () => {
    const v = await vehicleWithWorkflow();
    const api = env.org.admin.api;
    const { ticket } = streamTicketSchema.parse((await api.get('/stream/ticket')).body);
    const stream = await openStream(env.server.baseUrl, ticket);

    const created = await api.post(v.list, { ...report, regNumber: v.regNumber, reportMiles: 1204 });
    expect(created.status).toBe(201);
    const d = discrepancySchema.parse(created.body);
    expect(d).toMatchObject({
      itemNo: 3,
      inspectorId: env.org.admin.userId,
      reporterUserId: env.org.admin.userId,
      reportMiles: 1204,
      disregard: false,
      numFixed: 0,
    });
    expect(d.reportDate).not.toBeNull();
    const event = await stream.next((m) => m.type === 'event' && m.event.eventType === 'discrepancy' && m.event.regNumber === v.regNumber);
    expect(event).toMatchObject({ event: { discrepancy: 'Left headlight out', disregard: false, estCompletionDate: null } });
    stream.close();

    const plain = discrepancySchema.parse((await api.post(v.list, { ...report, itemNo: 12 })).body);
    expect(plain).toMatchObject({ reportMiles: null, reportDate: null, reporterUserId: null });
    const listed = await api.get(v.list);
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: unknown) => discrepancyWithPicturesSchema.parse(row).pictures)).toEqual([[], []]);
  });

  it('works a discrepancy: a closing code completes it on its work date, a delayed code reopens it, disregard', async () => {
    const v = await vehicleWithWorkflow();
    const api = env.org.admin.api;
    const d = discrepancySchema.parse((await api.post(v.list, report)).body);
    const worked = await api.patch(v.item(d.mxId), { workOrder: ' WO-1138 ', af1800StatusCode: 'C-P', workDate: '2026-11-23T00:00:00.000Z', numFixed: 1 });
    expect(worked.status).toBe(200);
    expect(worked.body).toMatchObject({ workOrder: 'WO-1138', af1800StatusCode: 'C-P', numFixed: 1, actualCompletionDate: '2026-11-23T00:00:00.000Z' });
    expect(Date.parse(worked.body.validFrom)).toBeGreaterThan(Date.parse(d.validFrom) - 1);
    expect((await api.patch(v.item(d.mxId), { af1800StatusCode: 'D-P' })).body).toMatchObject({ af1800StatusCode: 'D-P', actualCompletionDate: null });
    expect((await api.patch(v.item(d.mxId), { disregard: true, systemCode: '' })).body).toMatchObject({ disregard: true, systemCode: null });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const v = await vehicleWithWorkflow();
    const api = env.org.admin.api;
    const bad = async (path: string, body: object, message: string, method: 'post' | 'patch' = 'post') => {
      const res = await api[method](path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    };
    await bad(v.list, { ...report, itemNo: 4 }, "itemNo: AF1800 item 4 is not a yes/no rule of this vehicle's inspection workflow");
    await bad(v.list, { ...report, itemNo: undefined }, 'itemNo: Rule is required');
    await bad(v.list, { ...report, discrepancy: '  ' }, 'discrepancy: Discrepancy is required');
    await bad(v.list, { ...report, reportMiles: 0 }, 'reportMiles: Report miles must be at least 1');
    await bad(v.list, { ...report, reportHours: 1.5 }, 'reportHours: Report hours must be a whole number');
    await bad(v.list, { ...report, reportMiles: 2 ** 31 }, 'reportMiles: Report miles must be at most 2,147,483,647');
    expect((await api.get(v.list)).body).toEqual([]);

    const d = discrepancySchema.parse((await api.post(v.list, report)).body);
    await bad(v.item(d.mxId), { workOrder: 'x'.repeat(16) }, 'workOrder: Work orders are at most 15 characters', 'patch');
    await bad(v.item(d.mxId), { systemCode: 'y'.repeat(11) }, 'systemCode: System codes are at most 10 characters', 'patch');
    await bad(v.item(d.mxId), { af1800StatusCode: 'X' }, 'af1800StatusCode: Status code must be one of: C, C-T, C-P, D, D-P, D-M, D-D, W, N', 'patch');
    await bad(v.item(d.mxId), { numFixed: -1 }, 'numFixed: Cannot be negative', 'patch');
    await bad(v.item(d.mxId), { numFixed: 2 ** 31 }, 'numFixed: Enter a number of at most 2,147,483,647', 'patch');
    await bad(v.item(d.mxId), {}, 'Nothing to update', 'patch');
    expect((await api.patch(v.item('no-such-discrepancy'), { disregard: true })).status).toBe(404);
    expect((await api.get(v.list)).body).toEqual([expect.objectContaining({ mxId: d.mxId, workOrder: null, disregard: false })]);
  });

  it('deletes a discrepancy: gone from the list and from every device’s feed', async () => {
    const v = await vehicleWithWorkflow();
    const api = env.org.admin.api;
    const d = discrepancySchema.parse((await api.post(v.list, report)).body);
    const deleted = await api.delete(v.item(d.mxId));
    expect(deleted.status).toBe(204);
    expect((await api.get(v.list)).body).toEqual([]);
    expect((await api.delete(v.item(d.mxId))).status).toBe(404);
    const pulled = await api.get('/data/v1/sync/pull?limit=5000');
    expect(pulled.body.changes.filter((c: { t: string; id: string }) => c.t === 'discrepancies' && c.id === d.mxId)).toEqual([]);
  });

  it('lets read-only users read but not write, directly or pushed, and keeps other organizations out', async () => {
    const v = await vehicleWithWorkflow();
    const d = discrepancySchema.parse((await env.org.admin.api.post(v.list, report)).body);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(v.list)).status).toBe(200);
    expect((await dispatcher.api.post(v.list, report)).status).toBe(403);
    expect((await dispatcher.api.patch(v.item(d.mxId), { disregard: true })).status).toBe(403);
    expect((await dispatcher.api.delete(v.item(d.mxId))).status).toBe(403);
    const pushed = await dispatcher.api.post('/data/v1/sync/push', {
      clientId: nanoid(),
      mutations: [{ id: nanoid(), seq: 1, name: 'deleteDiscrepancy', request: { method: 'DELETE', path: v.item(d.mxId) } }],
    });
    expect(pushResponseSchema.parse(pushed.body).results[0]).toMatchObject({ status: 'rejected', httpStatus: 403 });

    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.get(v.list)).status).toBe(404);
    expect((await other.admin.api.post(v.list, report)).status).toBe(404);
    expect((await other.admin.api.delete(v.item(d.mxId))).status).toBe(404);
    expect((await env.org.admin.api.get(v.list)).body).toEqual([expect.objectContaining({ mxId: d.mxId, disregard: false })]);
  });
});
