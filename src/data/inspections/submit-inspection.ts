import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { inspectionPaths, inspectionSubmissionSchema, type InspectionSubmission } from '../../../core/schema/inspection.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface SubmitInspectionArgs {
  vehicleId: string;
  /** The body as sent, its client `inspectionId` included: a retry is the same inspection. */
  submission: InspectionSubmission & { inspectionId: string };
}

const argsSchema = z.object({ vehicleId: entityId, submission: inspectionSubmissionSchema.extend({ inspectionId: entityId }) });

/**
 * Submits an inspection performed in the inspection app: PUT /data/v2/vehicles/{id}/inspection/recent,
 * its photos named by sha256 and sent first by the upload queue. The tablet shows it from its own
 * record (src/inspect/drafts.ts) while it waits, so the change writes no mirror row: an inspector's
 * tablet does not pull inspections, and the office's devices get the server's row, with the
 * discrepancies and status it led to, by the pull.
 */
export const submitInspection: Mutator<SubmitInspectionArgs> = {
  name: 'submitInspection',
  parse: (args) => parseArgs(argsSchema, args) as SubmitInspectionArgs,
  request: (a) => ({ method: 'PUT', path: inspectionPaths.recentV2.build({ vehicleId: a.vehicleId }), body: a.submission }),
  files: (a) => [...new Set(a.submission.responses.flatMap((r) => r.pictures ?? []))],
  touches: () => [],
  async apply() {},
};
