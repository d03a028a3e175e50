import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './common.ts';

/**
 * The failed answers of the organization's live inspections, one row each, kept by the server so that
 * the insights and the monthly report count failures from a narrow table instead of opening every
 * inspection's answers (server/modules/insights/kept-failures.ts). Not a feed. An inspection's rows are
 * replaced whole whenever it is written; `inspection_failure_clocks` says up to which revision.
 */
export const inspectionFailures = pgTable(
  'inspection_failures',
  {
    orgId: text('org_id').notNull(),
    inspectionId: text('inspection_id').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    inspectionDate: ts('inspection_date').notNull(),
    /** The answer's rule (null when it names none). */
    ruleId: text('rule_id'),
    /** The rule's title as inspected (the answer's overview), null without one. */
    title: text('title'),
  },
  (t) => [index('inspection_failures_org_date').on(t.orgId, t.inspectionDate), index('inspection_failures_inspection').on(t.inspectionId)],
);

/**
 * The organization revision up to which `inspection_failures` holds every inspection written: those
 * written after it are read from their answers until the next fold.
 */
export const inspectionFailureClocks = pgTable('inspection_failure_clocks', {
  orgId: text('org_id').primaryKey(),
  rev: bigint('rev', { mode: 'number' }).notNull(),
});
