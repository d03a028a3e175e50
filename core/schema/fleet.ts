import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';
import { vehicleStatusSchema } from './vehicle.ts';

/** The AF-1800 link of a Fleet Details row: the current form, or the monthly form of the completion date's month. */
export const FLEET_PDF_KINDS = ['current', 'monthly'] as const;
export type FleetPdf = (typeof FLEET_PDF_KINDS)[number];

const count = z.number().int().min(0);

/**
 * One row of Fleet Details (part 1 §2 and §3), as GET /data/v2/fleet/bulk answers it and as the device
 * derives it from its mirror with core/rules/fleet-row.ts. docs/fleet-details.md defines every field.
 */
export const fleetRowSchema = z.object({
  vehicleId: entityId,
  pdf: z.enum(FLEET_PDF_KINDS).nullable(),
  regNumber: z.string(),
  wrm: z.boolean(),
  sectionId: z.string().nullable(),
  vehicleType: z.string(),
  status: vehicleStatusSchema,
  onTdy: z.boolean(),
  workflowTitle: z.string().nullable(),
  inspectionDate: isoDateTime.nullable(),
  /** The last inspector's name. */
  inspector: z.string().nullable(),
  /** 0 (empty) to 1 (full). */
  fuelLevel: z.number().min(0).max(1).nullable(),
  eticDate: isoDateTime.nullable(),
  /** Whole UTC days from today to the ETIC; negative once it has passed. */
  daysToEtic: z.number().int().nullable(),
  inCommission: z.boolean(),
  nextMxDate: isoDateTime.nullable(),
  nextMxType: z.string().nullable(),
  nextLtiDate: isoDateTime.nullable(),
  nextPmiDate: isoDateTime.nullable(),
  openWaivers: count,
  fixedWaivers: count,
  recentlyRepaired: count,
  visitsToMx: count,
  daysInMx: count.nullable(),
  recentNotes: count,
  recentFixes: count,
  mostRecentAnnotation: z.string().nullable(),
  completionDate: isoDateTime.nullable(),
});
export type FleetRow = z.infer<typeof fleetRowSchema>;
