import { describe, expect, it } from 'vitest';
import { useServerWithOrg, orgWithAdmin } from '../support/session.ts';
import { createVehicle } from '../support/factories.ts';
import { openStream } from '../support/stream.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import { noteSchema, NOTE_TOO_LONG_MESSAGE } from '../../core/schema/note.ts';

const env = useServerWithOrg();

describe('vehicle notes', () => {
  it('adds a note, lists it newest first and announces it in Fleet Updates', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const { ticket } = streamTicketSchema.parse((await env.org.admin.api.get('/stream/ticket')).body);
    const stream = await openStream(env.server.baseUrl, ticket);
    const path = `/data/v1/vehicles/${vehicle.vehicleId}/notes`;

    expect((await env.org.admin.api.post(path, { note: 'Left mirror cracked' })).status).toBe(201);
    const second = await env.org.admin.api.post(path, { note: '  Mirror replaced  ' });
    expect(second.status).toBe(201);
    expect(noteSchema.parse(second.body)).toMatchObject({ note: 'Mirror replaced', regNumber: vehicle.regNumber, userId: env.org.admin.userId });

    const event = await stream.next((m) => m.type === 'event' && m.event.eventType === 'note' && m.event.note === 'Mirror replaced');
    expect(event).toMatchObject({ event: { regNumber: vehicle.regNumber, vehicleType: vehicle.vehicleType, userId: env.org.admin.userId } });
    stream.close();

    const all = await env.org.admin.api.get(path);
    expect(all.body.map((n: { note: string }) => n.note)).toEqual(['Mirror replaced', 'Left mirror cracked']);
    const recent = await env.org.admin.api.get(`${path}/recent`);
    expect(recent.body.map((n: { note: string }) => n.note)).toEqual(['Mirror replaced']);
  });

  it('refuses an empty or too long note with the spec’s message and stores nothing', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const path = `/data/v1/vehicles/${vehicle.vehicleId}/notes`;
    const long = await env.org.admin.api.post(path, { note: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.errorMessage).toBe(`note: ${NOTE_TOO_LONG_MESSAGE}`);
    expect((await env.org.admin.api.post(path, { note: '   ' })).status).toBe(400);
    expect((await env.org.admin.api.get(path)).body).toEqual([]);
  });

  it('does not reach another organization’s vehicle', async () => {
    const other = await orgWithAdmin(env.server);
    const theirs = await createVehicle(env.server.ctx, other.orgId, other.sectionId);
    const path = `/data/v1/vehicles/${theirs.vehicleId}/notes`;
    expect((await env.org.admin.api.post(path, { note: 'not mine' })).status).toBe(404);
    expect((await env.org.admin.api.get(path)).status).toBe(404);
    expect((await other.admin.api.get(path)).body).toEqual([]);
  });
});
