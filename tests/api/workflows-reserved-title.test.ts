import { describe, expect, it } from 'vitest';
import { AF1800_TEMPLATE_TITLES } from '../../core/rules/af1800-items.ts';
import {
  createdWorkflowSchema,
  TEMPLATE_DEACTIVATE_MESSAGE,
  TEMPLATE_REPLACE_MESSAGE,
  WORKFLOW_TITLE_RESERVED_MESSAGE,
  workflowPaths as paths,
  workflowSchema,
} from '../../core/schema/workflow.ts';
import { workflows } from '../../server/db/schema/index.ts';
import { orgWithAdmin, useServerWithOrg } from '../support/session.ts';

/**
 * The 'AF-1800 Full' title prefix is the templates' everywhere (docs/workflows.md): Save As (POST) and
 * a rename (PATCH) refuse it, DELETE never deactivates such a workflow, and an inactive one can be restored.
 */
const env = useServerWithOrg();

const passFail = (title: string) => ({ title, frequency: 'daily', ruleType: 'passFail', newRuleType: 'PASS_FAIL' });

async function freshOrg() {
  const org = await orgWithAdmin(env.server);
  return { ...org, list: paths.list.build({ orgId: org.orgId }), one: (id: number) => paths.one.build({ orgId: org.orgId, workflowId: String(id) }) };
}

/** A workflow row written as seeds and older data have it (no API refuses it here). */
async function insertWorkflow(orgId: string, values: { title: string; active: boolean; isTemplate: boolean }): Promise<number> {
  const id = 800_000 + Math.floor(Math.random() * 100_000);
  await env.server.ctx.write(orgId, undefined, async ({ tx, rev }) => {
    await tx.insert(workflows).values({ id: String(id), orgId, rev, ...values });
  });
  return id;
}

describe('the AF-1800 Full title prefix', () => {
  it('is refused by Save As (POST), whatever its case and spacing, and writes nothing', async () => {
    const org = await freshOrg();
    for (const title of ['AF-1800 Full (Hours) copy', 'af-1800 full daily', '  AF-1800   FULL x', 'AF-1800 Fullness']) {
      const res = await org.admin.api.post(org.list, { title, rules: [passFail('Horn')] });
      expect(res.status, title).toBe(400);
      expect(res.body.errorMessage, title).toBe(`title: ${WORKFLOW_TITLE_RESERVED_MESSAGE}`);
    }
    const listed = workflowSchema.array().parse((await org.admin.api.get(`${org.list}?showArchives=true`)).body);
    expect(listed.filter((w) => /af-1800/i.test(w.title))).toEqual([]);
    // A title that merely mentions the form is anyone's.
    expect((await org.admin.api.post(org.list, { title: 'My AF-1800 Full copy', rules: [passFail('Horn')] })).status).toBe(201);
  });

  it('is refused as a new title by PATCH (Save and Replace), with the same message', async () => {
    const org = await freshOrg();
    const made = createdWorkflowSchema.parse((await org.admin.api.post(org.list, { title: 'Seasonal', rules: [passFail('Chains')] })).body);
    const res = await org.admin.api.patch(org.one(made.workflowId), { title: 'af-1800 FULL (Miles)', rules: [passFail('Chains')] });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(WORKFLOW_TITLE_RESERVED_MESSAGE);
    expect((await org.admin.api.get(org.one(made.workflowId))).body).toMatchObject({ title: 'Seasonal' });
    // A template itself is not replaced, whatever title the body has.
    const templateId = await insertWorkflow(org.orgId, { title: AF1800_TEMPLATE_TITLES.miles, active: true, isTemplate: true });
    const replace = await org.admin.api.patch(org.one(templateId), { title: AF1800_TEMPLATE_TITLES.miles, rules: [passFail('Horn')] });
    expect(replace.status).toBe(400);
    expect(replace.body.errorMessage).toBe(TEMPLATE_REPLACE_MESSAGE);
  });

  it('keeps DELETE and PATCH {active: false} from deactivating a template, by flag or by title', async () => {
    const org = await freshOrg();
    const flagged = await insertWorkflow(org.orgId, { title: AF1800_TEMPLATE_TITLES.hours, active: true, isTemplate: true });
    // Made before the prefix was refused on POST: not flagged, but titled as a template.
    const titled = await insertWorkflow(org.orgId, { title: 'af-1800 full (old copy)', active: true, isTemplate: false });
    for (const id of [flagged, titled]) {
      const deleted = await org.admin.api.delete(org.one(id));
      expect(deleted.status, String(id)).toBe(400);
      expect(deleted.body.errorMessage).toBe(TEMPLATE_DEACTIVATE_MESSAGE);
      const patched = await org.admin.api.patch(org.one(id), { active: false });
      expect(patched.status, String(id)).toBe(400);
      expect(patched.body.errorMessage).toBe(TEMPLATE_DEACTIVATE_MESSAGE);
      expect((await org.admin.api.get(org.one(id))).body).toMatchObject({ active: true });
    }
  });

  it('never keeps an inactive workflow from being restored, a template included', async () => {
    const org = await freshOrg();
    for (const values of [
      { title: AF1800_TEMPLATE_TITLES.milesAndHours, active: false, isTemplate: true },
      { title: 'AF-1800 Full legacy', active: false, isTemplate: false },
    ]) {
      const id = await insertWorkflow(org.orgId, values);
      const restored = await org.admin.api.patch(org.one(id), { active: true });
      expect(restored.status, values.title).toBe(200);
      expect(restored.body).toMatchObject({ active: true, title: values.title });
    }
  });
});
