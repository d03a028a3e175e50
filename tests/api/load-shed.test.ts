import { describe, expect, it } from 'vitest';
import { QUEUE_PER_SLOT, SERVER_BUSY_MESSAGE, SHED_RETRY_AFTER_SECONDS } from '../../server/http/load-shed.ts';
import { useServerWithOrg } from '../support/session.ts';

// One call at a time, QUEUE_PER_SLOT waiting: a crowd of devices meets the limit at once.
const env = useServerWithOrg({ env: { MAX_CONCURRENT_REQUESTS: '1' } });

describe('a busy server sheds load', () => {
  it('runs a few calls, queues some, turns the rest away with 503 and Retry-After, and answers /healthz meanwhile', async () => {
    const { api } = env.org.admin;
    const crowd = Array.from({ length: 100 }, () => api.get('/data/v1/sync/pull?cursor=&limit=50'));
    const health = await fetch(`${env.server.baseUrl}/healthz`);
    const answers = await Promise.all(crowd);

    expect(health.status).toBe(200);
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1 + QUEUE_PER_SLOT);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + answers.filter((a) => a.status === 200).length).toBe(answers.length);
    expect(busy[0]!.headers.get('retry-after')).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(busy[0]!.body).toMatchObject({ errorMessage: SERVER_BUSY_MESSAGE });
    // Every slot and place was given back: calls one after another all run.
    for (let i = 0; i < 3 * (1 + QUEUE_PER_SLOT); i++) expect((await api.get('/data/v1/sync/pull?cursor=&limit=50')).status).toBe(200);
  });

  it('runs a push’s mutations inside the push’s own slot', async () => {
    const { api } = env.org.admin;
    const res = await api.post('/data/v1/sync/push', {
      clientId: 'load-shed-client-0000001',
      mutations: [
        {
          id: 'load-shed-mutation-00001',
          seq: 0,
          name: 'saveSetting',
          request: { method: 'PATCH', path: `/auth/users/${env.org.admin.userId}/settings`, body: [{ op: 'add', path: '/fleetDetailFilter', value: { x: 1 } }] },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ status: 'applied' });
  });

  it('answers /healthz without the database and /readyz with it', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${env.server.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true });
    }
  });
});
