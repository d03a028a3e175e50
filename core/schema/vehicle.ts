import { z } from 'zod';
import { entityId, INT_MAX, isoDate, isoDateTime } from './common.ts';
import { isValidRegNumber, regNumberSchema } from './registration.ts';
import { workflowIdSchema } from './workflow.ts';

export const VEHICLE_STATUSES = ['valid', 'warning', 'invalid', 'inMx'] as const;
export const vehicleStatusSchema = z.enum(VEHICLE_STATUSES, { error: `Status must be one of: ${VEHICLE_STATUSES.join(', ')}` });
export type VehicleStatus = z.infer<typeof vehicleStatusSchema>;
export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  valid: 'FMC',
  warning: 'Warning',
  invalid: 'Inoperable',
  inMx: 'In Mx',
};
/** The status codes of part 2 §9: FMC (valid), InOp (invalid), warning, inMx. */
export const VEHICLE_STATUS_CODES: Record<VehicleStatus, string> = {
  valid: 'FMC',
  warning: 'warning',
  invalid: 'InOp',
  inMx: 'inMx',
};

export const VEHICLE_TYPE_NAME_LIMIT = 50;
export const VEHICLE_TYPE_EXISTS_MESSAGE = 'Another vehicle type with this name exists for this organization.';

export const vehicleTypeNameSchema = z
  .string({ error: 'Vehicle type is required' })
  .trim()
  .min(1, 'Vehicle type is required')
  .max(VEHICLE_TYPE_NAME_LIMIT - 1, `Name must be less than ${VEHICLE_TYPE_NAME_LIMIT} characters in length.`)
  .regex(/^[A-Za-z0-9 #&()/;-]+$/, 'Vehicle types may contain letters, digits, spaces and # & ( ) / ; - only');

/** A vehicle type of the organization (feed `vehicleTypes`). */
export const vehicleTypeSchema = z.object({ vehicleTypeId: entityId, vehicleType: z.string() });
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

/** Section, workflow and description of a vehicle from `validFrom` on; management[0] is the current one. */
export const managementEntrySchema = z.object({
  sectionId: z.string().nullable(),
  workflowId: workflowIdSchema.nullable(),
  vehicleType: z.string(),
  wrm: z.boolean(),
  eolDate: isoDate.nullable(),
  eticDate: isoDateTime.nullable(),
  validFrom: isoDateTime,
});
export type ManagementEntry = z.infer<typeof managementEntrySchema>;

export const statusEntrySchema = z.object({
  status: vehicleStatusSchema,
  eticDate: isoDateTime.nullable(),
  validFrom: isoDateTime,
  userId: z.string().nullable(),
});
export type StatusEntry = z.infer<typeof statusEntrySchema>;

/** The vehicle's current state (feed `vehicles`); history is in `vehicleManagement` and `vehicleStatuses`. */
export const vehicleSchema = z.object({
  vehicleId: entityId,
  regNumber: z.string(),
  orgId: z.string(),
  vehicleType: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  wrm: z.boolean(),
  eolDate: isoDate.nullable(),
  /** null while in commission. */
  decommissionDate: isoDateTime.nullable(),
  lastReportedHours: z.number().int().nullable(),
  lastReportedMileage: z.number().int().nullable(),
  /** 0 to 1, from the latest inspection. */
  fuelLevel: z.number().min(0).max(1).nullable(),
  sectionId: z.string().nullable(),
  workflowId: workflowIdSchema.nullable(),
  eticDate: isoDateTime.nullable(),
  management: z.array(managementEntrySchema),
  status: z.array(statusEntrySchema),
  lastModificationDate: isoDateTime,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A management history row (feed `vehicleManagement`). */
export const vehicleManagementSchema = managementEntrySchema.extend({ managementId: entityId, vehicleId: entityId });
export type VehicleManagement = z.infer<typeof vehicleManagementSchema>;

/** A status history row (feed `vehicleStatuses`). */
export const vehicleStatusRecordSchema = statusEntrySchema.extend({ statusId: entityId, vehicleId: entityId });
export type VehicleStatusRecord = z.infer<typeof vehicleStatusRecordSchema>;

/** Mileage and hours entries: whole numbers, at least 1; thousands separators are allowed when typed. */
export const odometerSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replaceAll(',', '').trim())) : v),
  z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'Enter a number of at least 1')
    .max(INT_MAX, `Enter a number of at most ${INT_MAX.toLocaleString('en-US')}`),
);

const yearSchema = z.number().int('Year is a whole number').min(1900, 'Year is after 1900').max(2200, 'Year is before 2200');
/** Make and model are trimmed; empty is sent as null. */
const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .max(50, `${label} is at most 50 characters`)
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * One vehicle of POST /data/v1/vehicles. The body is this object (part 1 §7: the app's outbox sends
 * one call per vehicle) or an array of them (part 2 §7), which the server checks vehicle by vehicle
 * (server/modules/vehicles/service.ts createVehicles; docs/vehicles.md).
 */
export const createVehicleBodySchema = z.object({
  vehicleId: entityId.optional(),
  regNumber: regNumberSchema,
  vehicleType: vehicleTypeNameSchema,
  sectionId: z.string({ error: 'Section is required' }).pipe(entityId),
  workflowId: z.number({ error: 'Workflow is required' }).pipe(workflowIdSchema),
  wrm: z.boolean().default(false),
  year: yearSchema.nullable().optional(),
  make: optionalText('Make').optional(),
  model: optionalText('Model').optional(),
  eolDate: isoDate.nullable().optional(),
});
export type CreateVehicleBody = z.infer<typeof createVehicleBodySchema>;

/** Ours: the most vehicles one creation call takes (a fleet's bulk entry; each costs a few queries). */
export const VEHICLE_BATCH_MAX = 200;
export const EMPTY_VEHICLE_BATCH_MESSAGE = 'Send at least one vehicle';
export const VEHICLE_BATCH_TOO_LARGE_MESSAGE = `Send at most ${VEHICLE_BATCH_MAX} vehicles at once`;

/**
 * A vehicle named in the path of an update, decommission or recommission: its id, or its registration
 * number (part 1 §7 "by regNumber"). An id is matched first (server/modules/vehicles/find-vehicle.ts).
 */
export const vehicleRefSchema = z
  .string()
  .trim()
  .refine((v) => entityId.safeParse(v).success || isValidRegNumber(v), { message: 'Name the vehicle by its id or its registration number' });

/** PATCH /data/v2/vehicles/{id or registration}: any of these. */
export const updateVehicleBodySchema = z
  .object({
    workflowId: workflowIdSchema.optional(),
    sectionId: entityId.optional(),
    hours: odometerSchema.optional(),
    miles: odometerSchema.optional(),
    status: vehicleStatusSchema.optional(),
    eticDate: isoDateTime.nullable().optional(),
    regNumber: regNumberSchema.optional(),
    vehicleType: vehicleTypeNameSchema.optional(),
    year: yearSchema.nullable().optional(),
    make: optionalText('Make').optional(),
    model: optionalText('Model').optional(),
    wrm: z.boolean().optional(),
    eolDate: isoDate.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateVehicleBody = z.infer<typeof updateVehicleBodySchema>;

/** PATCH /data/v1/vehicles/{id or registration}: decommission (true) or re-commission (false). */
export const commissionBodySchema = z.object({ decommissioned: z.boolean() });

/** POST /data/v2/vehicles/types */
export const createVehicleTypeBodySchema = z.object({ vehicleTypeId: entityId.optional(), vehicleType: vehicleTypeNameSchema });
