import type { FeedRow } from '../schema/feeds.ts';
import type { LEAD_TIME_FIELDS, Section, SectionMel } from '../schema/organization.ts';
import type { VehicleStatus } from '../schema/vehicle.ts';

/** What the Overview and its readiness forecast are computed from (core/rules/fleet-overview.ts). */

export type LeadTimes = Record<(typeof LEAD_TIME_FIELDS)[number], number>;

/** What the overview is made of: the vehicles and only the records not completed. */
export interface OverviewSources {
  vehicles: readonly Pick<
    FeedRow<'vehicles'>,
    'vehicleId' | 'regNumber' | 'vehicleType' | 'sectionId' | 'wrm' | 'eolDate' | 'decommissionDate' | 'eticDate' | 'status'
  >[];
  scheduledMx: readonly Pick<FeedRow<'scheduledMx'>, 'mxId' | 'vehicleId' | 'mxType' | 'mxDate' | 'completed'>[];
  ltis: readonly Pick<FeedRow<'ltis'>, 'ltiId' | 'vehicleId' | 'mxDate' | 'completed'>[];
  pmis: readonly Pick<FeedRow<'pmis'>, 'pmiId' | 'vehicleId' | 'mxDate' | 'completed'>[];
  tdys: readonly Pick<FeedRow<'tdys'>, 'tdyId' | 'vehicleId' | 'startDate' | 'endDate' | 'description' | 'completed'>[];
  washes: readonly Pick<FeedRow<'washes'>, 'washId' | 'vehicleId' | 'washDate' | 'completed'>[];
  sections: readonly Section[];
  mels: readonly SectionMel[];
  leadTimes: LeadTimes;
}

/** Available: mission capable (FMC or warning) and not away on a TDY today. */
export const AVAILABLE_STATUSES: readonly VehicleStatus[] = ['valid', 'warning'];
