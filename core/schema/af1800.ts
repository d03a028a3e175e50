import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../rules/org-clock.ts';
import { isoDateTime } from './common.ts';

/** The form's grid: days 1 to 31 by shifts 1 to 3 (part 2 §9). */
export const AF1800_DAYS = 31;
export const AF1800_SHIFTS = 3;
/** Maintenance rows per page 2; further rows continue on another page 2 (part 2 §9). */
export const AF1800_ROWS_PER_PAGE = 19;
/** Items printed on page 3, each with a check box and text. */
export const AF1800_PAGE3_ITEMS = [36, 37, 38, 39] as const;

/** A month of the form: year and month 1 to 12. */
export const af1800MonthSchema = z.object({
  year: z.number().int().min(1900).max(9999),
  month: z.number().int().min(1).max(12),
});
export type Af1800Month = z.infer<typeof af1800MonthSchema>;

/** Who inspected the vehicle on a day and shift: printed in that cell of the page 1 grid. */
export const af1800SignatureSchema = z.object({
  day: z.number().int().min(1).max(AF1800_DAYS),
  shift: z.number().int().min(1).max(AF1800_SHIFTS),
  /** The inspector's initials or name as printed. */
  name: z.string(),
});
export type Af1800Signature = z.infer<typeof af1800SignatureSchema>;

export const af1800Page1Schema = z.object({
  /** When the form was produced: printed dd/MM/yy HH:mm. */
  date: isoDateTime,
  vehicleType: z.string(),
  regNumber: z.string(),
  organization: z.string(),
  location: z.string(),
  basePhoneNo: z.string(),
  vcoName: z.string(),
  vcoPhoneNo: z.string(),
  signatures: z.array(af1800SignatureSchema),
});
export type Af1800Page1 = z.infer<typeof af1800Page1Schema>;

/** One discrepancy line of page 2. Dates are ISO and print dd/MM/yy. */
export const af1800MaintenanceRowSchema = z.object({
  operatorsReport: z.object({ itemNo: z.number().int().nullable(), discrepancy: z.string(), date: isoDateTime.nullable() }),
  reportedToMx: z.object({ date: isoDateTime.nullable(), milesHours: z.string(), name: z.string() }),
  mxReportStatus: z.object({
    workOrder: z.string(),
    date: isoDateTime.nullable(),
    statusCode: z.string(),
    employeeNumber: z.string(),
  }),
});
export type Af1800MaintenanceRow = z.infer<typeof af1800MaintenanceRowSchema>;

export const af1800Page2Schema = z.object({
  rows: z.array(af1800MaintenanceRowSchema),
  monthlyRequirement: z.object({
    milesHours: z.object({ date: isoDateTime.nullable(), miles: z.number().int().nullable(), hours: z.number().int().nullable(), operator: z.string() }).nullable(),
    tirePressure: z.object({ frontPsi: z.number().nullable(), rearPsi: z.number().nullable(), operator: z.string(), date: isoDateTime.nullable() }).nullable(),
  }),
});
export type Af1800Page2 = z.infer<typeof af1800Page2Schema>;

export const af1800Page3ItemSchema = z.object({
  itemNo: z.number().int().min(36).max(39),
  isChecked: z.boolean(),
  text: z.string(),
});
export type Af1800Page3Item = z.infer<typeof af1800Page3ItemSchema>;

/** The AF1800 form data of one vehicle for one month (part 2 §3). */
export const af1800FormSchema = af1800MonthSchema.extend({
  vehicleId: z.string(),
  /** The organization's zone, whose days and times the form's dates print in (forms kept before it was given: UTC). */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
  page1: af1800Page1Schema,
  page2: af1800Page2Schema,
  page3: z.object({ items: z.array(af1800Page3ItemSchema) }),
});
export type Af1800Form = z.infer<typeof af1800FormSchema>;

/** GET /data/v1/organizations/{orgId}/reports/af1800/{year}/{month}: every vehicle with data that month. */
export const af1800ReportSchema = af1800MonthSchema.extend({
  forms: z.array(af1800FormSchema),
});
export type Af1800Report = z.infer<typeof af1800ReportSchema>;
