import { nanoid } from 'nanoid';
import { describe, expect, it } from 'vitest';
import { COMPLETION_AFTER_TODAY, COMPLETION_DATE_REQUIRED, PASSED_NEEDS_COMPLETED } from '../../core/rules/completion.ts';
import { ltiResource, ltiSchema, MX_TYPE_MESSAGE, pmiResource, scheduledMxResource, scheduledMxSchema } from '../../core/schema/maintenance.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import { createVehicle } from '../support/factories.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { openStream } from '../support/stream.ts';

const env = useServerWithOrg();
const when = '2026-12-01T00:00:00.000Z';
const future = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

async function vehicleAndPaths() {
  const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
  const { orgId } = env.org;
  return {
    vehicle,
    scheduled: scheduledMxResource.paths.list.build({ vehicleId: vehicle.vehicleId }),
    lti: ltiResource.paths.list.build({ vehicleId: vehicle.vehicleId }),
    pmi: pmiResource.paths.list.build({ vehicleId: vehicle.vehicleId }),
    scheduledItem: (mxId: string) => scheduledMxResource.paths.item.build({ orgId, mxId }),
    ltiItem: (ltiId: string) => ltiResource.paths.item.build({ orgId, ltiId }),
    pmiItem: (pmiId: string) => pmiResource.paths.item.build({ orgId, pmiId }),
  };
}

describe('scheduled maintenance (part 1 §7 "Maintenance")', () => {
  it('schedules, lists, edits and completes it, and announces each change as an mx event', async () => {
    const { vehicle, scheduled, scheduledItem } = await vehicleAndPaths();
    const api = env.org.admin.api;
    const { ticket } = streamTicketSchema.parse((await api.get('/stream/ticket')).body);
    const stream = await openStream(env.server.baseUrl, ticket);

    const created = await api.post(scheduled, { mxDate: when, mxType: ' Oil change, 5k-mi. ' });
    expect(created.status).toBe(201);
    const mx = scheduledMxSchema.parse(created.body);
    expect(mx).toMatchObject({ mxType: 'Oil change, 5k-mi.', mxDate: when, completed: false, completionDate: null, regNumber: vehicle.regNumber });
    expect(mx.creatorId).toBe(env.org.admin.userId);
    const event = await stream.next((m) => m.type === 'event' && m.event.eventType === 'mx' && m.event.regNumber === vehicle.regNumber);
    expect(event).toMatchObject({ event: { mxType: 'Oil change, 5k-mi.', vehicleType: vehicle.vehicleType, userId: env.org.admin.userId } });

    const edited = await api.patch(scheduledItem(mx.mxId), { mxType: 'Brakes' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ mxType: 'Brakes', mxDate: when, completed: false });
    await stream.next((m) => m.type === 'event' && m.event.eventType === 'mx' && m.event.mxType === 'Brakes');
    stream.close();

    // Ticking Completed alone fills in now; a date set by hand completes; unticking clears the date.
    const done = await api.patch(scheduledItem(mx.mxId), { completed: true });
    expect(done.body.completed).toBe(true);
    expect(Math.abs(Date.parse(done.body.completionDate) - Date.now())).toBeLessThan(60_000);
    expect((await api.patch(scheduledItem(mx.mxId), { completed: false })).body).toMatchObject({ completed: false, completionDate: null });
    expect((await api.patch(scheduledItem(mx.mxId), { completionDate: '2026-11-20T10:00:00.000Z' })).body).toMatchObject({
      completed: true,
      completionDate: '2026-11-20T10:00:00.000Z',
    });

    const listed = await api.get(scheduled);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ mxId: mx.mxId, mxType: 'Brakes', completed: true })]);
  });

  it('refuses bad input with the spec’s messages and changes nothing', async () => {
    const { scheduled, scheduledItem } = await vehicleAndPaths();
    const api = env.org.admin.api;
    const bad = async (path: string, body: object, message: string, method: 'post' | 'patch' = 'post') => {
      const res = await api[method](path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    };
    await bad(scheduled, { mxDate: when }, 'mxType: Type is required');
    await bad(scheduled, { mxDate: when, mxType: '   ' }, 'mxType: Type is required');
    await bad(scheduled, { mxDate: when, mxType: 'Oil & filter' }, `mxType: ${MX_TYPE_MESSAGE}`);
    await bad(scheduled, { mxDate: when, mxType: 'x'.repeat(31) }, `mxType: ${MX_TYPE_MESSAGE}`);
    expect((await api.post(scheduled, { mxType: 'Tyres' })).status).toBe(400);
    expect((await api.get(scheduled)).body).toEqual([]);

    const mx = scheduledMxSchema.parse((await api.post(scheduled, { mxDate: when, mxType: 'Tyres' })).body);
    await bad(scheduledItem(mx.mxId), { completionDate: future() }, `completionDate: ${COMPLETION_AFTER_TODAY}`, 'patch');
    await bad(scheduledItem(mx.mxId), { completed: true, completionDate: null }, `completionDate: ${COMPLETION_DATE_REQUIRED}`, 'patch');
    await bad(scheduledItem(mx.mxId), { mxType: '' }, 'mxType: Type is required', 'patch');
    await bad(scheduledItem(mx.mxId), {}, 'Nothing to update', 'patch');
    expect((await api.patch(scheduledItem(mx.mxId), { regNumber: 'X' })).status).toBe(400);
    expect((await api.patch(scheduledItem('no-such-mx'), { completed: true })).status).toBe(404);
    expect((await api.get(scheduled)).body).toEqual([expect.objectContaining({ mxType: 'Tyres', completed: false, completionDate: null })]);
  });
});

