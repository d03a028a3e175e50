import { z } from 'zod';
import { entityId, isoDateTime } from '../../../core/schema/common.ts';
import { ruleDefinitionOf, ruleInputSchema, type RuleInput } from '../../../core/schema/rule.ts';
import { createWorkflowBodySchema, updateWorkflowBodySchema, workflowIdSchema, workflowPaths } from '../../../core/schema/workflow.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';
import { actorOf } from '../actor.ts';
import { applyVehicleChanges } from '../vehicles/update-vehicle.ts';

/**
 * The workflow editor's writes (part 2 §2.1, §2.2, §7; docs/workflows.md). Each rule row, workflow and
 * pre-saved rule gets its id on the device, and the server keeps it, so the optimistic rows are the
 * rows the server will send and no temporary id is ever replaced. A Save and Replace carries the
 * version it was based on: if someone saved the workflow since, the server refuses it with a message
 * saying so, and the rollback puts back their version.
 */

/** A rule as the device sends it: with the ids of its row and of the rule itself. */
const deviceRuleSchema = z.object({ workflowRuleId: entityId, ruleId: z.string().min(1).max(64) });
const rulesOfDevice = z.array(z.unknown()).superRefine((rules, ctx) => {
  rules.forEach((rule, i) => {
    if (!deviceRuleSchema.safeParse(rule).success) ctx.addIssue({ code: 'custom', path: [i], message: 'Each rule needs its workflowRuleId and ruleId' });
  });
});

type DeviceRule = RuleInput & { workflowRuleId: string; ruleId: string };

const audit = { userId: entityId, at: isoDateTime };

/** The rows of a workflow's rules not removed, in order, as the server will write them. */
async function putRules(db: MirrorDb, workflowId: number, rules: readonly DeviceRule[]): Promise<void> {
  const kept = rules.filter((r) => !r.isRemoved);
  await db.feed('workflowRules').bulkPut(
    kept.map((rule, position) => ({
      id: rule.workflowRuleId,
      workflowRuleId: rule.workflowRuleId,
      workflowId,
      position,
      ...ruleDefinitionOf(rule, rule.ruleId),
    })),
  );
}

const keptRuleKeys = (rules: readonly DeviceRule[]) => rules.filter((r) => !r.isRemoved).map((r) => rowKey('workflowRules', r.workflowRuleId));

export interface SaveWorkflowAsArgs {
  workflowId: number;
  title: string;
  rules: DeviceRule[];
  /** The vehicles that move to the new workflow: their registrations, and their ids (the server goes by the ids). */
  regNumbers: string[];
  vehicleIds: string[];
  userId: string;
  at: string;
}

const saveAsSchema = createWorkflowBodySchema.extend({
  workflowId: workflowIdSchema,
  regNumbers: createWorkflowBodySchema.shape.regNumbers.unwrap(),
  vehicleIds: z.array(entityId),
  ...audit,
});

/** Save As: POST .../workflows with the title, the rules and the registrations the new workflow goes to. */
export const saveWorkflowAs: Mutator<SaveWorkflowAsArgs> = {
  name: 'saveWorkflowAs',
  parse(args) {
    parseArgs(rulesOfDevice, args.rules);
    return parseArgs(saveAsSchema, args) as SaveWorkflowAsArgs;
  },
  request: ({ workflowId, title, rules, regNumbers, vehicleIds }, ctx) => ({
    method: 'POST',
    path: workflowPaths.list.build({ orgId: ctx.orgId }),
    body: { workflowId, title, rules, regNumbers, vehicleIds },
  }),
  creates: ({ workflowId, rules }) => [rowKey('workflows', String(workflowId)), ...keptRuleKeys(rules)],
  touches: ({ workflowId, rules, vehicleIds }) => [
    rowKey('workflows', String(workflowId)),
    ...keptRuleKeys(rules),
    ...vehicleIds.map((id) => rowKey('vehicles', id)),
  ],
  reads: ['users'],
  async apply(db, { workflowId, title, rules, vehicleIds, userId, at }) {
    const actor = await actorOf(db, userId);
    await db.feed('workflows').put({
      id: String(workflowId),
      workflowId,
      title,
      active: true,
      isTemplate: false,
      version: 1,
      lastModifierId: actor.id,
      lastModifierName: actor.name,
      lastModificationDate: at,
    });
    await putRules(db, workflowId, rules);
    for (const vehicleId of vehicleIds) {
      const vehicle = await db.feed('vehicles').get(vehicleId);
      if (vehicle && vehicle.workflowId !== workflowId) {
        await db.feed('vehicles').put({ ...applyVehicleChanges(vehicle, { workflowId }, at, userId), id: vehicleId });
      }
    }
  },
};

