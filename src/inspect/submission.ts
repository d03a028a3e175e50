import { responseOf } from '../../core/rules/inspection-answer.ts';
import type { InspectionResponse, InspectionSubmission } from '../../core/schema/inspection.ts';
import { MILES_RULE_ID } from '../../core/schema/rule.ts';
import type { InspectionDraft } from '../db/inspection-draft.ts';

/**
 * The submission of a finished draft: every asked rule's answer with its result id, photos and the
 * moment it was given; the readings, also as the answers of the odometer rules (the inspection's
 * results show them, and an inspection of only readings still has a response); performed from Start
 * to Submit (the duration, in seconds).
 */
export function submissionOf(draft: InspectionDraft, now: Date): InspectionSubmission & { inspectionId: string } {
  const answers: InspectionResponse[] = draft.rules.flatMap((rule) => {
    const answer = draft.answers[rule.ruleId];
    const resultId = draft.resultIds[rule.ruleId];
    return answer && resultId ? [responseOf(rule, answer, resultId)] : [];
  });
  const readings: InspectionResponse[] = draft.readings.flatMap((rule) => {
    const value = rule.ruleId === MILES_RULE_ID ? draft.miles : draft.hours;
    const resultId = draft.resultIds[rule.ruleId];
    if (value === null || !resultId) return [];
    return [responseOf(rule, { isPassing: true, value, comment: '', isFixed: false, pictures: [], answeredAt: draft.startedAt }, resultId)];
  });
  const duration = Math.max(0, Math.round((now.getTime() - Date.parse(draft.startedAt)) / 1000));
  return {
    inspectionId: draft.inspectionId,
    version: draft.version,
    workflowId: draft.workflowId,
    responses: [...readings, ...answers],
    ...(draft.miles !== null ? { miles: draft.miles } : {}),
    ...(draft.hours !== null ? { hours: draft.hours } : {}),
    inspectionDate: draft.startedAt,
    completionDate: now.toISOString(),
    shift: draft.shift,
    duration,
  };
}
