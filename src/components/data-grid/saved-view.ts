import { z } from 'zod';
import type { ColumnsState, FilterState, FilterValue, GridColumn } from './types.ts';

/**
 * Saved views live in the user's settings (part 1 §3), written by this and other devices and, for
 * accounts carried over, by older versions of the product. Whatever is stored is checked here:
 * a malformed value is ignored (the grid's defaults apply), never a crash.
 */

export const DEFAULT_COLUMN_WIDTH = 175;
const MIN_WIDTH = 40;
const MAX_WIDTH = 1000;

const isoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Not a date');

export const filterValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('TEXT'), text: z.string() }),
  z.object({ kind: z.literal('SET'), values: z.array(z.string()) }),
  z.object({ kind: z.literal('BOOLEAN'), value: z.boolean() }),
  z.object({ kind: z.literal('TOGGLE'), on: z.boolean() }),
  z.object({ kind: z.literal('DATE_TIME'), from: isoInstant.nullable(), to: isoInstant.nullable() }),
  z.object({ kind: z.literal('NUMBER_RANGE'), op: z.enum(['eq', 'gt', 'lt']), value: z.number().int() }),
]);

export const filterStateSchema = z.record(z.string(), filterValueSchema);

export const columnsStateSchema = z.object({
  order: z.array(z.string()),
  hidden: z.array(z.string()),
  widths: z.record(z.string(), z.number().positive()),
});

export const savedViewSchema = z.object({ filters: filterStateSchema, columns: columnsStateSchema });

/** A stored filter setting, or null when there is none or it is malformed. */
export function parseStoredFilters(value: unknown): FilterState | null {
  const parsed = filterStateSchema.safeParse(value);
  return parsed.success ? (parsed.data as FilterState) : null;
}

/** A stored columns setting, or null when there is none or it is malformed. */
export function parseStoredColumns(value: unknown): ColumnsState | null {
  const parsed = columnsStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function defaultColumnsState<Row>(columns: GridColumn<Row>[]): ColumnsState {
  return { order: columns.map((column) => column.id), hidden: columns.filter((column) => column.hiddenByDefault).map((column) => column.id), widths: {} };
}

export function clampWidth<Row>(column: GridColumn<Row>, width: number): number {
  const min = column.minWidth ?? MIN_WIDTH;
  const max = column.maxWidth ?? MAX_WIDTH;
  return Math.round(Math.min(max, Math.max(min, width)));
}

/**
 * Fits a columns state to the grid's current columns: unknown ids are dropped, columns the state
 * does not know are inserted after the column they follow in the definition, columns that may not
 * be hidden are shown, widths are kept within the column's bounds.
 */
export function reconcileColumns<Row>(columns: GridColumn<Row>[], state: ColumnsState): ColumnsState {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const order = [...new Set(state.order)].filter((id) => byId.has(id));
  columns.forEach((column, index) => {
    if (order.includes(column.id)) return;
    const before = columns
      .slice(0, index)
      .reverse()
      .find((c) => order.includes(c.id));
    order.splice(before ? order.indexOf(before.id) + 1 : 0, 0, column.id);
  });
  const hidden = [...new Set(state.hidden)].filter((id) => byId.get(id) && byId.get(id)?.hideable !== false);
  const widths: Record<string, number> = {};
  for (const [id, width] of Object.entries(state.widths)) {
    const column = byId.get(id);
    if (column && Number.isFinite(width)) widths[id] = clampWidth(column, width);
  }
  return { order, hidden, widths };
}

/** Keeps the filters whose column exists and offers that kind of filter. */
export function reconcileFilters<Row>(columns: GridColumn<Row>[], filters: FilterState): FilterState {
  const kinds = new Map(columns.map((column) => [column.id, column.filter]));
  const out: FilterState = {};
  for (const [id, filter] of Object.entries(filters)) {
    if (kinds.get(id) === filter.kind) out[id] = filter as FilterValue;
  }
  return out;
}