export interface ReplaceWorkflowArgs {
  workflowId: number;
  /** The version the editor opened; the server refuses the replace if it has a newer one. */
  baseVersion: number;
  title?: string;
  rules: DeviceRule[];
  /** The rows of the rules the editor opened: the replace drops them. */
  replacedRuleIds: string[];
  userId: string;
  at: string;
}

const replaceSchema = z.object({
  workflowId: workflowIdSchema,
  baseVersion: z.number().int().min(1),
  title: updateWorkflowBodySchema.shape.title,
  rules: createWorkflowBodySchema.shape.rules,
  replacedRuleIds: z.array(entityId),
  ...audit,
});

/** Save and Replace: PATCH .../workflows/{id} with the title and the rules, at the next version. */
export const replaceWorkflow: Mutator<ReplaceWorkflowArgs> = {
  name: 'replaceWorkflow',
  parse(args) {
    parseArgs(rulesOfDevice, args.rules);
    return parseArgs(replaceSchema, args) as ReplaceWorkflowArgs;
  },
  request: ({ workflowId, baseVersion, title, rules }, ctx) => ({
    method: 'PATCH',
    path: workflowPaths.one.build({ orgId: ctx.orgId, workflowId: String(workflowId) }),
    body: { ...(title === undefined ? {} : { title }), rules, baseVersion },
  }),
  creates: ({ rules }) => keptRuleKeys(rules),
  touches: ({ workflowId, rules, replacedRuleIds }) => [
    rowKey('workflows', String(workflowId)),
    ...replacedRuleIds.map((id) => rowKey('workflowRules', id)),
    ...keptRuleKeys(rules),
  ],
  reads: ['users'],
  async apply(db, { workflowId, baseVersion, title, rules, replacedRuleIds, userId, at }) {
    const row = await db.feed('workflows').get(String(workflowId));
    if (!row) return;
    const actor = await actorOf(db, userId);
    await db.feed('workflows').put({
      ...row,
      ...(title === undefined ? {} : { title }),
      version: baseVersion + 1,
      lastModifierId: actor.id,
      lastModifierName: actor.name,
      lastModificationDate: at,
    });
    await db.feed('workflowRules').bulkDelete(replacedRuleIds);
    await putRules(db, workflowId, rules);
  },
};

export interface SetWorkflowActiveArgs {
  workflowId: number;
  userId: string;
  at: string;
}

const activeSchema = z.object({ workflowId: workflowIdSchema, ...audit });

function setActive(name: string, active: boolean): Mutator<SetWorkflowActiveArgs> {
  return {
    name,
    parse: (args) => parseArgs(activeSchema, args),
    request: ({ workflowId }, ctx) => {
      const path = workflowPaths.one.build({ orgId: ctx.orgId, workflowId: String(workflowId) });
      return active ? { method: 'PATCH', path, body: { active: true } } : { method: 'DELETE', path };
    },
    touches: ({ workflowId }) => [rowKey('workflows', String(workflowId))],
    reads: ['users'],
    async apply(db, { workflowId, userId, at }) {
      const row = await db.feed('workflows').get(String(workflowId));
      if (!row) return;
      const actor = await actorOf(db, userId);
      await db.feed('workflows').put({ ...row, active, lastModifierId: actor.id, lastModifierName: actor.name, lastModificationDate: at });
    },
  };
}

/** Delete (after its confirmation): DELETE .../workflows/{id} sets the workflow inactive. */
export const deactivateWorkflow = setActive('deactivateWorkflow', false);
/** Restore: PATCH .../workflows/{id} with active true. */
export const restoreWorkflow = setActive('restoreWorkflow', true);

export interface AddSavedRuleArgs {
  rule: RuleInput & { savedRuleId: string; ruleId: string };
  at: string;
}

const savedRuleIdsSchema = z.object(
  { savedRuleId: entityId, ruleId: z.string().min(1).max(64) },
  { error: 'A new pre-saved rule needs its savedRuleId and ruleId' },
);
const savedRuleArgsSchema = z.object({ rule: ruleInputSchema, at: isoDateTime });

/** A new custom rule into the pre-saved library: POST .../rules (one per new rule, sent in the save's push). */
export const addSavedRule: Mutator<AddSavedRuleArgs> = {
  name: 'addSavedRule',
  parse(args) {
    parseArgs(savedRuleIdsSchema, args.rule);
    return parseArgs(savedRuleArgsSchema, args) as AddSavedRuleArgs;
  },
  request: ({ rule }, ctx) => ({ method: 'POST', path: workflowPaths.rules.build({ orgId: ctx.orgId }), body: rule }),
  creates: ({ rule }) => [rowKey('rules', rule.savedRuleId)],
  touches: ({ rule }) => [rowKey('rules', rule.savedRuleId)],
  async apply(db, { rule, at }) {
    await db.feed('rules').put({ id: rule.savedRuleId, savedRuleId: rule.savedRuleId, ...ruleDefinitionOf(rule, rule.ruleId), lastModificationDate: at });
  },
};
