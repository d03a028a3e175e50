import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin } from '../support/session.ts';
import { createVehicle } from '../support/factories.ts';
import { openStream } from '../support/stream.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import { noteSchema, NOTE_TOO_LONG_MESSAGE } from '../../core/schema/note.ts';

let server: TestServer;
let org: Awaited<ReturnType<typeof orgWithAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  org = await orgWithAdmin(server);
});
afterAll(() => server.stop({ drop: true }));

describe('vehicle notes', () => {
  it('adds a note, lists it newest first and announces it in Fleet Updates', async () => {
    const vehicle = await createVehicle(server.ctx, org.orgId, org.sectionId);
    const { ticket } = streamTicketSchema.parse((await org.admin.api.get('/stream/ticket')).body);
    const stream = await openStream(server.baseUrl, ticket);
    const path = `/data/v1/vehicles/${vehicle.vehicleId}/notes`;

    expect((await org.admin.api.post(path, { note: 'Left mirror cracked' })).status).toBe(201);
    const second = await org.admin.api.post(path, { note: '  Mirror replaced  ' });
    expect(second.status).toBe(201);
    expect(noteSchema.parse(second.body)).toMatchObject({ note: 'Mirror replaced', regNumber: vehicle.regNumber, userId: org.admin.userId });

    const event = await stream.next((m) => m.type === 'event' && m.event.eventType === 'note' && m.event.note === 'Mirror replaced');
    expect(event).toMatchObject({ event: { regNumber: vehicle.regNumber, vehicleType: vehicle.vehicleType, userId: org.admin.userId } });
    stream.close();

    const all = await org.admin.api.get(path);
    expect(all.body.map((n: { note: string }) => n.note)).toEqual(['Mirror replaced', 'Left mirror cracked']);
    const recent = await org.admin.api.get(`${path}/recent`);
    expect(recent.body.map((n: { note: string }) => n.note)).toEqual(['Mirror replaced']);
  });

  it('refuses an empty or too long note with the spec’s message and stores nothing', async () => {
    const vehicle = await createVehicle(server.ctx, org.orgId, org.sectionId);
    const path = `/data/v1/vehicles/${vehicle.vehicleId}/notes`;
    const long = await org.admin.api.post(path, { note: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.errorMessage).toBe(`note: ${NOTE_TOO_LONG_MESSAGE}`);
    expect((await org.admin.api.post(path, { note: '   ' })).status).toBe(400);
    expect((await org.admin.api.get(path)).body).toEqual([]);
  });

  it('does not reach another organization’s vehicle', async () => {
    const other = await orgWithAdmin(server);
    const theirs = await createVehicle(server.ctx, other.orgId, other.sectionId);
    const path = `/data/v1/vehicles/${theirs.vehicleId}/notes`;
    expect((await org.admin.api.post(path, { note: 'not mine' })).status).toBe(404);
    expect((await org.admin.api.get(path)).status).toBe(404);
    expect((await other.admin.api.get(path)).body).toEqual([]);
  });
});
