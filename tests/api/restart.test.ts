import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server.ts';
import { orgWithAdmin } from '../support/session.ts';
import { apiClient } from '../support/api.ts';
import { refresh } from '../support/sign-in.ts';
import { pullAll } from '../support/sync.ts';

describe('restart', () => {
  it('comes back on the same data with every row, the signing keys and the sessions intact', async () => {
    const first = await startTestServer();
    const { admin } = await orgWithAdmin(first);
    await admin.api.patch(`/auth/users/${admin.userId}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: { kept: true } }]);
    const before = await pullAll(admin.api);
    await first.stop();

    const second = await startTestServer({ dataDir: first.dataDir, ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}), port: first.port });
    try {
      // The access token from before the restart still verifies: the keys were kept.
      const api = apiClient(second.baseUrl, admin.tokens.accessToken);
      expect((await api.get('/auth/users/self')).body.userId).toBe(admin.userId);
      const after = await pullAll(api);
      expect([...after.rows.entries()]).toEqual([...before.rows.entries()]);
      // The refresh token from before the restart still works: sessions were stored.
      const renewed = await refresh(second.baseUrl, admin.tokens.refreshToken);
      const settings = await apiClient(second.baseUrl, renewed.accessToken).get(`/auth/users/${admin.userId}/settings`);
      expect(settings.body).toEqual([{ field: 'fleetDetailFilter', value: { kept: true } }]);
    } finally {
      await second.stop({ drop: true });
    }
  });
});
