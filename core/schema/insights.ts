import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDate } from './common.ts';
import type { Role } from './roles.ts';

/**
 * Insights (part 2 §2.5, §3, §7): five calls under /insights, each over the inspections of one range of
 * UTC days, both ends included. The server aggregates in SQL and answers per day, vehicle type,
 * inspector or vehicle, never per inspection: a year of a 5,000-vehicle fleet is millions of inspection
 * rows, and the screen's filters (vehicle type, rule) work on these aggregates on the device, offline too.
 * docs/insights-reports.md states every rule.
 */

/** Who may read insights (part 2 §6 leaves it open): the supervisors and the vco (docs/insights-reports.md). */
export const INSIGHTS_ROLES: readonly Role[] = ['jrSuper', 'sectionLead', 'vco'];

/** Part 2 §9: the earliest start date. */
export const INSIGHTS_MIN_DATE = '2020-01-01';
export const insightsStartTooEarlyMessage = `The start date must be ${INSIGHTS_MIN_DATE} or later.`;
export const insightsStartAfterEndMessage = 'The start date must not be after the end date.';

/** An ISO date and time given where a day is expected is read as its UTC day. */
export function utcDayOf(value: string): string {
  return value.length > 10 && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString().slice(0, 10) : value;
}

/** ?start=yyyy-MM-dd&end=yyyy-MM-dd */
const dayParam = (name: string) =>
  z
    .string({ error: `The ${name} date is required, as yyyy-MM-dd` })
    .transform(utcDayOf)
    .pipe(isoDate);

export const insightsQuerySchema = z
  .object({ start: dayParam('start'), end: dayParam('end') })
  .strict()
  .refine((q) => q.start >= INSIGHTS_MIN_DATE, { error: insightsStartTooEarlyMessage, path: ['start'] })
  .refine((q) => q.start <= q.end, { error: insightsStartAfterEndMessage, path: ['start'] });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number().int().min(0);
const seconds = z.number().int().min(0);

/** A vehicle as the insights' tooltips show it (part 2 §2.5: type and year/make/model). */
export const insightVehicleSchema = z.object({
  vehicleId: entityId,
  regNumber: z.string(),
  vehicleType: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});
export type InsightVehicle = z.infer<typeof insightVehicleSchema>;

/**
 * GET /insights/inspect?start&end (§3 "Inspection insight": inspectionDate, durationSeconds, regNumber,
 * inspectorId), summed: inspections with a duration, per day and vehicle type, per inspector and vehicle
 * type, and per vehicle. An average is `durationSeconds / inspections`.
 */
export const inspectInsightSchema = z.object({
  start: isoDate,
  end: isoDate,
  perDay: z.array(z.object({ day: isoDate, vehicleType: z.string(), inspections: count, durationSeconds: seconds })),
  perInspector: z.array(z.object({ inspectorId: z.string(), inspectorName: z.string(), vehicleType: z.string(), inspections: count, durationSeconds: seconds })),
  perVehicle: z.array(insightVehicleSchema.extend({ inspections: count, durationSeconds: seconds })),
});
export type InspectInsight = z.infer<typeof inspectInsightSchema>;

/** A rule as the failure charts name it: its id (AF-1800 items start with AF1800) and its title when inspected. */
const ruleRef = { ruleId: z.string(), title: z.string() };

/**
 * GET /insights/failures/overview?start&end (§3 "Failures overview"): per rule, per day, the failed
 * answers and which vehicles gave them (with their type, for the vehicle-type filter).
 */
export const failuresOverviewSchema = z.object({
  start: isoDate,
  end: isoDate,
  rules: z.array(
    z.object({
      ...ruleRef,
      data: z.array(
        z.object({
          day: isoDate,
          totalFailures: count,
          details: z.array(z.object({ regNumber: z.string(), vehicleType: z.string(), failures: count })),
        }),
      ),
    }),
  ),
});
export type FailuresOverview = z.infer<typeof failuresOverviewSchema>;

/** GET /insights/failures/perVehicle?start&end (§3 "Failures per vehicle"): grouped by vehicle type. */
export const failuresPerVehicleSchema = z.object({
  start: isoDate,
  end: isoDate,
  /** The title of every rule named below. */
  rules: z.array(z.object(ruleRef)),
  vehicleTypes: z.array(
    z.object({
      vehicleType: z.string(),
      vehicles: z.array(
        insightVehicleSchema.extend({
          failuresByRule: z.array(z.object({ ruleId: z.string(), failures: count })),
          totalFailures: count,
        }),
      ),
    }),
  ),
});
export type FailuresPerVehicle = z.infer<typeof failuresPerVehicleSchema>;

/**
 * GET /insights/usage/timeseries?start&end (§3 "Usage"): per vehicle and calendar month (yyyy-MM), the
 * miles and hours used and the last reading. Usage is the sum of day-over-day deltas of the vehicle's
 * daily reading (its highest of the day); a reading lower than the one before (a corrected odometer)
 * counts as no use. The first day in range is compared with the last reading before it.
 */
export const usageTimeseriesSchema = z.object({
  start: isoDate,
  end: isoDate,
  vehicles: z.array(insightVehicleSchema),
  months: z.array(
    z.object({
      vehicleId: entityId,
      month: z.string().regex(/^\d{4}-\d{2}$/),
      miles: count,
      hours: count,
      /** The last reading in the month (null without one). */
      totalMiles: count.nullable(),
      totalHours: count.nullable(),
    }),
  ),
});
export type UsageTimeseries = z.infer<typeof usageTimeseriesSchema>;

/**
 * GET /insights/usage/excess?start&end (§3 "Excess usage"): per vehicle inspected in range, the miles
 * and hours used (as the timeseries counts them) against its errors (failed answers).
 */
export const usageExcessSchema = z.object({
  start: isoDate,
  end: isoDate,
  vehicles: z.array(insightVehicleSchema.extend({ miles: count, hours: count, errors: count })),
});
export type UsageExcess = z.infer<typeof usageExcessSchema>;

export const insightsPaths = {
  inspect: apiPath('/insights/inspect'),
  failuresOverview: apiPath('/insights/failures/overview'),
  failuresPerVehicle: apiPath('/insights/failures/perVehicle'),
  usageTimeseries: apiPath('/insights/usage/timeseries'),
  usageExcess: apiPath('/insights/usage/excess'),
} as const;

/** Each call's answer, as the device checks it before keeping it. */
export const insightsAnswerSchemas = {
  inspect: inspectInsightSchema,
  failuresOverview: failuresOverviewSchema,
  failuresPerVehicle: failuresPerVehicleSchema,
  usageTimeseries: usageTimeseriesSchema,
  usageExcess: usageExcessSchema,
} as const;
export type InsightsCall = keyof typeof insightsPaths;
