import { nanoid } from 'nanoid';
import { EMPTY_ANSWER, type Answer } from '../../core/rules/inspection-answer.ts';
import { ID_LENGTH } from '../../core/schema/common.ts';
import type { InspectionDraft } from '../db/inspection-draft.ts';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import type { Mutator } from '../sync/mutator.ts';
import { submitInspection } from '../data/inspections/submit-inspection.ts';
import { submissionOf } from './submission.ts';

/** How long a submitted inspection stays in this tablet's list once the server has it. */
export const SUBMITTED_KEPT_DAYS = 7;

/** What Start knows: the rest of a draft is made by startDraft. */
export type DraftStart = Pick<InspectionDraft, 'vehicleId' | 'regNumber' | 'userId' | 'workflowId' | 'version' | 'shift' | 'miles' | 'hours' | 'rules' | 'readings'>;

/** Starts an inspection: its id and each result's id are made now, so every send names the same. */
export async function startDraft(db: MirrorDb, start: DraftStart, now = new Date()): Promise<InspectionDraft> {
  const draft: InspectionDraft = {
    ...start,
    inspectionId: nanoid(ID_LENGTH),
    state: 'draft',
    startedAt: now.toISOString(),
    submittedAt: null,
    outboxId: null,
    answers: {},
    resultIds: Object.fromEntries([...start.rules, ...start.readings].map((r) => [r.ruleId, nanoid(ID_LENGTH)])),
    step: 0,
  };
  await db.inspectionDrafts.put(draft);
  return draft;
}

/** The draft this user has under way on this vehicle, if any. */
export async function draftOf(db: MirrorDb, vehicleId: string, userId: string): Promise<InspectionDraft | null> {
  const drafts = await db.inspectionDrafts.where('vehicleId').equals(vehicleId).toArray();
  return drafts.find((d) => d.state === 'draft' && d.userId === userId) ?? null;
}

/** Keeps an answer as it is given; `answeredAt` moves with each change of the verdict or number. */
export async function saveAnswer(db: MirrorDb, inspectionId: string, ruleId: string, change: Partial<Answer>, now = new Date()): Promise<void> {
  await db.transaction('rw', db.inspectionDrafts, async () => {
    const draft = await db.inspectionDrafts.get(inspectionId);
    if (!draft || draft.state !== 'draft') return;
    const before = draft.answers[ruleId] ?? EMPTY_ANSWER;
    const answered = change.isPassing !== undefined || change.value !== undefined;
    const next: Answer = { ...before, ...change, answeredAt: answered ? now.toISOString() : before.answeredAt };
    await db.inspectionDrafts.update(inspectionId, { answers: { ...draft.answers, [ruleId]: next } });
  });
}

export async function setStep(db: MirrorDb, inspectionId: string, step: number): Promise<void> {
  await db.inspectionDrafts.update(inspectionId, { step });
}

export async function discardDraft(db: MirrorDb, inspectionId: string): Promise<void> {
  await db.inspectionDrafts.delete(inspectionId);
}

/** Drops submitted inspections the server has had for SUBMITTED_KEPT_DAYS (none still waits in the outbox). */
export async function pruneSubmitted(db: MirrorDb, now = new Date()): Promise<void> {
  const cutoff = now.getTime() - SUBMITTED_KEPT_DAYS * 24 * 60 * 60 * 1000;
  const waiting = new Set((await db.outbox.toArray()).map((e) => e.id));
  const old = (await db.inspectionDrafts.toArray()).filter(
    (d) => d.state === 'submitted' && d.submittedAt !== null && Date.parse(d.submittedAt) < cutoff && !(d.outboxId && waiting.has(d.outboxId)),
  );
  await db.inspectionDrafts.bulkDelete(old.map((d) => d.inspectionId));
}

type Mutate = <A>(mutator: Mutator<A>, args: A) => Promise<OutboxEntry>;

/**
 * Submits a finished draft through the outbox (its photos wait in the upload queue) and keeps it as
 * this tablet's submitted inspection, which the list shows waiting until the server has it.
 */
export async function submitDraft(db: MirrorDb, mutate: Mutate, inspectionId: string, now = new Date()): Promise<void> {
  const draft = await db.inspectionDrafts.get(inspectionId);
  if (!draft || draft.state !== 'draft') return;
  const entry = await mutate(submitInspection, { vehicleId: draft.vehicleId, submission: submissionOf(draft, now) });
  await db.inspectionDrafts.update(inspectionId, { state: 'submitted', submittedAt: now.toISOString(), outboxId: entry.id });
}
