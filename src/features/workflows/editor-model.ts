import { nanoid } from 'nanoid';
import { af1800TemplateRules, isAf1800TemplateWorkflow } from '../../../core/rules/af1800-items.ts';
import { NEW_RULE_DEFAULTS, ruleInputSchema, ruleTitleKey, type NewRuleType, type RuleDefinition, type SavedRule } from '../../../core/schema/rule.ts';
import { keptRuleFaults, NO_RULE_KEPT_MESSAGE, RULE_TITLE_IN_USE_MESSAGE, type Workflow, type WorkflowRule } from '../../../core/schema/workflow.ts';

/**
 * The rule editor's state and every rule of validity it shows (part 2 §2.2, §4, §5), kept apart from
 * the screen so each rule has its unit test. The server checks the same schemas (core/schema/rule.ts,
 * core/schema/workflow.ts); what only the editor knows (a new rule's title against the library) is here.
 */

export interface EditorRule {
  /** Stable for the rule's life in the editor (drag and drop, React keys). */
  key: string;
  /** The rule as the workflow holds it; null for a rule added in this session. */
  original: RuleDefinition | null;
  /** The rule as confirmed. */
  rule: RuleDefinition;
  removed: boolean;
  /** Being edited inline: its values are in the form, not yet confirmed. */
  editing: boolean;
}

export type RuleBadge = 'Editing' | 'Added' | 'Modified' | 'Invalid' | null;

export interface EditorState {
  rules: EditorRule[];
  /** The keys of the rules as opened, in order: a reorder alone is a change. */
  openedOrder: string[];
}

/** The rule columns of a workflow's rule row. */
export function definitionOf(row: WorkflowRule): RuleDefinition {
  const { workflowRuleId: _row, workflowId: _workflow, position: _position, ...rule } = row;
  return rule;
}

export function openEditor(rows: readonly WorkflowRule[]): EditorState {
  const rules = [...rows]
    .sort((a, b) => a.position - b.position)
    .map((row) => ({ key: row.workflowRuleId, original: definitionOf(row), rule: definitionOf(row), removed: false, editing: false }));
  return { rules, openedOrder: rules.map((r) => r.key) };
}

/** A new rule as the palette makes it (part 2 §3's defaults): a Pass/Fail typed in, or one taken from the library or the AF-1800 template. */
export function newRule(kind: NewRuleType, from?: RuleDefinition): RuleDefinition {
  if (kind === 'PASS_FAIL' || !from) {
    return {
      ...NEW_RULE_DEFAULTS,
      ruleId: `C-${nanoid(12)}`,
      title: '',
      ruleType: 'passFail',
      newRuleType: 'PASS_FAIL',
      fields: {},
      af1800Id: null,
      isBoolean: true,
    };
  }
  if (kind === 'MISSING_AF_1800') return { ...from, newRuleType: 'MISSING_AF_1800' };
  // A pre-saved rule joins the workflow under an id of its own, remembering the library's.
  return { ...from, ruleId: `C-${nanoid(12)}`, originalRuleId: from.ruleId, newRuleType: 'CUSTOM' };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What is wrong with a rule, in the spec's words where it gives them; empty when nothing is. */
export function ruleProblems(state: EditorState, index: number, library: readonly SavedRule[]): string[] {
  const target = state.rules[index];
  if (!target || target.removed) return [];
  const { rule } = target;
  const problems: string[] = [];
  const parsed = ruleInputSchema.safeParse(rule);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => i.message));
  // With the others: titles used twice, built-in rules changed (the server asks the same).
  const together = keptRuleFaults(state.rules.map((r) => ({ ...r.rule, isRemoved: r.removed })));
  problems.push(...together.filter((f) => f.index === index).map((f) => f.message));
  // A rule typed in joins the pre-saved library on save: its title must not be one the library has.
  if (isTypedIn(target) && library.some((saved) => ruleTitleKey(saved.title) === ruleTitleKey(rule.title))) problems.push(RULE_TITLE_IN_USE_MESSAGE);
  return [...new Set(problems)];
}

/** A rule typed in this session (not taken from the library or the template): it goes into the library on save. */
export const isTypedIn = (r: EditorRule) => r.original === null && r.rule.newRuleType === 'PASS_FAIL';

export function ruleBadge(state: EditorState, index: number, library: readonly SavedRule[]): RuleBadge {
  const target = state.rules[index];
  if (!target) return null;
  if (target.editing) return 'Editing';
  if (ruleProblems(state, index, library).length > 0) return 'Invalid';
  if (target.original === null) return 'Added';
  return same(target.rule, target.original) ? null : 'Modified';
}

/** Whether anything differs from the workflow as opened: a rule added, changed, removed, or the order. */
export function hasChanges(state: EditorState): boolean {
  const kept = state.rules.filter((r) => !r.removed);
  if (kept.length !== state.openedOrder.length) return true;
  return kept.some((r, i) => r.original === null || r.key !== state.openedOrder[i] || !same(r.rule, r.original));
}

/** The editor's problems that block a save: every invalid rule's, a rule still being edited, and no rule kept. */
export function saveProblems(state: EditorState, library: readonly SavedRule[]): string[] {
  const problems: string[] = [];
  if (state.rules.every((r) => r.removed)) problems.push(NO_RULE_KEPT_MESSAGE);
  if (state.rules.some((r) => r.editing)) problems.push('Confirm or cancel the rule being edited');
  state.rules.forEach((r, i) => {
    if (!r.editing && ruleProblems(state, i, library).length > 0) problems.push(`"${r.rule.title.trim() || 'Untitled rule'}" is invalid`);
  });
  return problems;
}

