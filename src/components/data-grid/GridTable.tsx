import 'mantine-react-table/styles.css';
import { memo, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { Loader, Text } from '@mantine/core';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_Row,
  type MRT_SortingState,
  type MRT_TableOptions,
  type MRT_Updater,
  type MRT_VisibilityState,
} from 'mantine-react-table';
import { valueText } from './filters.ts';
import { clampWidth, DEFAULT_COLUMN_WIDTH } from './saved-view.ts';
import type { CellValue, ColumnsState, GridColumn, RowActions } from './types.ts';
import classes from './DataGrid.module.css';

/** Part 1 §9 grid defaults. */
export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 40;

// MRT types rows as records; the grid takes any row type and casts at this one boundary.
type AnyRow = Record<string, any>;

const ACTIONS_ID = 'mrt-row-actions';
const SPACER_ID = 'mrt-row-spacer';
const EMPTY_ROW_ID = 'mrt-row-empty';
const ROW_OVERSCAN = 3;
/** Grids with more columns than this render only those in view (Fleet Details; not the users grid). */
const COLUMN_VIRTUALIZATION_FROM = 12;
const COLUMN_OVERSCAN = 2;

function resolve<T>(updater: MRT_Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

export interface GridTableProps<Row> {
  columns: GridColumn<Row>[];
  /** The rows to show: already filtered. */
  rows: Row[];
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
  /** Changes when filters, search or sorting change: the grid scrolls back to its first row. */
  scrollResetKey: string;
  'aria-label': string;
}

function EmptyRows({ loading }: { loading: boolean }) {
  return loading ? (
    <div className={classes.empty} role="status">
      <Loader size="sm" aria-hidden />
      <Text>Loading...</Text>
    </div>
  ) : (
    <div className={classes.empty}>
      <Text>No Data</Text>
    </div>
  );
}

function defaultCell(value: CellValue): ReactNode {
  const text = valueText(value);
  return (
    <span className={classes.cellText} title={text}>
      {text}
    </span>
  );
}

function GridTableView<Row>(props: GridTableProps<Row>) {
  const { columns, rows, columnsState, onColumnsChange, sorting, onSortingChange, getRowId, rowActions } = props;
  const { onRowDoubleClick, rowStyle, scrollResetKey } = props;

  const mrtColumns = useMemo<MRT_ColumnDef<AnyRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: AnyRow) => column.value(row as Row) ?? undefined,
        Cell: ({ row }: { row: MRT_Row<AnyRow> }) =>
          column.cell ? column.cell(row.original as Row) : defaultCell(column.value(row.original as Row)),
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        minSize: column.minWidth,
        maxSize: column.maxWidth,
        enableSorting: column.sortable !== false,
        enableHiding: column.hideable !== false,
      })),
    [columns],
  );

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const columnOrder = useMemo(
    () => [...columnsState.order, ...(rowActions ? [ACTIONS_ID] : []), SPACER_ID],
    [columnsState.order, rowActions],
  );
  const columnVisibility = useMemo<MRT_VisibilityState>(
    () => Object.fromEntries(columnsState.hidden.map((id) => [id, false])),
    [columnsState.hidden],
  );

  const virtualizerRef: NonNullable<MRT_TableOptions<AnyRow>['rowVirtualizerInstanceRef']> = useRef(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // The offset the virtualizer last saw, not the element's scrollTop: reading either from the DOM, as
    // scrollToOffset does, forces a layout of the new rows (about 25 ms for Fleet Details), and a grid
    // already at its top has nothing to reset.
    const virtualizer = virtualizerRef.current;
    if (virtualizer && (virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0);
  }, [scrollResetKey]);

  // Cells are memoized (memoMode 'cells'; rows cannot be, or a row would not render the columns that a
  // sideways scroll brings into view): scrolling renders only the cells that come into view. A memoized
  // cell re-renders only when its cell object changes, so anything that changes how cells render (order
  // and visibility of columns, the row callbacks; a new sort brings new rows) hands MRT a new data
  // array, which makes new rows and cells. Widths need nothing: cells take them from CSS variables.
  const data = useMemo(
    () => rows.slice() as AnyRow[],
    [rows, columns, columnOrder, columnVisibility, rowActions, onRowDoubleClick, rowStyle],
  );

  const table = useMantineReactTable<AnyRow>({
    columns: mrtColumns,
    data,
    getRowId: (row) => getRowId(row as Row),
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

    enableRowVirtualization: true,
    // Wide grids render only the columns in view (and a few more): a filter or a sort renders a third of
    // Fleet Details' 26 columns. A column's width is its size in the table state, never read from the DOM.
    enableColumnVirtualization: columns.length > COLUMN_VIRTUALIZATION_FROM,
    columnVirtualizerOptions: {
      overscan: COLUMN_OVERSCAN,
      measureElement: (element, _entry, instance) => instance.options.estimateSize(instance.indexFromElement(element)),
    },
    rowVirtualizerInstanceRef: virtualizerRef,
    // Rows are exactly 40 px: no measuring of every row while scrolling 5,000 of them.
    rowVirtualizerOptions: { estimateSize: () => ROW_HEIGHT, measureElement: () => ROW_HEIGHT, overscan: ROW_OVERSCAN },
    memoMode: 'cells',

    enableRowActions: Boolean(rowActions),
    positionActionsColumn: 'last',
    renderRowActions: rowActions ? ({ row }) => rowActions.render(row.original as Row) : undefined,
    displayColumnDefOptions: {
      [ACTIONS_ID]: { header: rowActions?.header ?? 'Actions', size: rowActions?.width ?? 100 },
    },

    renderEmptyRowsFallback: () => <EmptyRows loading={props.loading} />,

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
    mantineTableBodyProps: { role: 'rowgroup' },
    mantineTableBodyRowProps: ({ row, renderedRowIndex }) => {
      if (row.id === EMPTY_ROW_ID) return { role: 'row' };
      const original = row.original as Row;
      return {
        role: 'row',
        'aria-rowindex': (renderedRowIndex ?? 0) + 2,
        className: onRowDoubleClick ? classes.clickableRow : undefined,
        onDoubleClick: onRowDoubleClick ? () => onRowDoubleClick(original) : undefined,
        style: { height: ROW_HEIGHT, ...rowStyle?.(original) },
      };
    },
    mantineTableBodyCellProps: ({ column }) => ({
      role: 'cell',
      'aria-colindex': column.getIndex() + 1,
      className: column.id === ACTIONS_ID ? `${classes.cell} ${classes.actionsCell}` : classes.cell,
      style: { height: ROW_HEIGHT, paddingTop: 0, paddingBottom: 0 },
    }),
  });

  return <MantineReactTable table={table} />;
}

/**
 * The table itself: mantine-react-table with the grid's state passed in, rows virtualized. The rows
 * arrive filtered and sorted (DataGrid, sort-rows.ts); MRT shows the sort but never sorts. Memoized:
 * a change in the filter panel renders the table once, when the filtered rows arrive.
 */
export const GridTable = memo(GridTableView) as typeof GridTableView;
