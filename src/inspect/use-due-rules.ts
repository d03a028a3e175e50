import { useEffect, useRef, useState } from 'react';
import { inspectionDay, ruleIsDue } from '../../core/rules/rule-due.ts';
import { vehicleWorkflowSchema, type WorkflowRule } from '../../core/schema/workflow.ts';
import { fetchAndKeepAnswer, keptAnswerOf } from '../data/kept-answers/keep.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { useMirror, useServerRead } from '../sync/react.tsx';

/** What the tablet knows of which rules are due now. */
export type DueRules =
  | { kind: 'reading' }
  /** From the server's answer, now or kept from when the tablet was last online with this vehicle. */
  | { kind: 'known'; due: ReadonlySet<string>; fetchedAt: string; fresh: boolean }
  /** Never asked while online: every rule is asked (answering more than is due is never refused). */
  | { kind: 'unknown' };

const pathOf = (vehicleId: string) => `/data/v1/vehicles/${vehicleId}/workflow`;

/** On a link that answers nothing the tablet goes on with what it kept rather than keep the inspector waiting. */
export const DUE_READ_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * A kept answer is older than this tablet's own later inspections of the vehicle: a weekly rule it
 * answered since is not due again.
 */
async function dropAnsweredSince(db: MirrorDb, vehicleId: string, due: Set<string>, since: string, rules: readonly WorkflowRule[], now: Date) {
  const mine = (await db.inspectionDrafts.where('vehicleId').equals(vehicleId).toArray()).filter((d) => d.state === 'submitted' && d.startedAt > since);
  const today = inspectionDay(now);
  for (const rule of rules) {
    const answered = mine.filter((d) => d.answers[rule.ruleId]?.isPassing != null).map((d) => d.startedAt);
    const last = answered.sort().at(-1);
    if (last && !ruleIsDue(rule.frequency, inspectionDay(last), today)) due.delete(rule.ruleId);
  }
}

/**
 * Which rules of the vehicle's workflow are due by their frequency (GET .../workflow, docs/inspections.md
 * "Rules due"): asked of the server when online and kept, so the tablet knows offline what it knew.
 */
export function useDueRules(vehicleId: string, workflowId: number | null, rules: readonly WorkflowRule[] | undefined): DueRules {
  const db = useMirror();
  const read = useServerRead();
  const [state, setState] = useState<DueRules>({ kind: 'reading' });
  // The rules are read again with every change of the mirror; only a change of them asks again.
  const ruleKey = rules?.map((r) => `${r.ruleId}:${r.frequency}`).join(',');
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  useEffect(() => {
    const rules = rulesRef.current;
    if (workflowId === null || rules === undefined) return;
    let live = true;
    const path = pathOf(vehicleId);
    const settle = async () => {
      const now = new Date();
      let kept: { answer: { workflowId: number; rules: { ruleId: string; due: boolean }[] }; fetchedAt: string } | null = null;
      let fresh = false;
      try {
        kept = await withTimeout(fetchAndKeepAnswer(db, read, path, vehicleWorkflowSchema, now), DUE_READ_TIMEOUT_MS);
        fresh = true;
      } catch {
        const found = await keptAnswerOf(db, path, vehicleWorkflowSchema);
        kept = found?.exact ? found : null;
      }
      if (!kept || kept.answer.workflowId !== workflowId) return { kind: 'unknown' } as const;
      const due = new Set(kept.answer.rules.filter((r) => r.due).map((r) => r.ruleId));
      // A rule the workflow gained since the answer was kept has never been answered: it is due.
      for (const rule of rules) if (!kept.answer.rules.some((r) => r.ruleId === rule.ruleId)) due.add(rule.ruleId);
      await dropAnsweredSince(db, vehicleId, due, kept.fetchedAt, rules, now);
      return { kind: 'known', due, fetchedAt: kept.fetchedAt, fresh } as const;
    };
    settle()
      .then((next) => live && setState(next))
      .catch(() => live && setState({ kind: 'unknown' }));
    return () => {
      live = false;
    };
  }, [db, read, vehicleId, workflowId, ruleKey]);
  return state;
}
