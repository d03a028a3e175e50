import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin } from '../support/session.ts';
import { openStream } from '../support/stream.ts';
import { apiClient } from '../support/api.ts';

// Several instances share one database only on PostgreSQL, so this runs in the PostgreSQL pass.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('several server instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ databaseUrl: a.databaseUrl!, dataDir: a.dataDir });
  });
  afterAll(async () => {
    await b.stop();
    await a.stop({ drop: true });
  });

  it('delivers an event published on one instance to a client of the other, through LISTEN/NOTIFY', async () => {
    const org = await orgWithAdmin(a);
    // Tokens from instance A verify on B only if both use one issuer; B has its own public URL, so
    // the client of B signs in on B.
    const { signIn } = await import('../support/sign-in.ts');
    const tokens = await signIn(b.baseUrl, org.admin.email, org.admin.password);
    const ticket = (await apiClient(b.baseUrl, tokens.accessToken).get('/stream/ticket')).body.ticket;
    const client = await openStream(b.baseUrl, ticket);
    const reg = `FAN-${nanoid(4)}`;
    await a.ctx.write(org.orgId, undefined, async ({ publish }) =>
      publish({ eventType: 'note', regNumber: reg, vehicleType: null, userId: org.admin.userId, note: 'Hello from A' }),
    );
    const message = await client.next((m) => m.type === 'event' && m.event.regNumber === reg);
    expect(message).toMatchObject({ type: 'event', event: { eventType: 'note', note: 'Hello from A' } });
    await client.next((m) => m.type === 'poke');
    client.close();
  });
});
