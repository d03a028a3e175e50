import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { FleetSummary } from '../../../core/rules/fleet-summary.ts';

/**
 * Each vehicle's history summed up for Fleet Details (core/rules/fleet-summary.ts), kept by the server
 * so that the fleet's bulk answer reads one row per vehicle instead of the history
 * (server/modules/vehicles/fleet-summaries.ts). Not a feed: devices keep their own. `rev` is the
 * organization revision the summary is true at.
 */
export const fleetSummaries = pgTable(
  'fleet_summaries',
  {
    vehicleId: text('vehicle_id').primaryKey(),
    orgId: text('org_id').notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull(),
    summary: jsonb('summary').$type<FleetSummary>().notNull(),
  },
  (t) => [index('fleet_summaries_org').on(t.orgId)],
);

/**
 * The revision up to which an organization's kept summaries hold every write: a summary not stored
 * since is still true there. Records written after it are folded in when the summaries are next read.
 */
export const fleetSummaryClocks = pgTable('fleet_summary_clocks', {
  orgId: text('org_id').primaryKey(),
  rev: bigint('rev', { mode: 'number' }).notNull(),
});
