import { z } from 'zod';
import { entityId, INT_MAX, isoDateTime } from './common.ts';

/** Legacy rule types, shown as check kinds (part 2 §9). */
export const RULE_TYPES = ['passFail', 'counter', 'threshold', 'lookup'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const RULE_TYPE_LABELS: Record<RuleType, string> = {
  threshold: 'Range',
  passFail: 'Pass/Fail',
  counter: 'Counter',
  lookup: 'Target',
};

/** The other set of check kinds: what an inspection result says it is (lookup results are targets). */
export const RESULT_TYPES = ['threshold', 'passFail', 'counter', 'target'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const NEW_RULE_TYPES = ['PASS_FAIL', 'NUMERIC_INPUT', 'CUSTOM', 'MISSING_AF_1800'] as const;
export type NewRuleType = (typeof NEW_RULE_TYPES)[number];
export const NEW_RULE_TYPE_LABELS: Record<NewRuleType, string> = {
  PASS_FAIL: 'Pass/Fail',
  NUMERIC_INPUT: 'Numeric Input',
  CUSTOM: 'Pre-Saved Rule',
  MISSING_AF_1800: 'Template AF-1800 Rule',
};
/** The palette's two groups: rules taken from the pre-saved library, and rules typed in. */
export const PRESAVED_RULE_TYPES: readonly NewRuleType[] = ['CUSTOM', 'MISSING_AF_1800'];
export const INPUT_RULE_TYPES: readonly NewRuleType[] = ['PASS_FAIL', 'NUMERIC_INPUT'];

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'semiannual', 'annual'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: 'Every Inspection',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semiannual: 'Semiannually',
  annual: 'Annually',
};

export const RULE_DESCRIPTION_MAX = 300;

/** Rule titles are compared trimmed and case-insensitively: in a workflow, and in the pre-saved library. */
export const ruleTitleKey = (title: string) => title.trim().toLowerCase();
export const RULE_TITLE_MAX = 120;
export const AF1800_RULE_PREFIX = 'AF1800-';
export const HOURS_RULE_ID = 'AF1800-H';
export const MILES_RULE_ID = 'AF1800-M';

const finite = z.number().finite();

export const ruleFieldsSchema = z.object({
  threshold: finite.nullable().optional(),
  absMin: finite.nullable().optional(),
  absMax: finite.nullable().optional(),
  target: finite.nullable().optional(),
  units: z.string().max(30).nullable().optional(),
  fixable: z.boolean().optional(),
});
export type RuleFields = z.infer<typeof ruleFieldsSchema>;

export const ruleLookupSchema = z.object({ target: finite.nullable().optional() });
export type RuleLookup = z.infer<typeof ruleLookupSchema>;

/** The rule columns shared by the pre-saved library and the rules of a workflow (part 2 §3). */
export const ruleDefinitionSchema = z.object({
  ruleId: z.string().min(1).max(64),
  originalRuleId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  frequency: z.enum(FREQUENCIES),
  ruleType: z.enum(RULE_TYPES),
  newRuleType: z.enum(NEW_RULE_TYPES).nullable(),
  fields: ruleFieldsSchema,
  lookup: ruleLookupSchema.nullable(),
  /** The AF1800 item a custom rule reports against, when it does. */
  af1800Id: z.number().int().min(1).nullable(),
  isBoolean: z.boolean(),
  area: z.string().nullable(),
  comment: z.string().nullable(),
  picture: z.string().nullable(),
  requireAnnotationOnFailure: z.boolean(),
  fixable: z.boolean(),
  icon: z.string().nullable(),
});
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>;

/** What a new rule is saved with (part 2 §3): area internal, comment and picture either, annotation on failure, fixable, no icon. */
export const NEW_RULE_DEFAULTS = {
  originalRuleId: null,
  description: null,
  frequency: 'daily',
  lookup: null,
  area: 'internal',
  comment: 'either',
  picture: 'either',
  requireAnnotationOnFailure: true,
  fixable: true,
  icon: null,
} as const satisfies Partial<RuleDefinition>;

/** A rule of the organization's pre-saved library (feed `rules`). */
export const savedRuleSchema = ruleDefinitionSchema.extend({
  savedRuleId: entityId,
  lastModificationDate: isoDateTime,
});
export type SavedRule = z.infer<typeof savedRuleSchema>;

/** The AF1800 item number of a rule: its af1800Id, else n from an 'AF1800-{n}' rule id. */
export function af1800ItemOf(rule: { ruleId: string; af1800Id: number | null }): number | null {
  if (rule.af1800Id !== null) return rule.af1800Id;
  const match = /^AF1800-(\d+)$/.exec(rule.ruleId);
  return match ? Number(match[1]) : null;
}

const twoDecimals = (v: number) => Math.round(v * 100) === v * 100;
const decimal = z
  .number({ error: 'Enter a number' })
  .finite('Enter a number')
  .min(0, 'Numbers cannot be negative')
  .refine(twoDecimals, 'Numbers have at most 2 decimal places');

/** A rule as the editor sends it (POST /rules, and each rule of a workflow save), with part 2 §5's checks. */
export const ruleInputSchema = z
  .object({
    ruleId: z.string().min(1).max(64).optional(),
    /** Ours: the id of the rule's row in a workflow, made on the device so its optimistic row is the server's. */
    workflowRuleId: entityId.optional(),
    /** Ours: the id of a new pre-saved rule's row (POST /rules), made on the device likewise. */
    savedRuleId: entityId.optional(),
    originalRuleId: z.string().max(64).nullable().optional(),
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(RULE_TITLE_MAX, `Titles are at most ${RULE_TITLE_MAX} characters`),
    description: z.string().trim().max(RULE_DESCRIPTION_MAX, `Descriptions are at most ${RULE_DESCRIPTION_MAX} characters`).nullable().optional(),
    frequency: z.enum(FREQUENCIES, { error: 'Frequency is required' }),
    ruleType: z.enum(RULE_TYPES, { error: `Rule type must be one of: ${RULE_TYPES.join(', ')}` }),
    newRuleType: z.enum(NEW_RULE_TYPES).nullable().optional(),
    fields: z
      .object({
        threshold: decimal.nullable().optional(),
        absMin: decimal.nullable().optional(),
        absMax: decimal.nullable().optional(),
        target: decimal.nullable().optional(),
        units: z.string().trim().max(30, 'Units are at most 30 characters').nullable().optional(),
        fixable: z.boolean().optional(),
      })
      .default({}),
    lookup: z
      .object({ target: z.number({ error: 'A target must be a finite number' }).gt(0, 'A target must be above 0').nullable().optional() })
      .nullable()
      .optional(),
    af1800Id: z.number().int().min(1).max(INT_MAX).nullable().optional(),
    isBoolean: z.boolean().optional(),
    area: z.string().max(30).nullable().default('internal'),
    comment: z.string().max(30).nullable().default('either'),
    picture: z.string().max(30).nullable().default('either'),
    requireAnnotationOnFailure: z.boolean().default(true),
    fixable: z.boolean().default(true),
    icon: z.string().max(100).nullable().default(null),
    /** Marked removed in the editor; a save drops it. */
    isRemoved: z.boolean().optional(),
  })
  .superRefine((rule, ctx) => {
    const { threshold, absMin, absMax, target } = rule.fields;
    if (threshold != null && ((absMin != null && threshold < absMin) || (absMax != null && threshold > absMax))) {
      ctx.addIssue({ code: 'custom', path: ['fields', 'threshold'], message: 'The threshold must lie within the minimum and maximum' });
    }
    if (absMin != null && absMax != null && absMin > absMax) {
      ctx.addIssue({ code: 'custom', path: ['fields', 'absMin'], message: 'The minimum cannot be above the maximum' });
    }
    if (rule.ruleType === 'counter' && target != null && (target < 1 || (absMax != null && target > absMax))) {
      ctx.addIssue({ code: 'custom', path: ['fields', 'target'], message: `A counter's target is between 1 and ${absMax ?? 'its maximum'}` });
    }
  });
export type RuleInput = z.infer<typeof ruleInputSchema>;

/**
 * The stored columns of a rule as the editor sent it, under its rule id: what the server writes and
 * what the device shows before the server has it (one rule, so the two agree).
 */
export function ruleDefinitionOf(rule: RuleInput, ruleId: string): RuleDefinition {
  return {
    ruleId,
    originalRuleId: rule.originalRuleId ?? null,
    title: rule.title,
    description: rule.description || null,
    frequency: rule.frequency,
    ruleType: rule.ruleType,
    newRuleType: rule.newRuleType ?? null,
    fields: rule.fields,
    lookup: rule.lookup ?? null,
    af1800Id: rule.af1800Id ?? null,
    isBoolean: rule.isBoolean ?? rule.ruleType === 'passFail',
    area: rule.area,
    comment: rule.comment,
    picture: rule.picture,
    requireAnnotationOnFailure: rule.requireAnnotationOnFailure,
    fixable: rule.fixable,
    icon: rule.icon,
  };
}
