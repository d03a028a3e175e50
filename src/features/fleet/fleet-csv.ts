import type { GridColumn, GridViewState } from '../../components/data-grid/index.ts';
import { filterRows, sortRows } from '../../components/data-grid/index.ts';
import { csvField, toCsv, type CsvColumn } from '../../shared/csv.ts';

export { csvField, toCsv, type CsvColumn };

/**
 * The Fleet Details CSV (part 1 §2, §9; part 2 §9): the grid's visible columns in their order, its
 * filtered and sorted rows, registration numbers as text-forced cells, named 'fleet-details' plus
 * the day-month-year and hour-minute it was made. Pure: the screen hands it the grid's state.
 */

/** The rows and columns as the grid shows them: filters and search applied, sorted, hidden columns left out. */
export function exportView<Row>(
  rows: readonly Row[],
  gridColumns: readonly GridColumn<Row>[],
  csvColumns: readonly CsvColumn<Row>[],
  state: GridViewState,
): { rows: readonly Row[]; columns: CsvColumn<Row>[] } {
  const hidden = new Set(state.columns.hidden);
  const csvById = new Map(csvColumns.map((c) => [c.id, c]));
  const gridById = new Map(gridColumns.map((c) => [c.id, c]));
  const ordered = [...state.columns.order, ...gridColumns.map((c) => c.id).filter((id) => !state.columns.order.includes(id))];
  const visibleIds = ordered.filter((id, i) => !hidden.has(id) && gridById.has(id) && ordered.indexOf(id) === i);
  const visibleGrid = visibleIds.map((id) => gridById.get(id)!);
  // As the grid does (DataGrid.tsx): sorted, then filtered, the search looking in the visible columns.
  const sorted = sortRows(rows, gridColumns, state.sorting);
  return {
    rows: filterRows(sorted, gridColumns, state.filters, state.search ?? '', visibleGrid),
    columns: visibleIds.map((id) => csvById.get(id)).filter((c): c is CsvColumn<Row> => !!c),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'fleet-details_22-11-2026_14-05.csv': day-month-year with hour and minute (part 1 §9), the device's local time. */
export function fleetCsvFileName(now: Date): string {
  const date = `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;
  return `fleet-details_${date}_${pad(now.getHours())}-${pad(now.getMinutes())}.csv`;
}
