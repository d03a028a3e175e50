import type { z } from 'zod';
import { discrepancyPictureSchema } from './discrepancy.ts';
import { documentSchema } from './document.ts';
import { storedFileSchema } from './file.ts';
import { inspectionFeedSchema, inspectionPictureSchema } from './inspection.ts';
import { liveEventSchema } from './live-event.ts';
import { resourceFeedSchemas } from './resources.ts';
import { savedRuleSchema } from './rule.ts';
import { vehicleManagementSchema, vehicleSchema, vehicleStatusRecordSchema, vehicleTypeSchema } from './vehicle.ts';
import { waiverCardSchema, waiverPictureSchema, waiverSchema } from './waiver.ts';
import { workflowRuleSchema, workflowSchema } from './workflow.ts';

/**
 * The row schema of every entity feed of the sync pull, by feed name (the `t` of a change): the client
 * parses each pulled row with it before writing the mirror. Resources with a contract bring their own
 * (core/schema/resources.ts).
 */
export const entityFeedSchemas = {
  vehicleTypes: vehicleTypeSchema,
  vehicles: vehicleSchema,
  vehicleManagement: vehicleManagementSchema,
  vehicleStatuses: vehicleStatusRecordSchema,
  workflows: workflowSchema,
  workflowRules: workflowRuleSchema,
  rules: savedRuleSchema,
  inspections: inspectionFeedSchema,
  inspectionPictures: inspectionPictureSchema,
  discrepancyPictures: discrepancyPictureSchema,
  waivers: waiverSchema,
  waiverPictures: waiverPictureSchema,
  waiverCards: waiverCardSchema,
  documents: documentSchema,
  files: storedFileSchema,
  liveEvents: liveEventSchema,
  ...resourceFeedSchemas,
} as const satisfies Record<string, z.ZodType>;

export type EntityFeedName = keyof typeof entityFeedSchemas;
export type EntityFeedRow<N extends EntityFeedName> = z.infer<(typeof entityFeedSchemas)[N]>;
