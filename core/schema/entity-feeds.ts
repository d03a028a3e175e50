import type { z } from 'zod';
import { storedFileSchema } from './file.ts';
import { inspectionFeedSchema, inspectionPictureSchema } from './inspection.ts';
import { liveEventSchema } from './live-event.ts';
import { resourceFeedSchemas } from './resources.ts';
import { savedRuleSchema } from './rule.ts';
import { vehicleManagementSchema, vehicleSchema, vehicleStatusRecordSchema, vehicleTypeSchema } from './vehicle.ts';
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
  files: storedFileSchema,
  liveEvents: liveEventSchema,
  ...resourceFeedSchemas,
} as const satisfies Record<string, z.ZodType>;

export type EntityFeedName = keyof typeof entityFeedSchemas;
export type EntityFeedRow<N extends EntityFeedName> = z.infer<(typeof entityFeedSchemas)[N]>;
