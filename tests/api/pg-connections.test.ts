import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin } from '../support/session.ts';

// Connection loss only exists with a PostgreSQL server, so this runs in the PostgreSQL pass.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('PostgreSQL dropping the server’s connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop({ drop: true }));

  it('does not crash the server, which answers again on new connections', async () => {
    const org = await orgWithAdmin(server);
    expect((await org.admin.api.get('/auth/users/self')).status).toBe(200);
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    const name = new URL(server.databaseUrl!).pathname.slice(1);
    const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await org.admin.api.get('/auth/users/self')).status).toBe(200);
  });
});
