import { describe, expect, it } from 'vitest';
import { AF1800_TEMPLATE_TITLES, af1800TemplateRules, FUEL_RULE_ID } from '../../core/rules/af1800-items.ts';
import { builtInRuleMessage } from '../../core/rules/protected-rules.ts';
import { savedRuleSchema } from '../../core/schema/rule.ts';
import type { Vehicle } from '../../core/schema/vehicle.ts';
import {
  createdWorkflowSchema,
  INACTIVE_WORKFLOW_ASSIGN_MESSAGE,
  NO_RULE_KEPT_MESSAGE,
  RULE_TITLE_IN_USE_MESSAGE,
  TEMPLATE_DEACTIVATE_MESSAGE,
  TEMPLATE_REPLACE_MESSAGE,
  WORKFLOW_TITLE_IN_USE_MESSAGE,
  WORKFLOW_TITLE_INVALID_MESSAGE,
  workflowPaths as paths,
  workflowReplacedMessage,
  vehicleWorkflowSchema,
  workflowSchema,
  workflowWithRulesSchema,
} from '../../core/schema/workflow.ts';
import { workflows } from '../../server/db/schema/index.ts';
import { createVehicle } from '../support/factories.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';

const env = useServerWithOrg();

const passFail = (title: string) => ({ title, frequency: 'daily', ruleType: 'passFail', newRuleType: 'PASS_FAIL' });
const numeric = (title: string, fields: Record<string, number>) => ({ title, frequency: 'weekly', ruleType: 'threshold', newRuleType: 'NUMERIC_INPUT', fields });

async function freshOrg() {
  const org = await orgWithAdmin(env.server);
  return {
    ...org,
    list: paths.list.build({ orgId: org.orgId }),
    one: (id: number) => paths.one.build({ orgId: org.orgId, workflowId: String(id) }),
    assign: (id: number) => paths.assign.build({ orgId: org.orgId, workflowId: String(id) }),
    rules: paths.rules.build({ orgId: org.orgId }),
  };
}

const messageOf = (res: { body: { errorMessage?: string } }) => res.body.errorMessage;

