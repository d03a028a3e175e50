import { describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { useServerWithOrg, orgWithAdmin, signedInUser } from '../support/session.ts';
import { openStream, upgradeStatus } from '../support/stream.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import type { LiveEventInput } from '../../server/stream/live-events.ts';
import { liveEvents } from '../../server/db/schema/index.ts';
import { eq } from 'drizzle-orm';

const env = useServerWithOrg();

async function ticket(api = env.org.admin.api): Promise<string> {
  const res = await api.get('/stream/ticket');
  expect(res.status).toBe(200);
  return streamTicketSchema.parse(res.body).ticket;
}

const statusEvent = (regNumber: string): LiveEventInput => ({
  eventType: 'status',
  regNumber,
  vehicleType: 'Truck',
  userId: env.org.admin.userId,
  status: 'inMx',
});

describe('stream tickets', () => {
  it('are single use', async () => {
    const t = await ticket();
    const first = await openStream(env.server.baseUrl, t);
    first.close();
    expect(await upgradeStatus(env.server.baseUrl, t)).toBe(401);
  });

  it('are not used up by a plain GET, which is told the stream is a WebSocket', async () => {
    const t = await ticket();
    const plain = await fetch(`${env.server.baseUrl}/stream/events?ticket=${encodeURIComponent(t)}`);
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ errorMessage: 'The live stream is a WebSocket: open it with an upgrade request' });
    const stream = await openStream(env.server.baseUrl, t);
    stream.close();
  });

  it('are refused to inspectors, and unknown tickets are refused', async () => {
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    expect((await inspector.api.get('/stream/ticket')).status).toBe(403);
    expect(await upgradeStatus(env.server.baseUrl, 'made-up')).toBe(401);
    expect(await upgradeStatus(env.server.baseUrl, '')).toBe(400);
  });

  it('expire after 30 seconds', async () => {
    const t = await ticket();
    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      expect(await upgradeStatus(env.server.baseUrl, t)).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });
});

describe('live stream', () => {
  it('delivers a published live event to every client of the organization, with a poke, and to no other organization', async () => {
    const other = await orgWithAdmin(env.server);
    const a = await openStream(env.server.baseUrl, await ticket());
    const b = await openStream(env.server.baseUrl, await ticket(env.org.admin.api));
    const outsider = await openStream(env.server.baseUrl, await ticket(other.admin.api));
    const reg = `REG-${nanoid(5)}`;
    await env.server.ctx.write(env.org.orgId, undefined, async ({ publish }) => publish(statusEvent(reg)));
    for (const client of [a, b]) {
      const message = await client.next((m) => m.type === 'event' && m.event.regNumber === reg);
      expect(message).toMatchObject({ type: 'event', event: { eventType: 'status', status: 'inMx', regNumber: reg, vehicleType: 'Truck' } });
      await client.next((m) => m.type === 'poke' && m.rev > 1);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.messages.some((m) => m.type === 'event')).toBe(false);
    const stored = await env.server.ctx.db.select().from(liveEvents).where(eq(liveEvents.regNumber, reg));
    expect(stored).toHaveLength(1);
    for (const c of [a, b, outsider]) c.close();
  });

  it('pokes after every committed write, such as a saved view', async () => {
    const s = await openStream(env.server.baseUrl, await ticket());
    const hello = await s.next((m) => m.type === 'poke');
    await env.org.admin.api.patch(`/auth/users/${env.org.admin.userId}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: { x: 1 } }]);
    const poke = await s.next((m) => m.type === 'poke' && hello.type === 'poke' && m.rev > hello.rev);
    expect(poke.type).toBe('poke');
    s.close();
  });
});

describe('pokes under a burst of writes', () => {
  it('reach a connected client as a few, the last with the final revision', async () => {
    const s = await openStream(env.server.baseUrl, await ticket());
    await s.next((m) => m.type === 'poke');
    // The connection's own poke may still be pacing: start from a quiet stream.
    await new Promise((r) => setTimeout(r, 400));
    const before = s.messages.length;
    let last = 0;
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      await env.server.ctx.write(env.org.orgId, undefined, async ({ rev }) => {
        last = rev;
      });
      // 100 writes spread over about a second, as a busy organization makes them.
      await new Promise((r) => setTimeout(r, Math.max(0, started + (i + 1) * 10 - Date.now())));
    }
    await s.next((m) => m.type === 'poke' && m.rev === last);
    await new Promise((r) => setTimeout(r, 400));
    const pokes = s.messages.slice(before).filter((m) => m.type === 'poke');
    expect(pokes.length).toBeLessThanOrEqual(8);
    expect(pokes.at(-1)).toEqual({ type: 'poke', rev: last });
    s.close();
  });
});
