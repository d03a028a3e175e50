import type { OverviewSources } from '../rules/overview-sources.ts';

/*
 * Fixed feeds for the Overview's rules (core/rules/fleet-overview.test.ts, readiness-forecast.test.ts):
 * vehicles of section s1 (Alpha; s2 is Bravo), FMC Pickups unless told otherwise.
 */

export type OverviewVehicleRow = OverviewSources['vehicles'][number];

export const overviewVehicle = (regNumber: string, over: Partial<OverviewVehicleRow> = {}): OverviewVehicleRow => ({
  vehicleId: `v-${regNumber}`,
  regNumber,
  vehicleType: 'Pickup',
  sectionId: 's1',
  wrm: false,
  eolDate: null,
  decommissionDate: null,
  eticDate: null,
  status: [{ status: 'valid', eticDate: null, validFrom: '2026-01-01T00:00:00.000Z', userId: null }],
  ...over,
});

/** A vehicle's fields for a status (and its ETIC). */
export const withStatus = (status: 'valid' | 'warning' | 'invalid' | 'inMx', eticDate: string | null = null) => ({
  status: [{ status, eticDate, validFrom: '2026-01-01T00:00:00.000Z', userId: null }],
  eticDate,
});

/** The two sections, no vehicle, record or MEL, and lead times of 90, 7, 7, 3, 14 and 30 days, with `over` laid on. */
export const overviewSources = (over: Partial<OverviewSources> = {}): OverviewSources => ({
  vehicles: [],
  scheduledMx: [],
  ltis: [],
  pmis: [],
  tdys: [],
  washes: [],
  sections: [
    { sectionId: 's1', sectionName: 'Alpha' },
    { sectionId: 's2', sectionName: 'Bravo' },
  ],
  mels: [],
  leadTimes: { eolLeadTime: 90, mxLeadTime: 7, tdyLeadTime: 7, washLeadTime: 3, ltiLeadTime: 14, pmiLeadTime: 30 },
  ...over,
});