describe('LTIs and PMIs (part 1 §4: passed only while completed)', () => {
  it.each(['lti', 'pmi'] as const)('%s: schedules, completes with a result and notes, and unticking clears both', async (kind) => {
    const paths = await vehicleAndPaths();
    const [list, item, key] = kind === 'lti' ? [paths.lti, paths.ltiItem, 'ltiId'] : [paths.pmi, paths.pmiItem, 'pmiId'];
    const api = env.org.admin.api;
    const { ticket } = streamTicketSchema.parse((await api.get('/stream/ticket')).body);
    const stream = await openStream(env.server.baseUrl, ticket);

    const created = await api.post(list, { mxDate: when });
    expect(created.status).toBe(201);
    const visit = ltiSchema.omit({ ltiId: true }).parse(created.body);
    expect(visit).toMatchObject({ completed: false, passed: null, notes: null });
    const path = item(created.body[key]);

    const early = await api.patch(path, { passed: true });
    expect(early.status).toBe(400);
    expect(early.body.errorMessage).toBe(`passed: ${PASSED_NEEDS_COMPLETED}`);
    expect((await api.patch(path, { completed: false, passed: true })).body.errorMessage).toBe(`passed: ${PASSED_NEEDS_COMPLETED}`);

    const done = await api.patch(path, { completed: true, completionDate: '2026-11-20T10:00:00.000Z', passed: true, notes: '  Tyres worn  ' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ completed: true, completionDate: '2026-11-20T10:00:00.000Z', passed: true, notes: 'Tyres worn' });
    const event = await stream.next((m) => m.type === 'event' && m.event.eventType === kind && m.event.passed === true);
    expect(event).toMatchObject({ event: { notes: 'Tyres worn', regNumber: paths.vehicle.regNumber } });
    stream.close();

    expect((await api.patch(path, { completed: false })).body).toMatchObject({ completed: false, completionDate: null, passed: null, notes: 'Tyres worn' });
    expect((await api.patch(path, { notes: '' })).body.notes).toBeNull();
    expect((await api.get(list)).body).toEqual([expect.objectContaining({ [key]: created.body[key], completed: false, passed: null })]);
  });
});

describe('maintenance: roles and organizations', () => {
  it('lets read-only users read but not write, directly or pushed', async () => {
    const { scheduled, lti, scheduledItem } = await vehicleAndPaths();
    const mx = scheduledMxSchema.parse((await env.org.admin.api.post(scheduled, { mxDate: when, mxType: 'Tyres' })).body);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(scheduled)).status).toBe(200);
    expect((await dispatcher.api.post(scheduled, { mxDate: when, mxType: 'Tyres' })).status).toBe(403);
    expect((await dispatcher.api.post(lti, { mxDate: when })).status).toBe(403);
    expect((await dispatcher.api.patch(scheduledItem(mx.mxId), { completed: true })).status).toBe(403);

    const pushed = await dispatcher.api.post('/data/v1/sync/push', {
      clientId: nanoid(),
      mutations: [{ id: nanoid(), seq: 1, name: 'updateScheduledMx', request: { method: 'PATCH', path: scheduledItem(mx.mxId), body: { completed: true } } }],
    });
    const [verdict] = pushResponseSchema.parse(pushed.body).results;
    expect(verdict).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect((await env.org.admin.api.get(scheduled)).body).toEqual([expect.objectContaining({ completed: false })]);
  });

  it('keeps other organizations out', async () => {
    const { scheduled, pmi, scheduledItem } = await vehicleAndPaths();
    const mx = scheduledMxSchema.parse((await env.org.admin.api.post(scheduled, { mxDate: when, mxType: 'Tyres' })).body);
    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.get(scheduled)).status).toBe(404);
    expect((await other.admin.api.post(pmi, { mxDate: when })).status).toBe(404);
    // Our organization's path is refused; their own path does not find our record.
    expect((await other.admin.api.patch(scheduledItem(mx.mxId), { completed: true })).status).toBe(403);
    const theirPath = scheduledMxResource.paths.item.build({ orgId: other.orgId, mxId: mx.mxId });
    expect((await other.admin.api.patch(theirPath, { completed: true })).status).toBe(404);
    expect((await env.org.admin.api.get(scheduled)).body).toEqual([expect.objectContaining({ completed: false })]);
  });
});
