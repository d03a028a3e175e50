import type { CellValue, FilterState, FilterValue, GridColumn, SetOption } from './types.ts';

/**
 * The one filtering rule of every grid (part 2 §9 "Filter field types"): pure, so the grid, the
 * unit tests and any future export share it. Filters naming an unknown column, or of a kind the
 * column does not offer (a saved view older than the grid), are ignored rather than hiding rows.
 */

type Predicate<Row> = (row: Row) => boolean;

/** How a value reads as text: what TEXT filters and the search box match, and the default cell. */
export function valueText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** The key a value has in a SET filter: booleans 'true'/'false', null ''. */
export function setKey(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

function truthy(value: CellValue): boolean {
  return value === true || value === 'true' || value === 1;
}

function instant(value: CellValue | string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value !== '') return Date.parse(value);
  return Number.NaN;
}

function numeric(value: CellValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/** False for a filter that lets every row through (blank text, open range, toggle on, ...). */
export function isFilterActive(filter: FilterValue): boolean {
  switch (filter.kind) {
    case 'TEXT':
      return filter.text.trim() !== '';
    case 'SET':
    case 'BOOLEAN':
      return true;
    case 'TOGGLE':
      return !filter.on;
    case 'DATE_TIME':
      return Number.isFinite(instant(filter.from ?? '')) || Number.isFinite(instant(filter.to ?? ''));
    case 'NUMBER_RANGE':
      return Number.isFinite(filter.value);
  }
}

function compileFilter<Row>(column: GridColumn<Row>, filter: FilterValue): Predicate<Row> | null {
  if (column.filter !== filter.kind || !isFilterActive(filter)) return null;
  const value = column.value;
  switch (filter.kind) {
    case 'TEXT': {
      const needle = filter.text.trim().toLowerCase();
      return (row) => valueText(value(row)).toLowerCase().includes(needle);
    }
    case 'SET': {
      const shown = new Set(filter.values);
      return (row) => shown.has(setKey(value(row)));
    }
    case 'BOOLEAN': {
      const wanted = filter.value;
      return (row) => truthy(value(row)) === wanted;
    }
    case 'TOGGLE':
      // Only an "off" toggle gets here: it hides the rows whose value is false.
      return (row) => truthy(value(row));
    case 'DATE_TIME': {
      const from = instant(filter.from ?? '');
      const to = instant(filter.to ?? '');
      return (row) => {
        const at = instant(value(row));
        if (Number.isNaN(at)) return false;
        return !(at < from) && !(at > to);
      };
    }
    case 'NUMBER_RANGE': {
      const target = Math.trunc(filter.value);
      const test = filter.op === 'gt' ? (n: number) => n > target : filter.op === 'lt' ? (n: number) => n < target : (n: number) => n === target;
      return (row) => {
        const n = numeric(value(row));
        return !Number.isNaN(n) && test(n);
      };
    }
  }
}

/** The lower-cased text the search box looks in: the values of the given columns. */
export function searchText<Row>(row: Row, columns: readonly GridColumn<Row>[]): string {
  let text = '';
  for (const column of columns) text += `${valueText(column.value(row)).toLowerCase()}\u0000`;
  return text;
}

/**
 * Filters rows; the search matches the values of `searchColumns` (the visible columns in the grid).
 * `haystacks`, when given, holds searchText of each row in `rows` order, so typing in the search box
 * does not rebuild the text of every row on every key.
 */
export function filterRows<Row>(
  rows: readonly Row[],
  columns: readonly GridColumn<Row>[],
  filters: FilterState,
  search = '',
  searchColumns: readonly GridColumn<Row>[] = columns,
  haystacks?: readonly string[],
): readonly Row[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const predicates: Predicate<Row>[] = [];
  for (const [id, filter] of Object.entries(filters)) {
    const column = byId.get(id);
    const predicate = column ? compileFilter(column, filter) : null;
    if (predicate) predicates.push(predicate);
  }
  const needle = search.trim().toLowerCase();
  if (!predicates.length && !needle) return rows;

  const out: Row[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Row;
    if (!predicates.every((predicate) => predicate(row))) continue;
    if (needle && !(haystacks?.[i] ?? searchText(row, searchColumns)).includes(needle)) continue;
    out.push(row);
  }
  return out;
}

/** The choices of a SET filter: the column's setOptions, or the distinct values of the rows, sorted. */
export function setOptionsOf<Row>(column: GridColumn<Row>, rows: Row[]): SetOption[] {
  if (column.setOptions) return column.setOptions;
  const seen = new Map<string, string>();
  for (const row of rows) {
    const value = column.value(row);
    const key = setKey(value);
    if (!seen.has(key)) seen.set(key, key === '' ? '(Blank)' : valueText(value));
  }
  return [...seen]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => (a.value === '' ? 1 : b.value === '' ? -1 : a.label.localeCompare(b.label, undefined, { numeric: true })));
}

/**
 * The filters that currently hide rows, for the badge on the filter toggle. A SET filter listing
 * every choice hides nothing and is not counted; `optionsOf` gives a SET column's choices.
 */
export function countActiveFilters<Row>(columns: GridColumn<Row>[], filters: FilterState, optionsOf: (column: GridColumn<Row>) => SetOption[]): number {
  let count = 0;
  for (const column of columns) {
    const filter = filters[column.id];
    if (!filter || filter.kind !== column.filter || !isFilterActive(filter)) continue;
    if (filter.kind === 'SET') {
      const shown = new Set(filter.values);
      if (optionsOf(column).every((option) => shown.has(option.value))) continue;
    }
    count++;
  }
  return count;
}
