import { describe, expect, it } from 'vitest';
import { af1800TemplateRules, AF1800_TEMPLATE_TITLES, FUEL_RULE_ID } from '../../../core/rules/af1800-items.ts';
import { NEW_RULE_DEFAULTS, type RuleDefinition, type SavedRule } from '../../../core/schema/rule.ts';
import { NO_RULE_KEPT_MESSAGE, RULE_TITLE_IN_USE_MESSAGE, type WorkflowRule } from '../../../core/schema/workflow.ts';
import {
  canReplace,
  canSaveAs,
  cancelEdit,
  confirmEdit,
  hasChanges,
  insertRule,
  missingAf1800Rules,
  moveRule,
  newRule,
  openEditor,
  removeRule,
  ruleBadge,
  ruleProblems,
  rulesForLibrary,
  workflowRowAction,
  rulesToSave,
  undeleteRule,
  undoToOriginal,
  unusedSavedRules,
  type EditorState,
} from './editor-model.ts';

const def = (ruleId: string, title: string, extra: Partial<RuleDefinition> = {}): RuleDefinition => ({
  ...NEW_RULE_DEFAULTS,
  ruleId,
  title,
  ruleType: 'passFail',
  newRuleType: 'PASS_FAIL',
  fields: {},
  af1800Id: null,
  isBoolean: true,
  ...extra,
});
const row = (rule: RuleDefinition, position: number): WorkflowRule => ({ ...rule, workflowRuleId: `row-${position}`, workflowId: 7, position });
const saved = (rule: RuleDefinition): SavedRule => ({ ...rule, savedRuleId: `s-${rule.ruleId}`, lastModificationDate: '2026-01-01T00:00:00.000Z' });

const tread = def('C-tread', 'Tire tread', {
  ruleType: 'threshold',
  newRuleType: 'NUMERIC_INPUT',
  isBoolean: false,
  fields: { threshold: 4, absMin: 2, absMax: 10 },
});
const opened = () => openEditor([row(def('C-horn', 'Horn'), 1), row(tread, 0)]);
const custom = { title: 'Custom', isTemplate: false };
const edit = (s: EditorState, i: number, change: Partial<RuleDefinition>) => confirmEdit(s, s.rules[i]!.key, { ...s.rules[i]!.rule, ...change });
const problems = (s: EditorState, i: number, library: SavedRule[] = []) => ruleProblems(s, i, library);

