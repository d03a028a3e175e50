import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { ruleInputSchema } from '../../../core/schema/rule.ts';
import {
  assignByRegNumberBodySchema,
  createWorkflowBodySchema,
  updateWorkflowBodySchema,
  workflowIdParamSchema,
  workflowListQuerySchema,
  workflowPaths,
  workflowQuerySchema,
} from '../../../core/schema/workflow.ts';
import { checkOrg, type Access } from '../../auth/access.ts';
import { rules, workflowRules, workflows } from '../../db/schema/index.ts';
import { route } from '../../http/route.ts';
import { savedRuleToApi, workflowRuleToApi, workflowToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';
import type { ServerModule } from '../module.ts';
import { findWorkflow, listSavedRules, listWorkflows, rulesOf } from './queries.ts';
import { assignWorkflow, createSavedRule, createWorkflow, deactivateWorkflow, updateWorkflow } from './service.ts';

/** The workflow screens and every call behind them are the vco's (part 2 §2.1, §2.2, §6). */
export const WORKFLOW_EDITORS: Access = { website: true, roles: ['vco'] };

const orgParams = z.object({ orgId: entityId });
const workflowParams = z.object({ orgId: entityId, workflowId: workflowIdParamSchema });

/**
 * Inspection workflows (part 2 §2.1, §2.2, §7; docs/workflows.md): the list, one workflow with its
 * rules, Save As (with the vehicles it goes to), Save and Replace, deactivate and restore, assignment by
 * registration, and the pre-saved rule library; and the three feeds that carry them to the devices.
 * Inspection clients read a vehicle's workflow through GET /data/v1/vehicles/{id}/workflow.
 */
export const workflowsModule: ServerModule = {
  feeds: [
    { name: 'workflows', table: workflows, toApi: workflowToApi },
    { name: 'workflowRules', table: workflowRules, toApi: workflowRuleToApi },
    { name: 'rules', table: rules, toApi: savedRuleToApi },
  ],
  register(app, ctx) {
    route(
      app,
      { method: 'GET', url: workflowPaths.list.pattern, access: WORKFLOW_EDITORS, params: orgParams, query: workflowListQuerySchema },
      async ({ principal, params, query }) => {
        checkOrg(principal, params.orgId);
        return listWorkflows(ctx.db, principal.orgId, query.showArchives === 'true');
      },
    );

    route(
      app,
      { method: 'GET', url: workflowPaths.one.pattern, access: WORKFLOW_EDITORS, params: workflowParams, query: workflowQuerySchema },
      async ({ principal, params, query }) => {
        checkOrg(principal, params.orgId);
        const row = await findWorkflow(ctx.db, principal.orgId, params.workflowId);
        const workflow = workflowToApi(row);
        return query.showRules === 'true' ? { ...workflow, rules: await rulesOf(ctx.db, principal.orgId, row.id) } : workflow;
      },
    );

    route(
      app,
      { method: 'POST', url: workflowPaths.list.pattern, access: WORKFLOW_EDITORS, params: orgParams, body: createWorkflowBodySchema },
      async ({ principal, params, body, write, reply }) => {
        checkOrg(principal, params.orgId);
        const created = await createWorkflow(write, principal, body);
        const url = workflowPaths.one.build({ orgId: principal.orgId, workflowId: String(created.workflowId) });
        reply.status(201).header('location', url);
        return { ...created, url };
      },
    );

    route(
      app,
      { method: 'PATCH', url: workflowPaths.one.pattern, access: WORKFLOW_EDITORS, params: workflowParams, body: updateWorkflowBodySchema },
      async ({ principal, params, body, write }) => {
        checkOrg(principal, params.orgId);
        return updateWorkflow(write, principal, params.workflowId, body);
      },
    );

    route(app, { method: 'DELETE', url: workflowPaths.one.pattern, access: WORKFLOW_EDITORS, params: workflowParams }, async ({ principal, params, write }) => {
      checkOrg(principal, params.orgId);
      return deactivateWorkflow(write, principal, params.workflowId);
    });

    route(
      app,
      { method: 'POST', url: workflowPaths.assign.pattern, access: WORKFLOW_EDITORS, params: workflowParams, body: assignByRegNumberBodySchema },
      async ({ principal, params, body, write }) => {
        checkOrg(principal, params.orgId);
        return assignWorkflow(write, principal, params.workflowId, body);
      },
    );

    route(app, { method: 'GET', url: workflowPaths.rules.pattern, access: WORKFLOW_EDITORS, params: orgParams }, async ({ principal, params }) => {
      checkOrg(principal, params.orgId);
      return listSavedRules(ctx.db, principal.orgId);
    });

    route(
      app,
      { method: 'POST', url: workflowPaths.rules.pattern, access: WORKFLOW_EDITORS, params: orgParams, body: ruleInputSchema },
      async ({ principal, params, body, write, reply }) => {
        checkOrg(principal, params.orgId);
        reply.status(201);
        return createSavedRule(write, principal, body);
      },
    );
  },
};
