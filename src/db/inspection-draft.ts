import type { Answer, AskedRule } from '../../core/rules/inspection-answer.ts';
import type { MirrorDb } from './mirror.ts';

/**
 * An inspection of this device in the inspection app (src/inspect): a draft while it is performed,
 * kept in the mirror so a reload, a closed app, a sleeping tablet or an expired sign-in loses none of
 * it; then submitted, its submission waiting in the outbox (`outboxId`) until the server has it.
 */
export interface InspectionDraft {
  /** The client's inspectionId, sent with the submission: a retry is the same inspection. */
  inspectionId: string;
  vehicleId: string;
  regNumber: string;
  userId: string;
  state: 'draft' | 'submitted';
  /** When the inspector pressed Start; the duration runs from here to Submit. */
  startedAt: string;
  submittedAt: string | null;
  /** The outbox entry of the submission. */
  outboxId: string | null;
  workflowId: number;
  version: number;
  shift: number;
  miles: number | null;
  hours: number | null;
  /**
   * The rules asked (the due ones, in the workflow's order) as they were at Start: an edit of the
   * workflow in the office while the inspector is at the vehicle changes nothing under them.
   */
  rules: AskedRule[];
  /** The odometer rules the readings answer (AF1800-M, AF1800-H), when the workflow asks them. */
  readings: Pick<AskedRule, 'ruleId' | 'ruleType'>[];
  answers: Record<string, Answer>;
  /** The result id of each rule's answer, made once so a retry sends the same. */
  resultIds: Record<string, string>;
  /** The rule on screen (an index of rules); rules.length is the review. */
  step: number;
}

/** The photos drafts name: the upload queue keeps them however long the draft takes. */
export async function draftPictures(db: MirrorDb): Promise<string[]> {
  const drafts = await db.inspectionDrafts.toArray();
  return drafts.filter((d) => d.state === 'draft').flatMap((d) => Object.values(d.answers).flatMap((a) => a.pictures));
}
