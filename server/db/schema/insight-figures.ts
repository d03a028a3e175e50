import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './common.ts';

/*
 * The inspections summed per vehicle and UTC month (and per UTC day for the inspection times), kept by
 * the server so that the usage and inspection insights over a year read a few rows per vehicle instead
 * of every inspection (server/modules/insights/kept-figures.ts). Not feeds. A month or day is made again
 * whole whenever an inspection in it is written; `insight_figure_clocks` says up to which revision.
 */

/** Per vehicle, reading ('m' miles, 'h' hours) and UTC month with a reading: its first and last day's reading and the use between its days. */
export const usageMonths = pgTable(
  'usage_months',
  {
    orgId: text('org_id').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    what: text('what').notNull(),
    /** The month's first day. */
    month: date('month').notNull(),
    firstDay: date('first_day').notNull(),
    /** The highest reading of the first day with one. */
    firstReading: integer('first_reading').notNull(),
    lastDay: date('last_day').notNull(),
    lastReading: integer('last_reading').notNull(),
    /** The use from the month's first day with a reading to its last (each day against the one before, a lower reading no use). */
    used: bigint('used', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.vehicleId, t.what, t.month] }), index('usage_months_org_month').on(t.orgId, t.month)],
);

/**
 * Per vehicle, UTC month and inspector (id and recorded name): the inspections, those failed and their
 * notes (the monthly report), and those with a duration, their seconds and the newest one's moment
 * (the inspection times).
 */
export const inspectionMonths = pgTable(
  'inspection_months',
  {
    orgId: text('org_id').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    month: date('month').notNull(),
    inspectorId: text('inspector_id'),
    inspectorName: text('inspector_name'),
    inspections: integer('inspections').notNull(),
    /** `passed` false: a fix on the spot passes. */
    failed: integer('failed').notNull(),
    notes: integer('notes').notNull(),
    /** With a duration. */
    timed: integer('timed').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    /** The newest timed one's moment (null when none is timed). */
    latest: ts('latest'),
  },
  (t) => [index('inspection_months_org_month').on(t.orgId, t.month), index('inspection_months_vehicle_month').on(t.vehicleId, t.month)],
);

/** Per UTC day and vehicle type (the live vehicle's type when folded): the inspections with a duration and their seconds. */
export const inspectDays = pgTable(
  'inspect_days',
  {
    orgId: text('org_id').notNull(),
    day: date('day').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    inspections: integer('inspections').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
  },
  (t) => [index('inspect_days_org_day').on(t.orgId, t.day)],
);

/** The organization revision up to which the kept figures hold every inspection written (and every move below). */
export const insightFigureClocks = pgTable('insight_figure_clocks', {
  orgId: text('org_id').primaryKey(),
  rev: bigint('rev', { mode: 'number' }).notNull(),
});

/**
 * Where a write took figures from, that the written row no longer tells: an inspection's former
 * vehicle and UTC day when either changes, or a vehicle (day null) whose type changed or that was
 * deleted or restored (its days' per-type figures). Written by triggers (migration
 * 0006_insight_figures) whatever the writer; `rev` is the write's revision. Folded and dropped with
 * the inspections written up to the clock.
 */
export const insightFigureMoves = pgTable(
  'insight_figure_moves',
  {
    orgId: text('org_id').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    day: date('day'),
    rev: bigint('rev', { mode: 'number' }).notNull(),
  },
  (t) => [index('insight_figure_moves_org_rev').on(t.orgId, t.rev)],
);
