import { memo, useEffect, useMemo, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { parseCSSVarId, type MRT_Column, type MRT_ColumnVirtualizer, type MRT_RowData, type MRT_TableInstance } from 'mantine-react-table';
import { valueText } from './filters.ts';
import type { CellValue, GridColumn, RowActions } from './types.ts';
import classes from './DataGrid.module.css';

/** Part 1 §9 grid defaults. */
export const ROW_HEIGHT = 40;

/** MRT's ids of its own columns: the row actions and the spacer that fills the row's width. */
export const ACTIONS_ID = 'mrt-row-actions';
export const SPACER_ID = 'mrt-row-spacer';

const ROW_OVERSCAN = 3;
/** As MRT sizes a column with no minimum of its own. */
const DEFAULT_MIN_WIDTH = 30;

// MRT types rows as records; the grid takes any row type and casts at this one boundary.
export type AnyRow = MRT_RowData;

export interface GridBodyProps<Row> {
  table: MRT_TableInstance<AnyRow>;
  /** MRT's column virtualizer (wide grids), which places the header's columns; the body follows it. */
  columnVirtualizer: RefObject<MRT_ColumnVirtualizer | null>;
  /** The scroll container's size before the row virtualizer measures it (GridTable). */
  initialRect: { width: number; height: number };
  /** The rows to show: already filtered and sorted. */
  rows: readonly Row[];
  columns: ReadonlyMap<string, GridColumn<Row>>;
  getRowId: (row: Row) => string;
  rowActions?: RowActions<Row>;
  onRowDoubleClick?: (row: Row) => void;
  rowStyle?: (row: Row) => CSSProperties | undefined;
  loading: boolean;
  /** Changes when filters, search or sorting change: the grid scrolls back to its first row. */
  scrollResetKey: string;
}

/** One column as the body renders it: where its cells take their width, and what they hold. */
interface BodyColumn<Row> {
  id: string;
  /** 1-based, among the visible columns, as the header's. */
  colIndex: number;
  style: CSSProperties;
  render: (row: Row) => ReactNode;
}

interface RowLayout<Row> {
  columns: BodyColumn<Row>[];
  paddingLeft: number;
  paddingRight: number;
}

function defaultCell(value: CellValue): ReactNode {
  const text = valueText(value);
  return (
    <span className={classes.cellText} title={text}>
      {text}
    </span>
  );
}

/** A cell's width is its column's size, a CSS variable MRT sets on the table: resizing renders no row. */
function widthStyle(column: MRT_Column<AnyRow>): CSSProperties {
  if (column.id === SPACER_ID) return { flex: '1 0 auto', width: 0, minWidth: 0, padding: 0 };
  const size = `calc(var(--col-${parseCSSVarId(column.id)}-size) * 1px)`;
  return { width: size, minWidth: `max(${size}, ${column.columnDef.minSize ?? DEFAULT_MIN_WIDTH}px)` };
}

function bodyColumn<Row>(column: MRT_Column<AnyRow>, index: number, props: GridBodyProps<Row>): BodyColumn<Row> {
  const { id } = column;
  const gridColumn = props.columns.get(id);
  const render =
    id === ACTIONS_ID && props.rowActions
      ? props.rowActions.render
      : gridColumn
        ? (row: Row) => (gridColumn.cell ? gridColumn.cell(row) : defaultCell(gridColumn.value(row)))
        : () => null;
  return { id, colIndex: index + 1, style: widthStyle(column), render };
}

const Cell = memo(function Cell<Row>({ row, column }: { row: Row; column: BodyColumn<Row> }) {
  return (
    <td
      role="cell"
      aria-colindex={column.colIndex}
      className={column.id === ACTIONS_ID ? `${classes.bodyCell} ${classes.actionsCell}` : classes.bodyCell}
      style={column.style}
    >
      {column.render(row)}
    </td>
  );
}) as <Row>(props: { row: Row; column: BodyColumn<Row> }) => ReactNode;

interface BodyRowProps<Row> {
  row: Row;
  index: number;
  start: number;
  layout: RowLayout<Row>;
  onRowDoubleClick?: (row: Row) => void;
  rowStyle?: (row: Row) => CSSProperties | undefined;
}

/** Memoized: scrolling renders only the rows that come into view; a sideways scroll, only new cells. */
const BodyRow = memo(function BodyRow<Row>(props: BodyRowProps<Row>) {
  const { row, layout, onRowDoubleClick } = props;
  return (
    <tr
      role="row"
      aria-rowindex={props.index + 2}
      className={onRowDoubleClick ? `${classes.bodyRow} ${classes.clickableRow}` : classes.bodyRow}
      style={{ transform: `translateY(${props.start}px)`, ...props.rowStyle?.(row) }}
      onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(row) : undefined}
    >
      {layout.paddingLeft ? <td aria-hidden className={classes.virtualPadding} style={{ width: layout.paddingLeft }} /> : null}
      {layout.columns.map((column) => (
        <Cell key={column.id} row={row} column={column} />
      ))}
      {layout.paddingRight ? <td aria-hidden className={classes.virtualPadding} style={{ width: layout.paddingRight }} /> : null}
    </tr>
  );
}) as <Row>(props: BodyRowProps<Row>) => ReactNode;

