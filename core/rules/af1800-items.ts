import { HOURS_RULE_ID, MILES_RULE_ID, NEW_RULE_DEFAULTS, type RuleDefinition, type RuleFields } from '../schema/rule.ts';

/**
 * The items of AF Form 1800, Operator's Inspection Guide and Trouble Report.
 *
 * RECONSTRUCTED: the spec does not give the form's item list. Numbers and short titles below are
 * reconstructed from general knowledge of the form (items 1 to 35 on the inspection guide, 36 to 39
 * the check items of page 3); they are not a copy of the official form and may differ from it.
 */
export interface Af1800Item {
  itemNo: number;
  title: string;
  /** Items 36 to 39 print on page 3 with a check box and text. */
  page3?: true;
}

export const AF1800_ITEMS: readonly Af1800Item[] = [
  { itemNo: 1, title: 'Accident reporting kit' },
  { itemNo: 2, title: 'Air conditioning / heater / defroster' },
  { itemNo: 3, title: 'Battery and cables' },
  { itemNo: 4, title: 'Body, cab and paint' },
  { itemNo: 5, title: 'Brakes (service)' },
  { itemNo: 6, title: 'Brakes (parking)' },
  { itemNo: 7, title: 'Cleanliness (interior and exterior)' },
  { itemNo: 8, title: 'Coolant level' },
  { itemNo: 9, title: 'Doors, latches and locks' },
  { itemNo: 10, title: 'Drive belts' },
  { itemNo: 11, title: 'Engine oil level' },
  { itemNo: 12, title: 'Exhaust system' },
  { itemNo: 13, title: 'Fire extinguisher' },
  { itemNo: 14, title: 'Fluid leaks (fuel, oil, coolant, hydraulic)' },
  { itemNo: 15, title: 'Fuel level' },
  { itemNo: 16, title: 'Glass and windshield' },
  { itemNo: 17, title: 'Horn' },
  { itemNo: 18, title: 'Hydraulic fluid level' },
  { itemNo: 19, title: 'Instruments and gauges' },
  { itemNo: 20, title: 'Lights (head, tail, stop, turn, clearance)' },
  { itemNo: 21, title: 'Mirrors' },
  { itemNo: 22, title: 'Power steering fluid level' },
  { itemNo: 23, title: 'Radio and communication equipment' },
  { itemNo: 24, title: 'Reflectors and warning triangles' },
  { itemNo: 25, title: 'Seat belts and safety devices' },
  { itemNo: 26, title: 'Seats and upholstery' },
  { itemNo: 27, title: 'Spare tire, jack and tools' },
  { itemNo: 28, title: 'Steering' },
  { itemNo: 29, title: 'Suspension and springs' },
  { itemNo: 30, title: 'Tires (inflation, wear, damage)' },
  { itemNo: 31, title: 'Transmission fluid level' },
  { itemNo: 32, title: 'Wheels and lug nuts' },
  { itemNo: 33, title: 'Windshield wipers and washers' },
  { itemNo: 34, title: 'Backup alarm' },
  { itemNo: 35, title: 'Vehicle documents and registration' },
  { itemNo: 36, title: 'Cargo area and tie-downs', page3: true },
  { itemNo: 37, title: 'Special purpose equipment', page3: true },
  { itemNo: 38, title: 'Vehicle secured after operation', page3: true },
  { itemNo: 39, title: 'Other (explain in remarks)', page3: true },
];

export const af1800RuleId = (itemNo: number) => `AF1800-${itemNo}`;

/**
 * AF1800 items whose failure grounds the vehicle (Inoperable): service and parking brakes, exhaust,
 * fluid leaks, steering, tires, wheels and lug nuts. The spec names none; these are the items a
 * motor pool will not dispatch a vehicle with (docs/inspections.md).
 */
export const CRITICAL_ITEMS: ReadonlySet<number> = new Set([5, 6, 12, 14, 28, 30, 32]);

/** The fuel item is a threshold rule: fuel in quarter tanks, passing at a quarter tank or more. */
export const FUEL_ITEM_NO = 15;
export const FUEL_RULE_ID = af1800RuleId(FUEL_ITEM_NO);
export const FUEL_RULE_FIELDS: RuleFields = { threshold: 1, absMin: 0, absMax: 4, units: 'quarter tank', fixable: false };

/** Fuel level 0 to 1 from the fuel rule's answer (value out of absMax). */
export function fuelLevelFromValue(value: unknown, fields: RuleFields = FUEL_RULE_FIELDS): number | null {
  const max = fields.absMax ?? 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || max <= 0) return null;
  return Math.min(1, Math.max(0, value / max));
}

