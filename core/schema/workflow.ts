import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';
import { regNumberSchema } from './registration.ts';
import { builtInRuleFault } from '../rules/protected-rules.ts';
import { AF1800_TEMPLATE_PREFIX, isAf1800TemplateTitle } from '../rules/af1800-items.ts';
import { apiPath } from './api-path.ts';
import { FREQUENCIES, RULE_TYPES, ruleDefinitionSchema, ruleFieldsSchema, ruleInputSchema, ruleLookupSchema, ruleTitleKey } from './rule.ts';

/**
 * The spec's workflowId is a number. Clients create workflows offline, so an id is a random safe
 * integer made on the device; the database stores it as the text of that number.
 */
export const workflowIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A workflowId from a path or form field ("123"): a numeric string of a safe integer. */
export const workflowIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'A workflow id is a number')
  .transform(Number)
  .pipe(workflowIdSchema);

/** A new workflow id: a random integer in 1..2^53-1. */
export function randomWorkflowId(): number {
  const words = crypto.getRandomValues(new Uint32Array(2));
  const high = (words[0] ?? 0) & 0x1fffff;
  const id = high * 0x100000000 + (words[1] ?? 0);
  return id === 0 ? 1 : id;
}

/** Ours: more than the AF-1800 Full templates' 40 rules, with room for an organization's own. */
export const WORKFLOW_RULES_MAX = 200;

export const WORKFLOW_TITLE_MIN = 2;
export const WORKFLOW_TITLE_MAX = 119;
export const WORKFLOW_TITLE_IN_USE_MESSAGE = 'Workflow title already in use';
export const WORKFLOW_TITLE_INVALID_MESSAGE = 'Invalid character used in title';