function EmptyRow({ loading, colSpan }: { loading: boolean; colSpan: number }) {
  return (
    <tr className={classes.emptyRow}>
      <td colSpan={colSpan} className={classes.emptyCell}>
        {loading ? (
          <div className={classes.empty} role="status">
            <Loader size="sm" aria-hidden />
            <Text>Loading...</Text>
          </div>
        ) : (
          <div className={classes.empty}>
            <Text>No Data</Text>
          </div>
        )}
      </td>
    </tr>
  );
}

/**
 * The virtualizer's rows in view; when it has none although there are rows, the first rows that fit.
 * In CI the virtualizer was once left with no rows in view under a grid of 280 px that held 3 rows
 * (its measure of the container never came); an empty grid that says "3 rows" is worse than rows
 * placed by their index, and the next scroll or resize hands the rows back to the virtualizer.
 */
function itemsInView(items: { index: number; start: number }[], count: number, container: HTMLElement | null): { index: number; start: number }[] {
  if (items.length > 0 || count === 0) return items;
  const fit = Math.ceil((container?.clientHeight ?? 0) / ROW_HEIGHT) + ROW_OVERSCAN;
  return Array.from({ length: Math.min(count, fit) }, (_, index) => ({ index, start: index * ROW_HEIGHT }));
}

/**
 * The grid's rows, inside MRT's table body: plain rows and cells, virtualized here (rows) and by MRT's
 * column virtualizer (columns, with the header). MRT's own rows wrap every cell in several Mantine
 * components; a filter that brings 250 new cells into view rendered them all (issue 5: a filter within
 * 100 ms). Rows are positioned without `will-change`, so they share one compositing layer.
 */
export function GridBody<Row>(props: GridBodyProps<Row>) {
  const { table, rows, getRowId, onRowDoubleClick, rowStyle, scrollResetKey } = props;

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => table.refs.tableContainerRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: ROW_OVERSCAN,
    initialRect: props.initialRect,
  });

  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // The offset the virtualizer last saw, not the element's scrollTop: reading either from the DOM, as
    // scrollToOffset does, forces a layout of the new rows, and a grid already at its top has nothing to reset.
    if ((rowVirtualizer.scrollOffset ?? 0) > 0) rowVirtualizer.scrollToOffset(0);
  }, [scrollResetKey]);

  // MRT's columns, typed by TanStack's table as its plain columns.
  const visible = table.getVisibleLeafColumns() as MRT_Column<AnyRow>[];
  const columnVirtualizer = props.columnVirtualizer.current;
  const inView = columnVirtualizer
    ? columnVirtualizer.virtualColumns.map((item) => [visible[item.index]!, item.index] as const)
    : visible.map((column, index) => [column, index] as const);
  const paddingLeft = columnVirtualizer?.virtualPaddingLeft ?? 0;
  const paddingRight = columnVirtualizer?.virtualPaddingRight ?? 0;
  // The same layout object for as long as the same columns are in view, so that rows stay memoized.
  const layoutKey = `${inView.map(([column, index]) => `${column.id}@${index}`).join(' ')}|${paddingLeft}|${paddingRight}`;
  const layout = useMemo<RowLayout<Row>>(
    () => ({ columns: inView.map(([column, index]) => bodyColumn(column, index, props)), paddingLeft, paddingRight }),
    [layoutKey, props.columns, props.rowActions],
  );

  if (!rows.length) return <EmptyRow loading={props.loading} colSpan={visible.length} />;
  return (
    <>
      {itemsInView(rowVirtualizer.getVirtualItems(), rows.length, table.refs.tableContainerRef.current).map((item) => {
        const row = rows[item.index]!;
        return (
          <BodyRow key={getRowId(row)} row={row} index={item.index} start={item.start} layout={layout} onRowDoubleClick={onRowDoubleClick} rowStyle={rowStyle} />
        );
      })}
    </>
  );
}
