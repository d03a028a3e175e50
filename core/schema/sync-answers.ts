import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { inspectionResultSchema } from './inspection.ts';
import { pageLimitSchema } from './sync.ts';

/** Inspections per answers page unless asked otherwise: 25 answers each, about 7 KB of JSON an inspection. */
export const ANSWERS_LIMIT_DEFAULT = 500;
export const ANSWERS_LIMIT_MAX = 2000;

export const answersPath = '/data/v1/sync/answers';

/**
 * GET /data/v1/sync/answers: the answers of the inspections a device keeps them for (performed from
 * inspectionDetailMirrorStart on), in pages vehicle by vehicle (server/sync/answers.ts), for a device
 * whose first sync brought the inspections without them (pull `answers=later`).
 */
export const answersQuerySchema = z.object({
  /** The page before's `next` (where it ended: "vehicleId/inspectionId"); empty or left out for the first page. */
  after: z.string().max(2000, 'after is at most 2000 characters').default(''),
  limit: pageLimitSchema(ANSWERS_LIMIT_MAX, ANSWERS_LIMIT_DEFAULT),
});
export type AnswersQuery = z.infer<typeof answersQuerySchema>;

/** One inspection's answers, as of its last change: a device fills them in only if its row is that version. */
export const inspectionAnswersSchema = z.object({
  inspectionId: z.string(),
  /** The inspection's vehicle and date, by which a device finds its row (src/db/row-locations.ts); left out by an older server. */
  vehicleId: z.string().optional(),
  inspectionDate: isoDateTime.optional(),
  lastModificationDate: isoDateTime,
  results: z.array(inspectionResultSchema),
});
export type InspectionAnswers = z.infer<typeof inspectionAnswersSchema>;

export const answersPageSchema = z.object({
  answers: z.array(inspectionAnswersSchema),
  /** `after` for the next page; null when this page is the last. */
  next: z.string().nullable(),
  /** On the first page only: how many inspections' answers the pages bring in all (a device's progress). */
  total: z.number().int().nonnegative().optional(),
});
export type AnswersPage = z.infer<typeof answersPageSchema>;
