import type { CSSProperties, ReactNode } from 'react';
import type { SettingField } from '../../../core/schema/settings.ts';

/** Filter field types (part 2 §9). */
export type FilterKind = 'TEXT' | 'SET' | 'NUMBER_RANGE' | 'DATE_TIME' | 'TOGGLE' | 'BOOLEAN';

export type NumberOp = 'eq' | 'gt' | 'lt';

export type FilterValue =
  | { kind: 'TEXT'; text: string }
  /** The values shown; a value not listed is hidden (an empty list hides every row). */
  | { kind: 'SET'; values: string[] }
  /** Yes or no; "any" is the absence of the filter. */
  | { kind: 'BOOLEAN'; value: boolean }
  /** e.g. Show Inactive: off shows only rows whose value is true, on shows rows whose value is false too. */
  | { kind: 'TOGGLE'; on: boolean }
  /** ISO instants, both inclusive ('between'); null leaves that end open. */
  | { kind: 'DATE_TIME'; from: string | null; to: string | null }
  /** Integers. */
  | { kind: 'NUMBER_RANGE'; op: NumberOp; value: number };

export type FilterState = Record<string /* column id */, FilterValue>;

export interface ColumnsState {
  /** Column ids, left to right. */
  order: string[];
  hidden: string[];
  /** Widths in px of the columns the user resized. */
  widths: Record<string, number>;
}

export interface SavedView {
  filters: FilterState;
  columns: ColumnsState;
}

export type CellValue = string | number | boolean | null;

export interface SetOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

export interface GridColumn<Row> {
  /** Stable: saved views refer to it. */
  id: string;
  header: string;
  /** What filters, sorting and search use. */
  value: (row: Row) => CellValue;
  /** How it shows (default: the value; booleans as Yes/No). */
  cell?: (row: Row) => ReactNode;
  /** Absent: no filter for this column. */
  filter?: FilterKind;
  /**
   * SET: the choices, compared with the row value as text (booleans 'true'/'false', null '').
   * Default: the distinct values of the rows.
   */
  setOptions?: SetOption[];
  /** TOGGLE: the switch's label (default 'Show {header}: No'), e.g. 'Show Inactive'. */
  toggleLabel?: string;
  /** Default 175 (part 1 §9). */
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  hideable?: boolean;
  /** Hidden until the user shows it (e.g. a tab's 'Completed On', part 1 §2). */
  hiddenByDefault?: boolean;
}

export interface RowActions<Row> {
  header?: string;
  width?: number;
  render: (row: Row) => ReactNode;
}

export interface DataGridProps<Row> {
  columns: GridColumn<Row>[];
  /** undefined while loading: 'Loading...'. */
  rows: Row[] | undefined;
  /** A load error, shown in place of the grid (the raw message). */
  error?: string | null;
  getRowId: (row: Row) => string;
  /** Save View stores the view in the user's settings under these names (e.g. userAdminFilter, userAdminColumnsState). */
  viewSettings?: { filter: SettingField; columns: SettingField };
  /** Applied when the user has no saved view. */
  defaultFilters?: FilterState;
  defaultSort?: { id: string; desc: boolean }[];
  /** Shows a search box (matches any visible column's value, case-insensitive). */
  searchPlaceholder?: string;
  /** The ids of the columns the search box looks in, shown or not (default: the visible ones). */
  searchColumns?: readonly string[];
  /** Buttons placed left of Save View and the filter toggle (e.g. 'Add User'). */
  toolbar?: ReactNode;
  /** An actions column, last, not hideable. */
  rowActions?: RowActions<Row>;
  onRowDoubleClick?: (row: Row) => void;
  rowStyle?: (row: Row) => CSSProperties | undefined;
  /** Told the view the user sees (filters, columns, sort, search) whenever it changes, e.g. for an export. */
  onViewChange?: (view: GridViewState) => void;
  /** The grid body's height; default fills the remaining viewport. */
  height?: string | number;
  'aria-label': string;
}

/** What the user sees of a grid right now: the view, the sort and the search text. */
export interface GridViewState {
  filters: FilterState;
  columns: ColumnsState;
  sorting: { id: string; desc: boolean }[];
  search: string;
}
