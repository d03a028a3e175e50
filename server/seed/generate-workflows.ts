import { AF1800_ITEMS, AF1800_TEMPLATE_TITLES, HOURS_RULE, MILES_RULE, af1800ItemRule, af1800TemplateRules } from '../../core/rules/af1800-items.ts';
import { TIRE_PRESSURE_RULE_TITLES } from '../../core/rules/af1800-form.ts';
import { NEW_RULE_DEFAULTS, type RuleDefinition } from '../../core/schema/rule.ts';
import type { WorkflowKey } from './catalog.ts';
import { dayStart, person, type OrgContext } from './context.ts';
import type { Rng } from './random.ts';

export interface WorkflowPlan {
  id: string;
  version: number;
  title: string;
  rules: RuleDefinition[];
}

export interface Workflows {
  byKey: Record<WorkflowKey, WorkflowPlan>;
  /** The inactive workflow some sedans used before they moved to the light vehicle one. */
  retired: WorkflowPlan;
}

const RULE_DEFAULTS = { ...NEW_RULE_DEFAULTS, af1800Id: null, isBoolean: true } as const satisfies Partial<RuleDefinition>;

type RuleSpec = Partial<RuleDefinition> & Pick<RuleDefinition, 'title' | 'ruleType'>;

const rule = (ruleId: string, spec: RuleSpec, newRuleType: RuleDefinition['newRuleType']): RuleDefinition => ({
  ...RULE_DEFAULTS,
  fields: { fixable: true },
  ...spec,
  ruleId,
  newRuleType,
});

/** The pre-saved library; the last four are used by no workflow. */
const LIBRARY: readonly (RuleSpec & { key: string })[] = [
  { key: 'forks', title: 'Forks, mast and carriage', description: 'No cracks or bends; mast chains lubricated and even', ruleType: 'passFail', af1800Id: 37 },
  {
    key: 'hydraulic',
    title: 'Hydraulic pressure',
    description: 'Gauge reading with the mast raised',
    ruleType: 'threshold',
    fields: { absMin: 0, absMax: 3000, threshold: 1800, units: 'psi', fixable: false },
    isBoolean: false,
    af1800Id: 18,
    fixable: false,
  },
  {
    key: 'glycol',
    title: 'Glycol mix ratio',
    description: 'Refractometer reading of the Type I mix',
    ruleType: 'lookup',
    frequency: 'weekly',
    lookup: { target: 55 },
    fields: { units: '%', fixable: false },
    isBoolean: false,
    af1800Id: 37,
    fixable: false,
  },
  {
    key: 'nozzles',
    title: 'Spray nozzles and boom',
    description: 'Nozzles clear, boom moves through full range',
    ruleType: 'passFail',
    frequency: 'weekly',
    af1800Id: 37,
  },
  { key: 'beacon', title: 'Amber beacon light', ruleType: 'passFail', af1800Id: 20 },
  {
    key: 'chocks',
    title: 'Wheel chocks on board',
    ruleType: 'counter',
    fields: { absMin: 0, absMax: 4, target: 2, units: 'chocks', fixable: true },
    isBoolean: false,
  },
  {
    key: 'plow',
    title: 'Snow plow hydraulic pressure',
    ruleType: 'threshold',
    frequency: 'monthly',
    fields: { absMin: 0, absMax: 2500, threshold: 1500, units: 'psi', fixable: false },
    isBoolean: false,
    fixable: false,
  },
  { key: 'boom', title: 'Boom extension length', ruleType: 'lookup', frequency: 'quarterly', lookup: { target: 12 }, fields: { units: 'ft' }, isBoolean: false },
];

const item = (n: number) => af1800ItemRule(AF1800_ITEMS.find((i) => i.itemNo === n)!);
const items = (...ns: number[]) => ns.map(item);