export function af1800ItemRule(item: Af1800Item): RuleDefinition {
  const ruleId = af1800RuleId(item.itemNo);
  if (item.itemNo === FUEL_ITEM_NO) {
    return {
      ...NEW_RULE_DEFAULTS,
      ruleId,
      title: item.title,
      ruleType: 'threshold',
      newRuleType: 'MISSING_AF_1800',
      fields: FUEL_RULE_FIELDS,
      af1800Id: item.itemNo,
      isBoolean: false,
      fixable: false,
    };
  }
  return {
    ...NEW_RULE_DEFAULTS,
    ruleId,
    title: item.title,
    ruleType: 'passFail',
    newRuleType: 'MISSING_AF_1800',
    fields: { fixable: true },
    af1800Id: item.itemNo,
    isBoolean: true,
  };
}

function odometerRule(ruleId: string, title: string, units: string): RuleDefinition {
  return {
    ...NEW_RULE_DEFAULTS,
    ruleId,
    title,
    description: `Current ${units} reading`,
    ruleType: 'counter',
    newRuleType: 'NUMERIC_INPUT',
    fields: { absMin: 0, units, fixable: false },
    af1800Id: null,
    isBoolean: false,
    requireAnnotationOnFailure: false,
    fixable: false,
  };
}

/** Present in a workflow, they make an inspection ask for hours (AF1800-H) and miles (AF1800-M). */
export const HOURS_RULE = odometerRule(HOURS_RULE_ID, 'Hours', 'hours');
export const MILES_RULE = odometerRule(MILES_RULE_ID, 'Miles', 'miles');

/**
 * Workflows whose title starts with this are the templates: edit only, never deactivated (part 2
 * §2.1), and no other workflow may take such a title (isAf1800TemplateTitle).
 */
export const AF1800_TEMPLATE_PREFIX = 'AF-1800 Full';

export const AF1800_TEMPLATE_VARIANTS = ['hours', 'miles', 'milesAndHours'] as const;
export type Af1800TemplateVariant = (typeof AF1800_TEMPLATE_VARIANTS)[number];

export const AF1800_TEMPLATE_TITLES: Record<Af1800TemplateVariant, string> = {
  hours: `${AF1800_TEMPLATE_PREFIX} (Hours)`,
  miles: `${AF1800_TEMPLATE_PREFIX} (Miles)`,
  milesAndHours: `${AF1800_TEMPLATE_PREFIX} (Miles & Hours)`,
};

/** A title as the prefix is compared: trimmed, lower case, each run of white space one space. */
const prefixKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();
const TEMPLATE_PREFIX_KEY = prefixKey(AF1800_TEMPLATE_PREFIX);

/**
 * Whether a title starts with the reserved prefix. Compared case-insensitively and with white space
 * runs as one space, as titles are told apart (unique trimmed, case-insensitively), so 'af-1800  full
 * x' cannot pass for a workflow of one's own while reading as a template in the list.
 */
export function isAf1800TemplateTitle(title: string): boolean {
  return prefixKey(title).startsWith(TEMPLATE_PREFIX_KEY);
}

/**
 * An AF-1800 Full workflow, by its flag or by its title (one made before the prefix was reserved
 * everywhere): never replaced nor set inactive. Restoring one that is inactive stays allowed.
 */
export function isAf1800TemplateWorkflow(workflow: { title: string; isTemplate: boolean }): boolean {
  return workflow.isTemplate || isAf1800TemplateTitle(workflow.title);
}

/** The rules of a template workflow in order: the odometer rules first, then every AF1800 item. */
export function af1800TemplateRules(variant: Af1800TemplateVariant): RuleDefinition[] {
  const odometer = variant === 'hours' ? [HOURS_RULE] : variant === 'miles' ? [MILES_RULE] : [MILES_RULE, HOURS_RULE];
  return [...odometer, ...AF1800_ITEMS.map(af1800ItemRule)].map((rule) => ({ ...rule, fields: { ...rule.fields } }));
}

/** The three template workflows as title and rules. */
export function af1800TemplateWorkflows(): { variant: Af1800TemplateVariant; title: string; rules: RuleDefinition[] }[] {
  return AF1800_TEMPLATE_VARIANTS.map((variant) => ({ variant, title: AF1800_TEMPLATE_TITLES[variant], rules: af1800TemplateRules(variant) }));
}

/** Whether a workflow's rules ask for hours and miles. */
export function odometerQuestions(rules: readonly { ruleId: string }[]): { hours: boolean; miles: boolean } {
  return { hours: rules.some((r) => r.ruleId === HOURS_RULE_ID), miles: rules.some((r) => r.ruleId === MILES_RULE_ID) };
}
