// Shapes shared by the fleet benchmark data generator (bench/fleet-data.ts), its worker and its merger.
import type { SeedOrganization, SeedRow } from '../server/seed/types.ts';

/**
 * The feeds the fleet benches read on the device: Fleet Details' (the rule's sources and the section
 * names) and the Overview's (the organization's lead times, washes and MELs besides).
 */
export const FLEET_FEEDS = [
  'organizations',
  'sections',
  'sectionMels',
  'users',
  'vehicles',
  'workflows',
  'inspections',
  'discrepancies',
  'scheduledMx',
  'ltis',
  'pmis',
  'waivers',
  'tdys',
  'notes',
  'washes',
] as const;
export type FleetFeed = (typeof FLEET_FEEDS)[number];

/** The seed tables kept: the feeds' tables (the organization among them, which the server needs to sign in). */
export const KEPT_TABLES = FLEET_FEEDS;
export type KeptTable = (typeof KEPT_TABLES)[number];
export type KeptTables = { [K in KeptTable]: SeedRow<K>[] };

/** Feed rows as the mirror stores them: the REST shape plus the row id of the feed. */
export type FeedRows = Record<FleetFeed, Record<string, unknown>[]>;

export interface FleetDataOptions {
  vehicles: number;
  days: number;
  /** The history ends the day before. */
  today: Date;
  /**
   * Keep every inspection's answers (the insights bench counts failed answers). Without, they are
   * dropped: Fleet Details never reads them, and a year of them for 5,000 vehicles is gigabytes.
   */
  answers?: boolean;
}

export interface GenerateRequest {
  org: number;
  vehicles: number;
  days: number;
  /** Epoch ms (a Date crosses to the worker as one too, but a number says what the worker needs). */
  today: number;
  answers: boolean;
}

export interface GeneratedOrg {
  org: number;
  organization: SeedOrganization;
  tables: KeptTables;
}
