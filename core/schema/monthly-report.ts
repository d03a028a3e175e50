import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDate } from './common.ts';
import { utcDayOf } from './insights.ts';
import type { Role } from './roles.ts';

/**
 * The monthly report per section (part 2 §2.6, §3 "Monthly report per section", §7
 * GET /data/v1/organizations/{orgId}/reports/monthly?useOverview=false[&startDate][&endDate]): one report
 * per section over a range of UTC days, both ends included; without dates, this month to today.
 * docs/insights-reports.md states how each figure is counted.
 */

/** Part 2 §6. */
export const REPORTS_ROLES: readonly Role[] = ['vco', 'sectionLead'];

export const monthlyReportPath = apiPath('/data/v1/organizations/:orgId/reports/monthly');

export const reportEndWithoutStartMessage = 'An end date needs a start date.';
export const reportStartAfterEndMessage = 'The start date must not be after the end date.';
export const reportInFutureMessage = 'Dates in the future have no report yet.';

const reportDay = (name: string) =>
  z
    .string({ error: `The ${name} date is a date, as yyyy-MM-dd` })
    .transform(utcDayOf)
    .pipe(isoDate)
    .optional();

/** The query, without the moment it is checked at (the future is the server's today, see reportRangeFaults). */
export const monthlyReportQuerySchema = z
  .object({
    /** Part 2 §7 sends useOverview=false; the report is never the overview's, so true is refused. */
    useOverview: z.enum(['false'], { error: 'useOverview can only be false' }).optional(),
    startDate: reportDay('start'),
    endDate: reportDay('end'),
  })
  .strict()
  .refine((q) => q.endDate === undefined || q.startDate !== undefined, { error: reportEndWithoutStartMessage, path: ['startDate'] })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
    error: reportStartAfterEndMessage,
    path: ['startDate'],
  });
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuerySchema>;

const count = z.number().int().min(0);

/** A vehicle of a Problem Vehicles list with its number (part 2 §2.6). */
export const problemVehicleSchema = z.object({ vehicleId: entityId, regNumber: z.string(), count: count });
export type ProblemVehicle = z.infer<typeof problemVehicleSchema>;

/** How many vehicles each Problem Vehicles list holds at most, most first. */
export const PROBLEM_LIST_LENGTH = 5;

export const sectionReportSchema = z.object({
  /** The section's id and name. */
  id: entityId,
  name: z.string(),
  vehicles: z.object({ total: count, inOp: count, wrm: count }),
  inspections: z.object({ total: count, failed: count, notes: count }),
  mx: z.object({
    discrepancies: z.object({ total: count, disregarded: count, addressable: count }),
    /** LTIs and PMIs performed in the range, and how many of those failed. */
    lti: z.object({ performed: count, failed: count }),
    pmi: z.object({ performed: count, failed: count }),
    scheduled: z.object({ scheduled: count, performed: count, failed: count }),
  }),
  problems: z.object({
    failedInspections: z.array(problemVehicleSchema),
    totalDiscrepancies: z.array(problemVehicleSchema),
    addressableDiscrepancies: z.array(problemVehicleSchema),
  }),
  /** Failed answers per rule id (AF-1800 items start with AF1800): the rule's title when inspected and the count. */
  failures: z.record(z.string(), z.object({ title: z.string(), count: count })),
});
export type SectionReport = z.infer<typeof sectionReportSchema>;

/** Part 2 §7: a list of section reports, every section of the organization in name order. */
export const monthlyReportSchema = z.array(sectionReportSchema);
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;