/** An AF-1800 Full workflow keeps its title and rules (docs/workflows.md): it can only be saved as another. */
export const isProtectedWorkflow = (workflow: Pick<Workflow, 'title' | 'isTemplate'>) => isAf1800TemplateWorkflow(workflow);

/**
 * The list's action beside Edit (part 2 §2.1): Delete for an active workflow but an AF-1800 Full one,
 * which offers only Edit; Restore for every inactive workflow, an AF-1800 Full one included, so an
 * inactive workflow can always be brought back from the list.
 */
export function workflowRowAction(workflow: Pick<Workflow, 'title' | 'isTemplate' | 'active'>): 'delete' | 'restore' | null {
  if (!workflow.active) return 'restore';
  return isProtectedWorkflow(workflow) ? null : 'delete';
}

/** Save and Replace: disabled for protected workflow names, without changes, or with an invalid rule (part 2 §5). */
export function canReplace(workflow: Pick<Workflow, 'title' | 'isTemplate'>, state: EditorState, library: readonly SavedRule[]): boolean {
  return !isProtectedWorkflow(workflow) && hasChanges(state) && saveProblems(state, library).length === 0;
}

/** Save As: disabled when there are no valid changes (part 2 §5). */
export function canSaveAs(state: EditorState, library: readonly SavedRule[]): boolean {
  return hasChanges(state) && saveProblems(state, library).length === 0;
}

/** The rule ids a kept rule stands for: its own and the library rule it came from. */
function usedRuleIds(state: EditorState): Set<string> {
  const used = new Set<string>();
  for (const { rule, removed } of state.rules) {
    if (removed) continue;
    used.add(rule.ruleId);
    if (rule.originalRuleId) used.add(rule.originalRuleId);
  }
  return used;
}

/** Pre-saved rules the workflow does not use (the palette's Custom). */
export function unusedSavedRules(state: EditorState, library: readonly SavedRule[]): SavedRule[] {
  const used = usedRuleIds(state);
  return library.filter((r) => r.newRuleType !== 'MISSING_AF_1800' && !used.has(r.ruleId));
}

const TEMPLATE_RULES = af1800TemplateRules('milesAndHours');

/** AF-1800 template rules the workflow lacks (the palette's Missing AF-1800). */
export function missingAf1800Rules(state: EditorState): RuleDefinition[] {
  const used = usedRuleIds(state);
  return TEMPLATE_RULES.filter((r) => !used.has(r.ruleId));
}

/** The rules a save sends, in order, each under a new row id (a replace writes new rows). */
export function rulesToSave(state: EditorState) {
  return state.rules.filter((r) => !r.removed).map((r) => ({ ...r.rule, workflowRuleId: nanoid() }));
}

/** The rules typed in this session, for the library: one POST /rules each (part 2 §7). */
export function rulesForLibrary(state: EditorState) {
  return state.rules.filter((r) => !r.removed && isTypedIn(r)).map((r) => ({ ...r.rule, savedRuleId: nanoid() }));
}

// ---- changes ---------------------------------------------------------------------------------------

export function moveRule(state: EditorState, from: number, to: number): EditorState {
  const rules = [...state.rules];
  const [moved] = rules.splice(from, 1);
  if (!moved) return state;
  rules.splice(Math.max(0, Math.min(to, rules.length)), 0, moved);
  return { ...state, rules };
}

/** Adds a rule at `at` (end by default), in edit when it was typed in (its title is still to write). */
export function insertRule(state: EditorState, rule: RuleDefinition, at = state.rules.length): EditorState {
  const added: EditorRule = { key: nanoid(), original: null, rule, removed: false, editing: rule.newRuleType === 'PASS_FAIL' };
  const rules = [...state.rules];
  rules.splice(at, 0, added);
  return { ...state, rules };
}

function updateAt(state: EditorState, key: string, change: (r: EditorRule) => EditorRule | null): EditorState {
  const rules: EditorRule[] = [];
  for (const r of state.rules) {
    if (r.key !== key) rules.push(r);
    else {
      const next = change(r);
      if (next) rules.push(next);
    }
  }
  return { ...state, rules };
}

export const startEdit = (s: EditorState, key: string) => updateAt(s, key, (r) => ({ ...r, editing: true }));
export const confirmEdit = (s: EditorState, key: string, rule: RuleDefinition) => updateAt(s, key, (r) => ({ ...r, rule, editing: false }));
/** Cancel: an added rule never confirmed (still untitled) goes; any other keeps its confirmed values. */
export const cancelEdit = (s: EditorState, key: string) => updateAt(s, key, (r) => (r.original === null && r.rule.title === '' ? null : { ...r, editing: false }));
export const undoToOriginal = (s: EditorState, key: string) => updateAt(s, key, (r) => (r.original ? { ...r, rule: r.original, editing: false } : r));
/** Remove: a rule added in this session simply goes; one the workflow had is marked removed, to undelete. */
export const removeRule = (s: EditorState, key: string) => updateAt(s, key, (r) => (r.original === null ? null : { ...r, removed: true, editing: false }));
export const undeleteRule = (s: EditorState, key: string) => updateAt(s, key, (r) => ({ ...r, removed: false }));
