import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { askedRule } from '../../core/testing/asked-rule.ts';
import { inspectionSubmissionSchema } from '../../core/schema/inspection.ts';
import { queueFile } from '../files/queue-file.ts';
import { mutate, type Mutator } from '../sync/mutator.ts';
import { freshDb } from '../sync/testing/fixtures.ts';
import { draftPictures } from '../db/inspection-draft.ts';
import { draftOf, pruneSubmitted, saveAnswer, startDraft, submitDraft, SUBMITTED_KEPT_DAYS } from './drafts.ts';

const rule = (ruleId: string) => askedRule({ ruleId, title: ruleId, area: null });
const start = {
  vehicleId: 'v'.repeat(21),
  regNumber: '11T3588',
  userId: 'u1',
  workflowId: 7,
  version: 3,
  shift: 2,
  miles: 70_100,
  hours: null,
  rules: [rule('AF1800-5'), rule('AF1800-9')],
  readings: [{ ruleId: 'AF1800-M', ruleType: 'counter' as const }],
};
const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 6, minute));

describe('an inspection on the tablet', () => {
  it('keeps each answer with its moment as it is given, and finds the draft again', async () => {
    const db = await freshDb();
    const draft = await startDraft(db, start, at(0));
    await saveAnswer(db, draft.inspectionId, 'AF1800-5', { isPassing: true }, at(1));
    await saveAnswer(db, draft.inspectionId, 'AF1800-5', { comment: 'ok' }, at(2));
    const kept = await draftOf(db, start.vehicleId, 'u1');
    expect(kept?.answers['AF1800-5']).toMatchObject({ isPassing: true, comment: 'ok', answeredAt: at(1).toISOString() });
    expect(await draftOf(db, start.vehicleId, 'someone else')).toBeNull();
  });

  it('is submitted through the outbox once, naming its photos, with its readings, shift and duration', async () => {
    const db = await freshDb();
    const draft = await startDraft(db, start, at(0));
    const sha = await queueFile(db, { sha256: 'a'.repeat(64), blob: new Blob(['x']), mimeType: 'image/png', filename: 'lens.png' });
    await saveAnswer(db, draft.inspectionId, 'AF1800-5', { isPassing: false, comment: 'Cracked lens', pictures: [sha] }, at(3));
    await saveAnswer(db, draft.inspectionId, 'AF1800-9', { isPassing: false, comment: 'Loose', isFixed: true }, at(4));
    expect(await draftPictures(db)).toEqual([sha]);
    const send = <A>(m: Mutator<A>, a: A) => mutate(db, m, a, { userId: 'u1', orgId: 'o1' });
    await submitDraft(db, send, draft.inspectionId, at(7));
    await submitDraft(db, send, draft.inspectionId, at(8));

    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.files).toEqual([sha]);
    const body = inspectionSubmissionSchema.parse(outbox[0]?.request.body);
    expect(body).toMatchObject({ inspectionId: draft.inspectionId, version: 3, workflowId: 7, miles: 70_100, shift: 2, duration: 420 });
    expect(body.responses.map((r) => [r.ruleId, r.result.isPassing, r.isFixed ?? false, r.pictures ?? []])).toEqual([
      ['AF1800-M', true, false, []],
      ['AF1800-5', false, false, [sha]],
      ['AF1800-9', false, true, []],
    ]);
    expect(body.responses.map((r) => r.resultId)).toEqual([draft.resultIds['AF1800-M'], draft.resultIds['AF1800-5'], draft.resultIds['AF1800-9']]);
    const kept = await db.inspectionDrafts.get(draft.inspectionId);
    expect(kept).toMatchObject({ state: 'submitted', outboxId: outbox[0]?.id, submittedAt: at(7).toISOString() });
    expect(await draftPictures(db)).toEqual([]);
  });

  it('lets a sent inspection go a week after it reached the server, never one still waiting or a draft', async () => {
    const db = await freshDb();
    const send = <A>(m: Mutator<A>, a: A) => mutate(db, m, a, { userId: 'u1', orgId: 'o1' });
    const answerAll = async (id: string) => {
      for (const r of start.rules) await saveAnswer(db, id, r.ruleId, { isPassing: true }, at(1));
    };
    const sent = await startDraft(db, start, at(0));
    await answerAll(sent.inspectionId);
    await submitDraft(db, send, sent.inspectionId, at(2));
    await db.outbox.clear(); // the server has it
    const waiting = await startDraft(db, { ...start, vehicleId: 'w'.repeat(21) }, at(0));
    await answerAll(waiting.inspectionId);
    await submitDraft(db, send, waiting.inspectionId, at(3));
    const draft = await startDraft(db, { ...start, vehicleId: 'x'.repeat(21) }, at(0));

    const day = 24 * 60 * 60 * 1000;
    await pruneSubmitted(db, new Date(at(2).getTime() + SUBMITTED_KEPT_DAYS * day - 60_000));
    expect(await db.inspectionDrafts.count()).toBe(3);
    await pruneSubmitted(db, new Date(at(3).getTime() + SUBMITTED_KEPT_DAYS * day + 60_000));
    expect((await db.inspectionDrafts.toArray()).map((d) => d.inspectionId).sort()).toEqual([waiting.inspectionId, draft.inspectionId].sort());
  });
});
