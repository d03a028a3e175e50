import { compareNames } from '../../../core/rules/compare-names.ts';
import type { CellValue, GridColumn, GridViewState } from './types.ts';

/** Two cells that are not blank: numbers and booleans by value, text numeric-aware and case-insensitive. */
function compareCells(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareNames(String(a), String(b));
}

type SortKey<Row> = { column: GridColumn<Row>; desc: boolean };

/**
 * The grid's one order (part 1 §9), for the grid and for every export of it: by each sorted column in
 * turn, blanks (null) last in either direction, ties in the order the rows came in. Each cell is read
 * once, not once per comparison. Filtering sorted rows keeps them sorted, so the grid sorts when the
 * rows or the sort change, never when a filter does.
 */
export function sortRows<Row>(rows: readonly Row[], columns: readonly GridColumn<Row>[], sorting: GridViewState['sorting']): Row[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const keys: SortKey<Row>[] = [];
  for (const sort of sorting) {
    const column = byId.get(sort.id);
    if (column) keys.push({ column, desc: sort.desc });
  }
  if (keys.length === 0) return rows.slice();
  const cells: CellValue[][] = keys.map(({ column }) => rows.map((row) => column.value(row) ?? null));
  const order = rows.map((_, index) => index);
  order.sort((x, y) => {
    for (let k = 0; k < keys.length; k++) {
      const values = cells[k]!;
      const a = values[x] ?? null;
      const b = values[y] ?? null;
      if (a === null || b === null) {
        if (a === b) continue;
        return a === null ? 1 : -1;
      }
      const result = compareCells(a, b);
      if (result !== 0) return keys[k]!.desc ? -result : result;
    }
    return x - y;
  });
  return order.map((index) => rows[index]!);
}
