import { describe, expect, it } from 'vitest';
import { workflowPaths } from '../../core/schema/workflow.ts';
import { useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';

const env = useServerWithOrg();

describe('the spec’s paths written with a trailing slash (part 1 §7, part 2 §7)', () => {
  it('POST /auth/users/ creates a user as POST /auth/users does', async () => {
    const body = (email: string) => ({
      firstName: 'Dana',
      lastName: 'Reyes',
      email,
      password: 'copper-Meadow-kettle-93',
      role: 'dispatcher',
      sectionId: env.org.sectionId,
    });
    const slashed = await env.org.admin.api.post('/auth/users/', body('dana.slash@example.test'));
    expect(slashed.status).toBe(201);
    const { userId } = slashed.body as { userId: string };
    const { rows } = await pullAll(env.org.admin.api);
    expect(rows.get(`users/${userId}`)?.data).toMatchObject({ email: 'dana.slash@example.test', role: 'dispatcher' });
    expect((await env.org.admin.api.post('/auth/users', body('dana.plain@example.test'))).status).toBe(201);
  });

  it('POST .../workflows/ saves a workflow as POST .../workflows does', async () => {
    const list = workflowPaths.list.build({ orgId: env.org.orgId });
    const rules = [{ title: 'Horn', frequency: 'daily', ruleType: 'passFail', newRuleType: 'PASS_FAIL' }];
    const slashed = await env.org.admin.api.post(`${list}/`, { title: 'Slashed walkaround', rules });
    expect(slashed.status).toBe(201);
    expect(slashed.body).toMatchObject({ title: 'Slashed walkaround' });
    expect((await env.org.admin.api.post(list, { title: 'Plain walkaround', rules })).status).toBe(201);
    const listed = (await env.org.admin.api.get(`${list}/`)).body as { title: string }[];
    expect(listed.map((w) => w.title)).toEqual(expect.arrayContaining(['Slashed walkaround', 'Plain walkaround']));
  });

  it('a path the server does not know stays a 404 with or without the slash', async () => {
    expect((await env.org.admin.api.get('/data/v1/nothing-here/')).status).toBe(404);
    expect((await env.org.admin.api.get('/data/v1/nothing-here')).status).toBe(404);
  });
});