describe('the rule editor (part 2 §2.2, §5)', () => {
  it('opens the rules in the workflow’s order, unchanged, with blank badges; nothing to save yet', () => {
    const s = opened();
    expect(s.rules.map((r) => r.rule.title)).toEqual(['Tire tread', 'Horn']);
    expect(s.rules.map((_, i) => ruleBadge(s, i, []))).toEqual([null, null]);
    expect(hasChanges(s)).toBe(false);
    expect(canReplace(custom, s, [])).toBe(false);
    expect(canSaveAs(s, [])).toBe(false);
  });

  it('a reorder alone is a change; moving back undoes it', () => {
    const moved = moveRule(opened(), 0, 1);
    expect(moved.rules.map((r) => r.rule.title)).toEqual(['Horn', 'Tire tread']);
    expect(hasChanges(moved)).toBe(true);
    expect(canReplace(custom, moved, [])).toBe(true);
    expect(hasChanges(moveRule(moved, 1, 0))).toBe(false);
  });

  it('badges: Editing while in the form, Added, Modified, Invalid; undo to original clears Modified', () => {
    let s = insertRule(opened(), newRule('PASS_FAIL'));
    expect(ruleBadge(s, 2, [])).toBe('Editing');
    s = edit(s, 2, { title: 'Lights' });
    expect(ruleBadge(s, 2, [])).toBe('Added');
    s = edit(s, 1, { description: 'Both tones' });
    expect(ruleBadge(s, 1, [])).toBe('Modified');
    s = edit(s, 0, { fields: { threshold: 12, absMin: 2, absMax: 10 } });
    expect(ruleBadge(s, 0, [])).toBe('Invalid');
    expect(problems(s, 0)).toContain('The threshold must lie within the minimum and maximum');
    expect(canReplace(custom, s, [])).toBe(false);
    expect(canSaveAs(s, [])).toBe(false);
    s = undoToOriginal(s, s.rules[0]!.key);
    expect(ruleBadge(s, 0, [])).toBeNull();
    expect(canReplace(custom, s, [])).toBe(true);
  });

  it('cancel drops an added rule never confirmed, and keeps the confirmed values of any other', () => {
    const s = insertRule(opened(), newRule('PASS_FAIL'));
    expect(cancelEdit(s, s.rules[2]!.key).rules).toHaveLength(2);
    const edited = edit(opened(), 1, { title: 'Horn and lights' });
    expect(cancelEdit(edited, edited.rules[1]!.key).rules[1]!.rule.title).toBe('Horn and lights');
  });

  it('checks every rule of validity with the spec’s messages', () => {
    const s = opened();
    expect(problems(edit(s, 1, { title: '  ' }), 1)).toContain('Title is required');
    expect(problems(edit(s, 1, { frequency: undefined as never }), 1)).toContain('Frequency is required');
    expect(problems(edit(s, 1, { description: 'x'.repeat(301) }), 1)).toContain('Descriptions are at most 300 characters');
    expect(problems(edit(s, 1, { description: 'x'.repeat(300) }), 1)).toEqual([]);
    expect(problems(edit(s, 0, { fields: { threshold: 1, absMin: 2, absMax: 10 } }), 0)).toContain('The threshold must lie within the minimum and maximum');
    expect(problems(edit(s, 0, { fields: { threshold: 4.255, absMin: 2, absMax: 10 } }), 0)).toContain('Numbers have at most 2 decimal places');
    expect(problems(edit(s, 0, { fields: { threshold: 4.25, absMin: 2, absMax: 10 } }), 0)).toEqual([]);
    expect(problems(edit(s, 0, { fields: { threshold: 4, absMin: -2, absMax: 10 } }), 0)).toContain('Numbers cannot be negative');
    const counter = { ruleType: 'counter' as const, fields: { absMax: 4, target: 5 } };
    expect(problems(edit(s, 0, counter), 0)).toContain("A counter's target is between 1 and 4");
    expect(problems(edit(s, 0, { ...counter, fields: { absMax: 4, target: 0 } }), 0)).toContain("A counter's target is between 1 and 4");
    expect(problems(edit(s, 0, { ...counter, fields: { absMax: 4, target: 4 } }), 0)).toEqual([]);
    expect(problems(edit(s, 0, { ruleType: 'lookup', lookup: { target: 0 } }), 0)).toContain('A target must be above 0');
    expect(problems(edit(s, 0, { ruleType: 'lookup', lookup: { target: Infinity } }), 0)).toContain('A target must be a finite number');
    // Titles are unique among the rules kept: a removed rule's title is free.
    const twice = edit(s, 1, { title: ' tire TREAD' });
    expect(problems(twice, 1)).toContain('Rule title "tire TREAD" is used twice');
    expect(problems(removeRule(twice, twice.rules[0]!.key), 1)).toEqual([]);
  });

  it('a rule typed in may not take a pre-saved rule’s title (it joins the library on save)', () => {
    const library = [saved(def('C-beacon', 'Beacon light', { newRuleType: 'CUSTOM' }))];
    let s = insertRule(opened(), newRule('PASS_FAIL'));
    s = edit(s, 2, { title: 'beacon LIGHT' });
    expect(problems(s, 2, library)).toContain(RULE_TITLE_IN_USE_MESSAGE);
    s = edit(s, 2, { title: 'Strobe light' });
    expect(rulesForLibrary(s).map((r) => r.title)).toEqual(['Strobe light']);
  });

  it('keeps the built-in rules’ title, description and frequency, and the fuel threshold', () => {
    const template = af1800TemplateRules('milesAndHours');
    const fuel = template.find((r) => r.ruleId === FUEL_RULE_ID)!;
    const builtIn = template.find((r) => r.ruleId !== FUEL_RULE_ID)!;
    const s = openEditor([row(builtIn, 0), row(fuel, 1)]);
    expect(problems(s, 0)).toEqual([]);
    expect(problems(edit(s, 0, { title: 'Renamed' }), 0)).toContain(`"${builtIn.title}" is a built-in rule: its title, description and frequency cannot change`);
    expect(problems(edit(s, 0, { frequency: 'annual' }), 0)).toHaveLength(1);
    expect(problems(edit(s, 1, { fields: { ...fuel.fields, threshold: 0.1 } }), 1)[0]).toMatch(/^The fuel rule's threshold is fixed at/);
  });

  it('needs at least one rule kept; removed rules undelete; a rule added and removed simply goes', () => {
    let s = opened();
    s = removeRule(removeRule(s, s.rules[0]!.key), s.rules[1]!.key);
    expect(s.rules.every((r) => r.removed)).toBe(true);
    expect(canSaveAs(s, [])).toBe(false);
    expect(rulesToSave(s)).toEqual([]);
    s = undeleteRule(s, s.rules[1]!.key);
    expect(canReplace(custom, s, [])).toBe(true);
    expect(rulesToSave(s).map((r) => r.title)).toEqual(['Horn']);
    const added = insertRule(s, newRule('PASS_FAIL'));
    expect(removeRule(added, added.rules[2]!.key).rules).toHaveLength(2);
    expect(NO_RULE_KEPT_MESSAGE).toBe('At least one rule must not be removed');
  });

  it('Save and Replace is never offered for an AF-1800 Full workflow; Save As is', () => {
    const s = moveRule(opened(), 0, 1);
    expect(canReplace({ title: AF1800_TEMPLATE_TITLES.hours, isTemplate: true }, s, [])).toBe(false);
    expect(canReplace({ title: 'AF-1800 Full copy', isTemplate: false }, s, [])).toBe(false);
    expect(canReplace({ title: ' af-1800  FULL copy', isTemplate: false }, s, [])).toBe(false);
    expect(canSaveAs(s, [])).toBe(true);
  });

  it('the list offers Delete for an active workflow but an AF-1800 Full one, and Restore for every inactive one', () => {
    expect(workflowRowAction({ title: 'Daily', isTemplate: false, active: true })).toBe('delete');
    expect(workflowRowAction({ title: AF1800_TEMPLATE_TITLES.hours, isTemplate: true, active: true })).toBeNull();
    expect(workflowRowAction({ title: 'af-1800 full old copy', isTemplate: false, active: true })).toBeNull();
    expect(workflowRowAction({ title: 'Daily', isTemplate: false, active: false })).toBe('restore');
    expect(workflowRowAction({ title: AF1800_TEMPLATE_TITLES.miles, isTemplate: true, active: false })).toBe('restore');
    expect(workflowRowAction({ title: 'AF-1800 Full legacy', isTemplate: false, active: false })).toBe('restore');
  });

  it('the palette offers only pre-saved and template rules the workflow does not use', () => {
    const library = [saved(def('C-beacon', 'Beacon light', { newRuleType: 'CUSTOM' })), saved(def('C-chocks', 'Chocks', { newRuleType: 'CUSTOM' }))];
    let s = opened();
    expect(unusedSavedRules(s, library).map((r) => r.title)).toEqual(['Beacon light', 'Chocks']);
    s = insertRule(s, newRule('CUSTOM', library[0]));
    expect(s.rules[2]!.rule).toMatchObject({ originalRuleId: 'C-beacon', newRuleType: 'CUSTOM', title: 'Beacon light' });
    expect(s.rules[2]!.rule.ruleId).not.toBe('C-beacon');
    expect(unusedSavedRules(s, library).map((r) => r.title)).toEqual(['Chocks']);
    const template = af1800TemplateRules('milesAndHours');
    const all = openEditor(template.map(row));
    expect(missingAf1800Rules(all)).toEqual([]);
    const lacking = removeRule(all, all.rules[3]!.key);
    expect(missingAf1800Rules(lacking).map((r) => r.ruleId)).toEqual([template[3]!.ruleId]);
  });

  it('a save sends every rule kept in order under new row ids', () => {
    const s = moveRule(opened(), 0, 1);
    const first = rulesToSave(s);
    expect(first.map((r) => r.title)).toEqual(['Horn', 'Tire tread']);
    expect(new Set([...first, ...rulesToSave(s)].map((r) => r.workflowRuleId)).size).toBe(4);
  });
});
