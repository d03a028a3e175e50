export { DataGrid } from './DataGrid.tsx';
export { filterRows, isFilterActive, valueText } from './filters.ts';
export { sortRows } from './sort-rows.ts';
export { DATE_TIME_FILTER_FORMAT } from './FilterControls.tsx';
export { ROW_HEIGHT } from './GridBody.tsx';
export { HEADER_HEIGHT } from './GridTable.tsx';
export { DEFAULT_COLUMN_WIDTH, parseStoredColumns, parseStoredFilters, savedViewSchema } from './saved-view.ts';
export type {
  CellValue,
  ColumnsState,
  DataGridProps,
  FilterKind,
  FilterState,
  FilterValue,
  GridColumn,
  GridViewState,
  NumberOp,
  RowActions,
  SavedView,
  SetOption,
} from './types.ts';
