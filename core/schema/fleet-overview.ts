import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDate, isoDateTime } from './common.ts';
import { vehicleStatusSchema } from './vehicle.ts';

/**
 * The fleet overview (part 2 §2.7, §3 "Fleet overview", §7 GET /data/v1/organizations/{orgId}/fleet):
 * what the Overview shows, computed by core/rules/fleet-overview.ts on the device from the mirror and
 * on the server from the open records. docs/overview.md states the rules.
 */

const vehicleRef = { vehicleId: entityId, regNumber: z.string() };

/** An in-commission vehicle as the donuts count it. */
export const overviewVehicleSchema = z.object({
  ...vehicleRef,
  vehicleType: z.string(),
  sectionId: z.string().nullable(),
  status: vehicleStatusSchema,
  wrm: z.boolean(),
});
export type OverviewVehicle = z.infer<typeof overviewVehicleSchema>;

/** One vehicle type of a section against its MEL. */
export const typeAvailabilitySchema = z.object({
  vehicleType: z.string(),
  total: z.number().int(),
  available: z.number().int(),
  fmc: z.number().int(),
  tdy: z.number().int(),
  /** 0 when the section has no MEL of the type. */
  mel: z.number().int(),
});
export type TypeAvailability = z.infer<typeof typeAvailabilitySchema>;

export const sectionAvailabilitySchema = z.object({
  sectionId: entityId,
  sectionName: z.string(),
  vehicleTypes: z.array(typeAvailabilitySchema),
});
export type SectionAvailability = z.infer<typeof sectionAvailabilitySchema>;

const days = z.number().int();

/** Why a vehicle is out on a day of the forecast. */
export const FORECAST_REASONS = ['inoperable', 'inMx', 'scheduledMx', 'lti', 'pmi', 'wash', 'tdy', 'eol'] as const;
export const forecastReasonSchema = z.enum(FORECAST_REASONS);
export type ForecastReason = z.infer<typeof forecastReasonSchema>;

/** One vehicle type of a section with a MEL: vehicles projected available per day, and its first shortfall. */
export const forecastTypeSchema = z.object({
  vehicleType: z.string(),
  mel: z.number().int(),
  /** One count per day of the forecast, the first being `from`. */
  available: z.array(z.number().int()),
  /** The first day fewer than the MEL are available, with the type's vehicles out on that day and why; null when none. */
  shortfall: z
    .object({
      date: isoDate,
      available: z.number().int(),
      out: z.array(z.object({ ...vehicleRef, reasons: z.array(forecastReasonSchema) })),
    })
    .nullable(),
});
export type ForecastType = z.infer<typeof forecastTypeSchema>;

/** Beyond the spec (issue 20): the readiness forecast, core/rules/readiness-forecast.ts. */
export const readinessForecastSchema = z.object({
  /** The first day forecast (today, UTC). */
  from: isoDate,
  days: z.number().int(),
  sections: z.array(z.object({ sectionId: entityId, sectionName: z.string(), vehicleTypes: z.array(forecastTypeSchema) })),
});
export type ReadinessForecast = z.infer<typeof readinessForecastSchema>;

export const fleetOverviewSchema = z.object({
  /** The moment the overview was computed for. */
  asOf: isoDateTime,
  /** Every vehicle in commission (FMC or not): the donuts' All, split by wrm for WRM and Other. */
  fmc: z.array(overviewVehicleSchema),
  /** The WRM vehicles of `fmc`. */
  wrm: z.array(overviewVehicleSchema),
  availability: z.array(sectionAvailabilitySchema),
  mx: z.object({
    /** Every vehicle not FMC, with its ETIC and the days past it (null without an ETIC, negative before it). */
    allInOpStatus: z.array(z.object({ ...vehicleRef, status: vehicleStatusSchema, etic: isoDateTime.nullable(), daysPast: z.number().int().nullable() })),
    approachingScheduledMx: z.array(z.object({ ...vehicleRef, mxId: entityId, mxType: z.string(), nextMxDate: isoDateTime, daysToMx: days })),
    approachingLti: z.array(z.object({ ...vehicleRef, ltiId: entityId, nextLtiDate: isoDateTime, daysToLti: days })),
    approachingPmi: z.array(z.object({ ...vehicleRef, pmiId: entityId, nextPmiDate: isoDateTime, daysToPmi: days })),
  }),
  tdy: z.object({
    current: z.array(z.object({ ...vehicleRef, tdyId: entityId, startDate: isoDate, endDate: isoDate.nullable(), description: z.string() })),
    approaching: z.array(z.object({ ...vehicleRef, tdyId: entityId, startDate: isoDate, endDate: isoDate.nullable(), description: z.string(), daysToTdy: days })),
  }),
  wash: z.array(z.object({ ...vehicleRef, washId: entityId, date: isoDateTime, daysToWash: days })),
  eol: z.array(z.object({ ...vehicleRef, vehicleType: z.string(), eolDate: isoDate, daysToEol: days })),
  forecast: readinessForecastSchema,
});
export type FleetOverview = z.infer<typeof fleetOverviewSchema>;

export const fleetOverviewPath = apiPath('/data/v1/organizations/:orgId/fleet');

/** GET .../fleet?sectionId=: one section's overview; without it, the whole fleet. */
export const fleetOverviewQuerySchema = z.object({ sectionId: entityId.optional() }).strict();
