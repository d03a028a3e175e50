import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { RuleFields, RuleLookup } from '../../../core/schema/rule.ts';
import { syncColumns } from './common.ts';

/** The columns of a rule, shared by the pre-saved library and the rules inside workflows (part 2 §3). */
function ruleColumns() {
  return {
    /** 'AF1800-{n}', 'AF1800-H', 'AF1800-M', or the id of a custom rule. */
    ruleId: text('rule_id').notNull(),
    originalRuleId: text('original_rule_id'),
    title: text('title').notNull(),
    description: text('description'),
    /** daily | weekly | monthly | quarterly | semiannual | annual */
    frequency: text('frequency').notNull().default('daily'),
    /** passFail | counter | threshold | lookup */
    ruleType: text('rule_type').notNull(),
    /** PASS_FAIL | NUMERIC_INPUT | CUSTOM | MISSING_AF_1800 */
    newRuleType: text('new_rule_type'),
    fields: jsonb('fields')
      .$type<RuleFields>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lookup: jsonb('lookup').$type<RuleLookup>(),
    af1800Id: integer('af1800_id'),
    isBoolean: boolean('is_boolean').notNull().default(true),
    area: text('area'),
    comment: text('comment'),
    picture: text('picture'),
    requireAnnotationOnFailure: boolean('require_annotation_on_failure').notNull().default(true),
    fixable: boolean('fixable').notNull().default(true),
    icon: text('icon'),
  };
}

/**
 * Inspection workflows. The id is the text of the spec's numeric workflowId, a random safe integer
 * that a client can make offline.
 */
export const workflows = pgTable(
  'workflows',
  {
    ...syncColumns(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(true),
    /** One of the three 'AF-1800 Full' templates: edit only, never deactivated. */
    isTemplate: boolean('is_template').notNull().default(false),
    /** Raised by every Save and Replace; inspections record the version they answered. */
    version: integer('version').notNull().default(1),
    lastModifierId: text('last_modifier_id'),
    lastModifierName: text('last_modifier_name'),
  },
  (t) => [
    index('workflows_org_rev').on(t.orgId, t.rev),
    uniqueIndex('workflows_org_title')
      .on(t.orgId, sql`lower(${t.title})`)
      .where(sql`deleted_at is null`),
    check('workflows_id_numeric', sql`${t.id} ~ '^[1-9][0-9]{0,15}$'`),
  ],
);

/** The rules of a workflow, in order of position. */
export const workflowRules = pgTable(
  'workflow_rules',
  {
    ...syncColumns(),
    workflowId: text('workflow_id').notNull(),
    position: integer('position').notNull(),
    ...ruleColumns(),
  },
  (t) => [index('workflow_rules_org_rev').on(t.orgId, t.rev), index('workflow_rules_workflow').on(t.workflowId, t.position)],
);

/** The organization's pre-saved rule library. */
export const rules = pgTable(
  'rules',
  {
    ...syncColumns(),
    ...ruleColumns(),
  },
  (t) => [
    index('rules_org_rev').on(t.orgId, t.rev),
    uniqueIndex('rules_org_rule_id')
      .on(t.orgId, t.ruleId)
      .where(sql`deleted_at is null`),
  ],
);