/** Starts with a word character; then letters, digits, space and . - , / % ( ) & ' " ; # */
const WORKFLOW_TITLE_PATTERN = /^\w[A-Za-z0-9 .\-,/%()&'";#]*$/;

export const workflowTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(WORKFLOW_TITLE_MIN, `Titles are ${WORKFLOW_TITLE_MIN} to ${WORKFLOW_TITLE_MAX} characters`)
  .max(WORKFLOW_TITLE_MAX, `Titles are ${WORKFLOW_TITLE_MIN} to ${WORKFLOW_TITLE_MAX} characters`)
  .regex(WORKFLOW_TITLE_PATTERN, WORKFLOW_TITLE_INVALID_MESSAGE);

export const WORKFLOW_TITLE_RESERVED_MESSAGE = `Titles starting with "${AF1800_TEMPLATE_PREFIX}" are kept for the AF-1800 templates; choose another title`;

/**
 * The title of a new workflow (Save As; POST .../workflows): the title rule, and not the templates'
 * prefix (isAf1800TemplateTitle). The editor's Save As and the server both check it; a rename by
 * PATCH is checked by the server with the same rule, after the template's own refusal.
 */
export const newWorkflowTitleSchema = workflowTitleSchema.refine((title) => !isAf1800TemplateTitle(title), { message: WORKFLOW_TITLE_RESERVED_MESSAGE });

/** Uniqueness of titles compares them trimmed and case-insensitively. */
export function workflowTitleKey(title: string): string {
  return title.trim().toLowerCase();
}

/** A workflow (feed `workflows`); its rules are the feed `workflowRules`. */
export const workflowSchema = z.object({
  workflowId: workflowIdSchema,
  title: z.string(),
  active: z.boolean(),
  /** One of the three 'AF-1800 Full' templates: edit only, never deactivated. */
  isTemplate: z.boolean(),
  version: z.number().int().min(1),
  lastModifierId: z.string().nullable(),
  lastModifierName: z.string().nullable(),
  lastModificationDate: isoDateTime,
});
export type Workflow = z.infer<typeof workflowSchema>;

/** A rule inside a workflow, in the workflow's order (feed `workflowRules`). */
export const workflowRuleSchema = ruleDefinitionSchema.extend({
  workflowRuleId: entityId,
  workflowId: workflowIdSchema,
  position: z.number().int().min(0),
});
export type WorkflowRule = z.infer<typeof workflowRuleSchema>;

/** GET .../workflows/{id}?showRules=true */
export const workflowWithRulesSchema = workflowSchema.extend({ rules: z.array(workflowRuleSchema) });
export type WorkflowWithRules = z.infer<typeof workflowWithRulesSchema>;

/** GET /data/v1/vehicles/{id}/workflow: what an inspection of the vehicle asks. */
export const vehicleWorkflowSchema = z.object({
  version: z.number().int(),
  workflowId: workflowIdSchema,
  rules: z.array(
    z.object({
      ruleId: z.string(),
      title: z.string(),
      af1800Id: z.number().int().nullable(),
      isBoolean: z.boolean(),
      // Beyond the spec's four: how to answer the rule, and whether an inspection now asks it (a
      // weekly rule answered three days ago is not due); a submission must answer every rule due.
      ruleType: z.enum(RULE_TYPES),
      fields: ruleFieldsSchema,
      lookup: ruleLookupSchema.nullable(),
      frequency: z.enum(FREQUENCIES),
      due: z.boolean(),
    }),
  ),
});
export type VehicleWorkflow = z.infer<typeof vehicleWorkflowSchema>;

export const NO_RULE_KEPT_MESSAGE = 'At least one rule must not be removed';

type KeptRule = Parameters<typeof builtInRuleFault>[0] & { title: string; isRemoved?: boolean; workflowRuleId?: string };

/**
 * What is wrong with a workflow's rules taken together (part 2 §4, §5): a title used twice among the
 * rules kept, a built-in rule changed, a row id sent twice. Removed rules are not saved, so they count
 * for none of it. The server's body schema and the editor's badges both ask this.
 */
export function keptRuleFaults(rules: readonly KeptRule[]): { index: number; path: string[]; message: string }[] {
  const faults: { index: number; path: string[]; message: string }[] = [];
  const seen = new Set<string>();
  const rowIds = new Set<string>();
  rules.forEach((rule, index) => {
    if (rule.workflowRuleId !== undefined) {
      if (rowIds.has(rule.workflowRuleId)) faults.push({ index, path: ['workflowRuleId'], message: 'Two rules have the same workflowRuleId' });
      rowIds.add(rule.workflowRuleId);
    }
    if (rule.isRemoved) return;
    const key = ruleTitleKey(rule.title);
    if (seen.has(key)) faults.push({ index, path: ['title'], message: ruleTitleTwiceMessage(rule.title) });
    seen.add(key);
    const fault = builtInRuleFault(rule);
    if (fault) faults.push({ index, path: fault.path.split('.'), message: fault.message });
  });
  return faults;
}

export const ruleTitleTwiceMessage = (title: string) => `Rule title "${title.trim()}" is used twice`;

const workflowRulesInput = z
  .array(ruleInputSchema)
  .max(WORKFLOW_RULES_MAX, `A workflow has at most ${WORKFLOW_RULES_MAX} rules`)
  .superRefine((rules, ctx) => {
    if (rules.every((r) => r.isRemoved)) ctx.addIssue({ code: 'custom', message: NO_RULE_KEPT_MESSAGE });
    for (const { index, path, message } of keptRuleFaults(rules)) ctx.addIssue({ code: 'custom', path: [index, ...path], message });
  });

/** Save As: a new workflow, optionally assigned to vehicles at once. */
export const createWorkflowBodySchema = z.object({
  workflowId: workflowIdSchema.optional(),
  title: newWorkflowTitleSchema,
  rules: workflowRulesInput,
  regNumbers: z.array(regNumberSchema).max(1000).optional(),
  /** Ours: the vehicles meant, in the order of regNumbers; an id wins over a registration that changed hands (server/modules/vehicles/vehicle-meant.ts). */
  vehicleIds: z.array(entityId).max(1000).optional(),
});
export type CreateWorkflowBody = z.infer<typeof createWorkflowBodySchema>;

/** PATCH .../workflows/{id}: Save and Replace (title and rules), or restore (active true). */
export const updateWorkflowBodySchema = z
  .object({
    workflowId: workflowIdSchema.optional(),
    title: workflowTitleSchema.optional(),
    rules: workflowRulesInput.optional(),
    active: z.boolean().optional(),
    /**
     * Ours: the version the editor opened. A replace based on an older version than the server's is
     * refused (409, workflowReplacedMessage): an edit queued offline never overwrites a newer save unseen.
     */
    baseVersion: z.number().int().min(1).optional(),
  })
  .refine((b) => b.title !== undefined || b.rules !== undefined || b.active !== undefined, { message: 'Nothing to update' });
export type UpdateWorkflowBody = z.infer<typeof updateWorkflowBodySchema>;

/** POST .../workflows/{id}/assignByRegNumber: a list of registration numbers (ours: each may be `{regNumber, vehicleId}`, the vehicle meant). */
export const assignByRegNumberBodySchema = z
  .array(z.union([regNumberSchema, z.object({ regNumber: regNumberSchema, vehicleId: entityId }).strict()]))
  .min(1, 'Choose at least one vehicle')
  .max(1000);
export type AssignByRegNumberBody = z.infer<typeof assignByRegNumberBodySchema>;

export const VEHICLE_IDS_MISMATCH_MESSAGE = 'vehicleIds must name one vehicle for each registration number, in the same order';

// ---- calls (part 2 §7) ----------------------------------------------------------------------------

export const workflowPaths = {
  list: apiPath('/data/v1/organizations/:orgId/workflows'),
  one: apiPath('/data/v1/organizations/:orgId/workflows/:workflowId'),
  assign: apiPath('/data/v1/organizations/:orgId/workflows/:workflowId/assignByRegNumber'),
  rules: apiPath('/data/v1/organizations/:orgId/rules'),
};

const flag = z.enum(['true', 'false'], { error: 'Use true or false' });
/** GET .../workflows?showArchives=true: inactive workflows too. */
export const workflowListQuerySchema = z.object({ showArchives: flag.optional() }).strict();
/** GET .../workflows/{id}?showRules=true: with its rules in order. */
export const workflowQuerySchema = z.object({ showRules: flag.optional() }).strict();

/** POST .../workflows answers the new workflow with its rules and the url of the new workflow, whose last segment is its id. */
export const createdWorkflowSchema = workflowWithRulesSchema.extend({ url: z.string() });

export const TEMPLATE_REPLACE_MESSAGE = 'An AF-1800 Full workflow keeps its title and rules: Save As a workflow of your own';
export const TEMPLATE_DEACTIVATE_MESSAGE = 'An AF-1800 Full workflow cannot be set inactive';
export const INACTIVE_WORKFLOW_ASSIGN_MESSAGE = 'Restore the workflow before assigning vehicles to it';
export const RULE_TITLE_IN_USE_MESSAGE = 'A pre-saved rule with this title exists already';
export const unknownRegNumbersMessage = (regs: readonly string[]) => `This organization has no vehicle ${regs.join(', ')}`;
export const workflowReplacedMessage = (title: string, by: string | null, version: number) =>
  `${by ?? 'Someone'} saved "${title}" (version ${version}) after you opened it, so your changes were not saved. Open the workflow again and make them on its latest version.`;
