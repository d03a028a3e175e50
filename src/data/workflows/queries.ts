import { compareNames } from '../../../core/rules/compare-names.ts';
import type { SavedRule } from '../../../core/schema/rule.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import type { Workflow, WorkflowRule } from '../../../core/schema/workflow.ts';
import { useLiveQuery, useLiveQueryFor, useMirror } from '../../sync/react.tsx';

/** Every workflow of the organization, inactive ones too (part 2 §2.1), by title; live from the mirror. */
export function useWorkflows(): Workflow[] | undefined {
  const db = useMirror();
  return useLiveQuery(async () => (await db.feed('workflows').toArray()).sort((a, b) => compareNames(a.title, b.title) || a.workflowId - b.workflowId), [db]);
}

export interface WorkflowForEditor {
  /** Null when the mirror has no workflow of this id. */
  workflow: Workflow | null;
  rules: WorkflowRule[];
  /** The pre-saved rule library, by title. */
  library: SavedRule[];
  /** Every workflow's title (the Save As title check). */
  titles: { workflowId: number; title: string }[];
  /** Every vehicle, by registration: the Save As choice (those in commission) and those on this workflow. */
  vehicles: Vehicle[];
}

/** What the rule editor shows of one workflow, live from the mirror (it opens offline). */
export function useWorkflowForEditor(workflowId: number): WorkflowForEditor | undefined {
  const db = useMirror();
  return useLiveQueryFor(
    [workflowId],
    async () => {
      const [workflow, rules, library, workflows, vehicles] = await Promise.all([
        db.feed('workflows').get(String(workflowId)),
        db.feed('workflowRules').where('workflowId').equals(workflowId).toArray(),
        db.feed('rules').toArray(),
        db.feed('workflows').toArray(),
        db.feed('vehicles').toArray(),
      ]);
      return {
        workflow: workflow ?? null,
        rules: rules.sort((a, b) => a.position - b.position),
        library: library.sort((a, b) => compareNames(a.title, b.title)),
        titles: workflows.map((w) => ({ workflowId: w.workflowId, title: w.title })),
        vehicles: vehicles.sort((a, b) => compareNames(a.regNumber, b.regNumber)),
      };
    },
    [db, workflowId],
  );
}