/** Templates, the custom workflows and the library, as rows; returns the plans vehicles are given. */
export function seedWorkflows(ctx: OrgContext): Workflows {
  const rng = ctx.rng.fork('workflows');
  const library = new Map(LIBRARY.map(({ key, ...spec }) => [key, rule(rng.id(), spec, 'CUSTOM')]));
  const libraryCreated = dayStart(ctx, -rng.int(200, 300));
  for (const saved of library.values()) {
    ctx.tables.rules.push({ id: rng.id(), orgId: ctx.orgId, ...saved, createdAt: libraryCreated, updatedAt: libraryCreated });
  }
  const fromLibrary = (key: string): RuleDefinition => {
    const saved = library.get(key)!;
    return { ...saved, ruleId: rng.id(), originalRuleId: saved.ruleId };
  };
  const typed = (spec: RuleSpec): RuleDefinition => rule(rng.id(), spec, spec.ruleType === 'passFail' ? 'PASS_FAIL' : 'NUMERIC_INPUT');

  const make = (title: string, rules: RuleDefinition[], options: { template?: boolean; active?: boolean } = {}) => addWorkflow(ctx, rng, title, rules, options);

  const byKey: Record<WorkflowKey, WorkflowPlan> = {
    af1800Hours: make(AF1800_TEMPLATE_TITLES.hours, af1800TemplateRules('hours'), { template: true }),
    af1800Miles: make(AF1800_TEMPLATE_TITLES.miles, af1800TemplateRules('miles'), { template: true }),
    af1800MilesAndHours: make(AF1800_TEMPLATE_TITLES.milesAndHours, af1800TemplateRules('milesAndHours'), { template: true }),
    forklift: make('Forklift Daily', [
      HOURS_RULE,
      ...items(15, 5, 6, 17, 30, 34),
      fromLibrary('forks'),
      fromLibrary('hydraulic'),
      typed({ title: 'Overhead guard and load backrest', ruleType: 'passFail', frequency: 'weekly', af1800Id: 37 }),
      typed({
        title: 'LP tank level',
        ruleType: 'threshold',
        fields: { absMin: 0, absMax: 100, threshold: 25, units: '%', fixable: false },
        isBoolean: false,
        fixable: false,
      }),
    ]),
    deicer: make('Deicer Seasonal', [
      MILES_RULE,
      HOURS_RULE,
      ...items(15, 2, 5, 20, 33),
      fromLibrary('glycol'),
      fromLibrary('nozzles'),
      typed({
        title: 'Fluid tank level',
        ruleType: 'threshold',
        fields: { absMin: 0, absMax: 2200, threshold: 500, units: 'gal', fixable: false },
        isBoolean: false,
        fixable: false,
      }),
      typed({ title: 'Safety cones on board', ruleType: 'counter', fields: { absMin: 0, absMax: 6, target: 4, units: 'cones', fixable: true }, isBoolean: false }),
      typed({ title: 'Boom emergency lowering', ruleType: 'passFail', frequency: 'monthly', af1800Id: 37 }),
      typed({ title: 'Heater burner test', ruleType: 'passFail', frequency: 'quarterly', af1800Id: 37 }),
      typed({ title: 'Cab heater and defroster service', ruleType: 'passFail', frequency: 'semiannual', af1800Id: 2 }),
      typed({ title: 'Boom load certification', ruleType: 'passFail', frequency: 'annual', af1800Id: 37 }),
    ]),
    lightVehicle: make('Light Vehicle Daily', [
      MILES_RULE,
      ...items(15, 5, 13, 16, 20, 21, 25, 30),
      typed({ title: 'Fleet card and logbook present', ruleType: 'passFail', frequency: 'monthly', af1800Id: 35 }),
      // Read into the AF1800's monthly tire pressure requirement (core/rules/af1800-form-tires.ts).
      ...(['front', 'rear'] as const).map((axle) =>
        typed({
          title: TIRE_PRESSURE_RULE_TITLES[axle],
          ruleType: 'threshold',
          frequency: 'weekly',
          fields: { absMin: 15, absMax: 45, threshold: 30, units: 'psi', fixable: false },
          isBoolean: false,
          fixable: false,
          af1800Id: 30,
        }),
      ),
    ]),
  };
  const retired = make('Legacy Sedan Check', [MILES_RULE, ...items(15, 5, 20, 30)], { active: false });
  return { byKey, retired };
}

function addWorkflow(ctx: OrgContext, rng: Rng, title: string, rules: RuleDefinition[], options: { template?: boolean; active?: boolean }): WorkflowPlan {
  const id = String(rng.safeInt());
  const version = options.template ? 1 : rng.int(1, 4);
  const created = dayStart(ctx, -rng.int(250, 350));
  const modified = version === 1 ? created : dayStart(ctx, -rng.int(40, 200));
  const modifier = person(ctx, 'admin');
  ctx.tables.workflows.push({
    id,
    orgId: ctx.orgId,
    title,
    active: options.active ?? true,
    isTemplate: options.template ?? false,
    version,
    lastModifierId: modifier.id,
    lastModifierName: modifier.name,
    createdAt: created,
    updatedAt: modified,
  });
  rules.forEach((r, position) => {
    ctx.tables.workflowRules.push({
      id: rng.id(),
      orgId: ctx.orgId,
      workflowId: id,
      position,
      ...r,
      fields: { ...r.fields },
      createdAt: modified,
      updatedAt: modified,
    });
  });
  return { id, version, title, rules };
}