describe('workflows (part 2 §7)', () => {
  it('saves a workflow as new with its rules, assigned at once to the vehicles named, and lists it', async () => {
    const org = await freshOrg();
    const [a, b] = [await createVehicle(env.server.ctx, org.orgId, org.sectionId), await createVehicle(env.server.ctx, org.orgId, org.sectionId)];
    const res = await org.admin.api.post(org.list, {
      title: '  Forklift daily ',
      rules: [passFail('Horn works'), numeric('Tire tread', { threshold: 4, absMin: 2, absMax: 10 }), { ...passFail('Dropped'), isRemoved: true }],
      regNumbers: [a.regNumber.toLowerCase(), b.regNumber],
    });
    expect(res.status).toBe(201);
    const created = createdWorkflowSchema.parse(res.body);
    expect(created).toMatchObject({ title: 'Forklift daily', active: true, isTemplate: false, version: 1, lastModifierName: expect.stringContaining('vco') });
    expect(created.rules.map((r) => [r.title, r.position, r.ruleType, r.isBoolean])).toEqual([
      ['Horn works', 0, 'passFail', true],
      ['Tire tread', 1, 'threshold', false],
    ]);
    // New rules take part 2 §3's defaults.
    expect(created.rules[0]).toMatchObject({ area: 'internal', comment: 'either', picture: 'either', requireAnnotationOnFailure: true, fixable: true, icon: null });
    expect(created.url.split('/').at(-1)).toBe(String(created.workflowId));
    expect(res.headers.get('location')).toBe(created.url);

    const vehicles = (await org.admin.api.get('/data/v2/vehicles')).body as Vehicle[];
    expect(
      vehicles
        .filter((v) => v.workflowId === created.workflowId)
        .map((v) => v.regNumber)
        .sort(),
    ).toEqual([a.regNumber, b.regNumber].sort());
    const pulled = [...(await pullAll(org.admin.api)).rows.values()];
    expect(pulled.filter((c) => c.t === 'vehicleManagement' && (c.data as { workflowId: number }).workflowId === created.workflowId)).toHaveLength(2);

    const list = workflowSchema.array().parse((await org.admin.api.get(org.list)).body);
    expect(list.map((w) => w.title)).toContain('Forklift daily');
    const one = workflowWithRulesSchema.parse((await org.admin.api.get(`${org.one(created.workflowId)}?showRules=true`)).body);
    expect(one.rules.map((r) => r.title)).toEqual(['Horn works', 'Tire tread']);
    expect((await org.admin.api.get(org.one(created.workflowId))).body).not.toHaveProperty('rules');
  });

  it('refuses a title in use (trimmed, any case), an invalid title, invalid rules and unknown vehicles, and writes nothing', async () => {
    const org = await freshOrg();
    expect((await org.admin.api.post(org.list, { title: 'Daily walkaround', rules: [passFail('Horn')] })).status).toBe(201);
    const refusals: [unknown, number, string | RegExp][] = [
      [{ title: ' DAILY WALKAROUND', rules: [passFail('Horn')] }, 409, WORKFLOW_TITLE_IN_USE_MESSAGE],
      [{ title: '-Daily', rules: [passFail('Horn')] }, 400, new RegExp(WORKFLOW_TITLE_INVALID_MESSAGE)],
      [{ title: 'D', rules: [passFail('Horn')] }, 400, /2 to 119 characters/],
      [{ title: 'Only removed', rules: [{ ...passFail('Horn'), isRemoved: true }] }, 400, new RegExp(NO_RULE_KEPT_MESSAGE)],
      [{ title: 'Twice', rules: [passFail('Horn'), passFail(' horn')] }, 400, /used twice/],
      [{ title: 'Out of range', rules: [numeric('Tread', { threshold: 12, absMin: 2, absMax: 10 })] }, 400, /within the minimum and maximum/],
      [{ title: 'Decimals', rules: [numeric('Tread', { threshold: 4.123 })] }, 400, /at most 2 decimal places/],
      [{ title: 'Lookup', rules: [{ ...passFail('Boom'), ruleType: 'lookup', lookup: { target: 0 } }] }, 400, /above 0/],
      [{ title: 'Counter', rules: [{ ...passFail('Chocks'), ruleType: 'counter', fields: { target: 5, absMax: 4 } }] }, 400, /between 1 and 4/],
      [{ title: 'Long', rules: [{ ...passFail('Horn'), description: 'x'.repeat(301) }] }, 400, /at most 300 characters/],
      [{ title: 'Item', rules: [{ ...passFail('Horn'), af1800Id: 2 ** 31 }] }, 400, /af1800Id/],
      [{ title: 'No vehicle', rules: [passFail('Horn')], regNumbers: ['NOPE-1'] }, 400, /no vehicle NOPE-1/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await org.admin.api.post(org.list, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(messageOf(res)).toMatch(message);
    }
    expect(
      workflowSchema
        .array()
        .parse((await org.admin.api.get(`${org.list}?showArchives=true`)).body)
        .map((w) => w.title),
    ).toEqual(['Daily walkaround']);
  });

  it('replaces a workflow: new rules at a new version, for every device; a title of another is refused', async () => {
    const org = await freshOrg();
    const first = createdWorkflowSchema.parse((await org.admin.api.post(org.list, { title: 'Alpha checks', rules: [passFail('Horn')] })).body);
    await org.admin.api.post(org.list, { title: 'Bravo checks', rules: [passFail('Horn')] });
    const res = await org.admin.api.patch(org.one(first.workflowId), { title: 'Alpha checks v2', rules: [passFail('Lights'), passFail('Horn')] });
    expect(res.status).toBe(200);
    expect(workflowWithRulesSchema.parse(res.body)).toMatchObject({ title: 'Alpha checks v2', version: 2, rules: [{ title: 'Lights' }, { title: 'Horn' }] });
    const pulled = [...(await pullAll(org.admin.api)).rows.values()];
    const live = pulled.filter((c) => c.t === 'workflowRules' && c.data && (c.data as { workflowId: number }).workflowId === first.workflowId);
    expect(live.map((c) => (c.data as { title: string }).title)).toEqual(expect.arrayContaining(['Lights', 'Horn']));
    expect(live).toHaveLength(2);
    const clash = await org.admin.api.patch(org.one(first.workflowId), { title: 'bravo CHECKS' });
    expect(clash.status).toBe(409);
    expect(messageOf(clash)).toBe(WORKFLOW_TITLE_IN_USE_MESSAGE);
  });

  it('refuses a replace based on an older version than the server has, and keeps the ids a device made for its rules', async () => {
    const org = await freshOrg();
    const vehicle = await createVehicle(env.server.ctx, org.orgId, org.sectionId);
    const first = createdWorkflowSchema.parse(
      (
        await org.admin.api.post(org.list, {
          title: 'Charlie checks',
          rules: [{ ...passFail('Horn'), workflowRuleId: 'device-row-1', ruleId: 'C-device1' }],
          regNumbers: [vehicle.regNumber],
        })
      ).body,
    );
    expect(first.rules[0]).toMatchObject({ workflowRuleId: 'device-row-1', ruleId: 'C-device1' });
    const replaced = await org.admin.api.patch(org.one(first.workflowId), { rules: [{ ...passFail('Lights'), workflowRuleId: 'device-row-2' }], baseVersion: 1 });
    expect(replaced.status).toBe(200);
    // Inspection clients get the new version with its rules.
    const asked = vehicleWorkflowSchema.parse((await org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/workflow`)).body);
    expect({ version: asked.version, titles: asked.rules.map((r) => r.title) }).toEqual({ version: 2, titles: ['Lights'] });
    // A second device still on version 1 (an edit queued offline): refused, naming who saved and how to go on.
    const stale = await org.admin.api.patch(org.one(first.workflowId), { rules: [passFail('Wipers')], baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(messageOf(stale)).toBe(workflowReplacedMessage('Charlie checks', first.lastModifierName, 2));
    const now = workflowWithRulesSchema.parse((await org.admin.api.get(`${org.one(first.workflowId)}?showRules=true`)).body);
    expect(now.rules.map((r) => r.title)).toEqual(['Lights']);
    // Ids a body repeats, or ids in use, are refused and write nothing.
    const twice = await org.admin.api.patch(org.one(first.workflowId), {
      rules: [
        { ...passFail('A'), workflowRuleId: 'dup' },
        { ...passFail('B'), workflowRuleId: 'dup' },
      ],
    });
    expect(twice.status).toBe(400);
    const taken = await org.admin.api.post(org.list, { title: 'Delta checks', rules: [{ ...passFail('Horn'), workflowRuleId: 'device-row-2' }] });
    expect(taken.status).toBe(409);
    expect((await org.admin.api.get(org.list)).body).not.toContainEqual(expect.objectContaining({ title: 'Delta checks' }));
  });

  it('deactivates and restores a workflow; an inactive one takes no vehicle; the AF-1800 Full templates are never replaced nor deactivated', async () => {
    const org = await freshOrg();
    const made = createdWorkflowSchema.parse((await org.admin.api.post(org.list, { title: 'Seasonal', rules: [passFail('Snow chains')] })).body);
    const vehicle = await createVehicle(env.server.ctx, org.orgId, org.sectionId);
    expect((await org.admin.api.delete(org.one(made.workflowId))).status).toBe(200);
    expect(
      workflowSchema
        .array()
        .parse((await org.admin.api.get(org.list)).body)
        .map((w) => w.title),
    ).not.toContain('Seasonal');
    expect(
      workflowSchema
        .array()
        .parse((await org.admin.api.get(`${org.list}?showArchives=true`)).body)
        .find((w) => w.title === 'Seasonal')?.active,
    ).toBe(false);
    const refused = await org.admin.api.post(org.assign(made.workflowId), [vehicle.regNumber]);
    expect(refused.status).toBe(400);
    expect(messageOf(refused)).toBe(INACTIVE_WORKFLOW_ASSIGN_MESSAGE);
    expect((await org.admin.api.patch(org.one(made.workflowId), { active: true })).body).toMatchObject({ active: true });
    const assigned = await org.admin.api.post(org.assign(made.workflowId), [vehicle.regNumber]);
    expect(assigned.status).toBe(200);
    expect((assigned.body as Vehicle[]).map((v) => v.workflowId)).toEqual([made.workflowId]);

    const templateId = 900_000 + Math.floor(Math.random() * 1000);
    await env.server.ctx.write(org.orgId, undefined, async ({ tx, rev }) => {
      await tx.insert(workflows).values({ id: String(templateId), orgId: org.orgId, rev, title: AF1800_TEMPLATE_TITLES.hours, active: true, isTemplate: true });
    });
    const deactivate = await org.admin.api.delete(org.one(templateId));
    expect(deactivate.status).toBe(400);
    expect(messageOf(deactivate)).toBe(TEMPLATE_DEACTIVATE_MESSAGE);
    const replace = await org.admin.api.patch(org.one(templateId), { rules: [passFail('Horn')] });
    expect(replace.status).toBe(400);
    expect(messageOf(replace)).toBe(TEMPLATE_REPLACE_MESSAGE);
  });

  it('keeps the built-in rules as they are: title, description, frequency, and the fuel threshold', async () => {
    const org = await freshOrg();
    const builtIn = af1800TemplateRules('hours');
    const fuel = builtIn.find((r) => r.ruleId === FUEL_RULE_ID)!;
    const kept = await org.admin.api.post(org.list, { title: 'Own AF-1800 copy', rules: builtIn });
    expect(kept.status).toBe(201);
    const renamed = await org.admin.api.post(org.list, { title: 'Renamed item', rules: [{ ...builtIn[1]!, title: 'Something else' }] });
    expect(renamed.status).toBe(400);
    expect(messageOf(renamed)).toContain(builtInRuleMessage(builtIn[1]!.title));
    const fuelMoved = await org.admin.api.post(org.list, { title: 'Fuel moved', rules: [{ ...fuel, fields: { ...fuel.fields, threshold: 2 } }] });
    expect(fuelMoved.status).toBe(400);
    expect(messageOf(fuelMoved)).toMatch(/fuel rule's threshold is fixed/);
  });

  it('adds a pre-saved rule to the library, whose titles are unique', async () => {
    const org = await freshOrg();
    const res = await org.admin.api.post(org.rules, { ...passFail('Beacon light'), newRuleType: 'CUSTOM', description: 'Amber beacon on the cab' });
    expect(res.status).toBe(201);
    expect(savedRuleSchema.parse(res.body)).toMatchObject({ title: 'Beacon light', description: 'Amber beacon on the cab', newRuleType: 'CUSTOM' });
    const again = await org.admin.api.post(org.rules, passFail(' beacon LIGHT'));
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe(RULE_TITLE_IN_USE_MESSAGE);
    expect(
      savedRuleSchema
        .array()
        .parse((await org.admin.api.get(org.rules)).body)
        .map((r) => r.title),
    ).toEqual(['Beacon light']);
  });

  it('is the vco’s alone, and never crosses organizations', async () => {
    const org = await freshOrg();
    const made = createdWorkflowSchema.parse((await org.admin.api.post(org.list, { title: 'Private', rules: [passFail('Horn')] })).body);
    const lead = await signedInUser(env.server, org.orgId, org.sectionId, { role: 'sectionLead' });
    for (const res of [
      await lead.api.get(org.list),
      await lead.api.get(org.one(made.workflowId)),
      await lead.api.post(org.list, { title: 'Mine', rules: [passFail('Horn')] }),
      await lead.api.patch(org.one(made.workflowId), { active: true }),
      await lead.api.delete(org.one(made.workflowId)),
      await lead.api.get(org.rules),
    ]) {
      expect(res.status).toBe(403);
    }
    const other = await freshOrg();
    expect((await other.admin.api.get(org.one(made.workflowId))).status).toBe(403);
    expect((await other.admin.api.get(other.one(made.workflowId))).status).toBe(404);
    expect((await other.admin.api.delete(other.one(made.workflowId))).status).toBe(404);
    expect((await org.admin.api.get(org.one(made.workflowId))).body).toMatchObject({ active: true, title: 'Private' });
  });
});
