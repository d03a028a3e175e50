import 'mantine-react-table/styles.css';
import { memo, useMemo, useRef, type CSSProperties } from 'react';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_ColumnVirtualizer,
  type MRT_SortingState,
  type MRT_TableOptions,
  type MRT_Updater,
  type MRT_VisibilityState,
} from 'mantine-react-table';
import { ACTIONS_ID, GridBody, ROW_HEIGHT, SPACER_ID, type AnyRow } from './GridBody.tsx';
import { clampWidth, DEFAULT_COLUMN_WIDTH } from './saved-view.ts';
import type { ColumnsState, GridColumn, RowActions } from './types.ts';
import classes from './DataGrid.module.css';

/** Part 1 §9 grid defaults. */
export const HEADER_HEIGHT = 40;

/** Grids with more columns than this render only those in view (Fleet Details; not the users grid). */
const COLUMN_VIRTUALIZATION_FROM = 12;
const COLUMN_OVERSCAN = 2;
/** MRT holds no rows: the body renders them (GridBody.tsx). */
const NO_DATA: AnyRow[] = [];

function resolve<T>(updater: MRT_Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

export interface GridTableProps<Row> {
  columns: GridColumn<Row>[];
  /** The rows to show: already filtered. */
  rows: readonly Row[];
  loading: boolean;
  columnsState: ColumnsState;
  onColumnsChange: (update: (current: ColumnsState) => ColumnsState) => void;
  sorting: MRT_SortingState;
  onSortingChange: (sorting: MRT_SortingState) => void;
  getRowId: (row: Row) => string;
  rowActions?: RowActions<Row>;
  onRowDoubleClick?: (row: Row) => void;
  rowStyle?: (row: Row) => CSSProperties | undefined;
  height: number | string;
  /** The scroll container's width at the first render (use-first-layout.ts): the virtualizers start from it and the height. */
  initialWidth: number;
  /** Changes when filters, search or sorting change: the grid scrolls back to its first row. */
  scrollResetKey: string;
  'aria-label': string;
}

function GridTableView<Row>(props: GridTableProps<Row>) {
  const { columns, rows, columnsState, onColumnsChange, sorting, onSortingChange, rowActions } = props;

  // Columns for the header only: MRT shows them, their sort, widths and order; the body renders the cells.
  // The accessor is what makes a column sortable to MRT; it never reads a row.
  const mrtColumns = useMemo<MRT_ColumnDef<AnyRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: AnyRow) => column.value(row as Row) ?? undefined,
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        minSize: column.minWidth,
        maxSize: column.maxWidth,
        enableSorting: column.sortable !== false,
        // A first click sorts ascending. MRT would guess from the first row's value, and it holds no rows.
        sortDescFirst: false,
        enableHiding: column.hideable !== false,
      })),
    [columns],
  );

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const columnOrder = useMemo(() => [...columnsState.order, ...(rowActions ? [ACTIONS_ID] : []), SPACER_ID], [columnsState.order, rowActions]);
  const columnVisibility = useMemo<MRT_VisibilityState>(() => Object.fromEntries(columnsState.hidden.map((id) => [id, false])), [columnsState.hidden]);

  const columnVirtualizer = useRef<MRT_ColumnVirtualizer | null>(null);
  // Where the virtualizers start, before they measure the container: its size, so that measuring it places nothing again.
  const initialRect = useMemo(
    () => ({ width: props.initialWidth, height: typeof props.height === 'number' ? props.height : 0 }),
    // Only the first render's size counts: later sizes are the virtualizers' own measure.
    [],
  );

  const table = useMantineReactTable<AnyRow>({
    columns: mrtColumns,
    data: NO_DATA,
    state: { columnOrder, columnVisibility, columnSizing: columnsState.widths, sorting, density: 'xs' },
    onColumnOrderChange: (updater) => {
      const next = resolve(updater, columnOrder).filter((id) => byId.has(id));
      onColumnsChange((current) => ({ ...current, order: next }));
    },
    onColumnVisibilityChange: (updater) => {
      const next = resolve(updater, columnVisibility);
      const hidden = Object.keys(next).filter((id) => next[id] === false && byId.get(id)?.hideable !== false);
      onColumnsChange((current) => ({ ...current, hidden }));
    },
    onColumnSizingChange: (updater) => {
      const next = resolve(updater, columnsState.widths);
      const widths: Record<string, number> = {};
      for (const [id, width] of Object.entries(next)) {
        const column = byId.get(id);
        if (column) widths[id] = clampWidth(column, width);
      }
      onColumnsChange((current) => ({ ...current, widths }));
    },
    onSortingChange: (updater) => onSortingChange(resolve(updater, sorting)),
    // The rows arrive sorted: one order for the grid and its exports (sort-rows.ts).
    manualSorting: true,

    // One filtering rule for every grid: the rows arrive filtered (filters.ts).
    manualFiltering: true,
    enableFilters: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableFilterMatchHighlighting: false,

    enablePagination: false,
    enableTopToolbar: false,
    enableBottomToolbar: false,
    enableTableFooter: false,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: true,
    enableSorting: true,
    enableColumnOrdering: true,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    enableStickyHeader: true,

    // Wide grids render only the columns in view (and a few more): a filter or a sort renders a third of
    // Fleet Details' 26 columns. A column's width is its size in the table state, never read from the DOM.
    enableColumnVirtualization: columns.length > COLUMN_VIRTUALIZATION_FROM,
    columnVirtualizerOptions: {
      overscan: COLUMN_OVERSCAN,
      initialRect,
      measureElement: (element, _entry, instance) => instance.options.estimateSize(instance.indexFromElement(element)),
    },
    columnVirtualizerInstanceRef: columnVirtualizer as NonNullable<MRT_TableOptions<AnyRow>['columnVirtualizerInstanceRef']>,

    enableRowActions: Boolean(rowActions),
    positionActionsColumn: 'last',
    displayColumnDefOptions: {
      [ACTIONS_ID]: { header: rowActions?.header ?? 'Actions', size: rowActions?.width ?? 100 },
    },

    mantinePaperProps: { shadow: undefined },
    mantineTableContainerProps: { style: { height: props.height, maxHeight: props.height } },
    mantineTableProps: {
      role: 'table',
      'aria-label': props['aria-label'],
      'aria-rowcount': rows.length + 1,
      // Columns out of view may not be rendered: the count and each cell's index tell assistive technology.
      'aria-colcount': columnsState.order.length - columnsState.hidden.length + (rowActions ? 1 : 0),
      'aria-busy': props.loading || undefined,
      highlightOnHover: true,
      striped: false,
    },
    mantineTableHeadProps: { role: 'rowgroup' },
    mantineTableHeadRowProps: { role: 'row', 'aria-rowindex': 1 },
    mantineTableHeadCellProps: ({ column }) => {
      const sorted = column.getIsSorted();
      return {
        role: 'columnheader',
        'aria-colindex': column.getIndex() + 1,
        'aria-sort': !column.getCanSort() ? undefined : sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none',
        className: classes.headCell,
        style: { height: HEADER_HEIGHT, paddingTop: 0, paddingBottom: 0 },
      };
    },
    // A function, so that the rows render again whenever MRT renders the table (a sideways scroll moves
    // the header's columns; the body follows them).
    mantineTableBodyProps: ({ table }) => ({
      role: 'rowgroup',
      style: rows.length ? { height: rows.length * ROW_HEIGHT } : undefined,
      children: (
        <GridBody
          table={table}
          columnVirtualizer={columnVirtualizer}
          initialRect={initialRect}
          rows={rows}
          columns={byId}
          getRowId={props.getRowId}
          rowActions={rowActions}
          onRowDoubleClick={props.onRowDoubleClick}
          rowStyle={props.rowStyle}
          loading={props.loading}
          scrollResetKey={props.scrollResetKey}
        />
      ),
    }),
  });

  return <MantineReactTable table={table} />;
}

/**
 * The table: mantine-react-table for the header (sort, widths, order by drag) with the grid's state
 * passed in, and the rows of GridBody. The rows arrive filtered and sorted (DataGrid, sort-rows.ts);
 * MRT shows the sort but never sorts, and holds no rows. Memoized: a change in the filter panel
 * renders the table once, when the filtered rows arrive.
 */
export const GridTable = memo(GridTableView) as typeof GridTableView;
