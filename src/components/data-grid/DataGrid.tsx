import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties, type JSX } from 'react';
import { Badge, Box, Button, Text, TextInput } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconDeviceFloppy, IconFilter, IconSearch } from '@tabler/icons-react';
import type { MRT_SortingState } from 'mantine-react-table';
import { MirrorQueryState } from '../MirrorQueryState.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { countActiveFilters, filterRows, searchText, setOptionsOf } from './filters.ts';
import { GridTable } from './GridTable.tsx';
import { sortRows } from './sort-rows.ts';
import { defaultColumnsState, reconcileColumns, reconcileFilters } from './saved-view.ts';
import type { ColumnsState, DataGridProps, FilterState, FilterValue, GridColumn, SavedView, SetOption } from './types.ts';
import { useFillHeight } from './use-fill-height.ts';
import { useFirstLayout } from './use-first-layout.ts';
import { useStoredView, type StoredView } from './use-saved-view.ts';
import classes from './DataGrid.module.css';

const SAVED_MESSAGE_MS = 4000;

/**
 * The data grid every screen uses (part 1 §2, §9; part 2 §9): search, filter panel, Save View,
 * sorting, column order, visibility and widths, 'Loading...', 'No Data', and a load error shown in
 * place of the grid (part 1 §8). Rows are filtered here (filters.ts) and virtualized, so 5,000 rows
 * scroll smoothly. Pass `columns` memoized: a new array rebuilds the table.
 */
export function DataGrid<Row>(props: DataGridProps<Row>): JSX.Element {
  if (props.error) {
    return <MirrorQueryState query={{ state: 'error', message: props.error }} />;
  }
  if (props.viewSettings) return <StoredViewGrid {...props} viewSettings={props.viewSettings} />;
  return <GridView {...props} stored={null} />;
}

function StoredViewGrid<Row>(props: DataGridProps<Row> & { viewSettings: NonNullable<DataGridProps<Row>['viewSettings']> }) {
  const stored = useStoredView(props.viewSettings);
  return <GridView {...props} stored={stored} />;
}

function rowCountText(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'row' : 'rows');
  return shown === total ? `${total} ${noun(total)}` : `${shown} of ${total} ${noun(total)}`;
}

function initialView<Row>(columns: GridColumn<Row>[], stored: StoredView | null, defaultFilters: FilterState | undefined): SavedView {
  return {
    filters: reconcileFilters(columns, stored?.filters ?? defaultFilters ?? {}),
    columns: reconcileColumns(columns, stored?.columns ?? defaultColumnsState(columns)),
  };
}

function initialSort<Row>(columns: GridColumn<Row>[], defaultSort: DataGridProps<Row>['defaultSort']): MRT_SortingState {
  const ids = new Set(columns.map((column) => column.id));
  return (defaultSort ?? []).filter((sort) => ids.has(sort.id));
}

function GridView<Row>(props: DataGridProps<Row> & { stored: StoredView | null }) {
  const { columns, stored, defaultFilters, defaultSort, searchPlaceholder, searchColumns } = props;
  // New rows (a read of the mirror, the first sync's switch to the mirror's rows) are sorted, filtered
  // and shown in a render React may slice and interrupt, not in the task that brought them.
  const rows = useDeferredValue(props.rows);

  // The view (filters, columns) is this component's until Save View; a saved view that arrives or
  // changes (first load of the mirror, another device) replaces it only while nothing is unsaved.
  const [view, setView] = useState<SavedView>(() => initialView(columns, stored, defaultFilters));
  const [dirty, setDirty] = useState(false);
  const appliedKey = useRef(stored?.key);
  useEffect(() => {
    if (!stored || stored.key === appliedKey.current) return;
    appliedKey.current = stored.key;
    // As a transition, like new rows: the columns it brings render the header again, in slices.
    if (!dirty) startTransition(() => setView(initialView(columns, stored, defaultFilters)));
  }, [stored, dirty, columns, defaultFilters]);

  const [sorting, setSorting] = useState<MRT_SortingState>(() => initialSort(columns, defaultSort));
  const [search, setSearch] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveMessage, setSaveMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!saveMessage?.ok) return;
    const timer = setTimeout(() => setSaveMessage(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [saveMessage]);

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const columnsState = useMemo(() => reconcileColumns(columns, view.columns), [columns, view.columns]);
  const hidden = useMemo(() => new Set(columnsState.hidden), [columnsState.hidden]);
  const ordered = useMemo(
    () => columnsState.order.map((id) => byId.get(id)).filter((column): column is GridColumn<Row> => Boolean(column)),
    [columnsState.order, byId],
  );
  const visible = useMemo(() => ordered.filter((column) => !hidden.has(column.id)), [ordered, hidden]);

  const update = useCallback((change: (current: SavedView) => SavedView) => {
    setView(change);
    setDirty(true);
  }, []);
  const updateColumns = useCallback(
    (change: (current: ColumnsState) => ColumnsState) => update((current) => ({ ...current, columns: change(current.columns) })),
    [update],
  );
  const setFilter = useCallback(
    (id: string, next: FilterValue | undefined) =>
      update((current) => {
        const filters = { ...current.filters };
        if (next) filters[id] = next;
        else delete filters[id];
        return { ...current, filters };
      }),
    [update],
  );

  // Filtering runs on deferred values: typing stays responsive while 5,000 rows are filtered.
  const filters = useDeferredValue(view.filters);
  const query = useDeferredValue(search).trim();
  // Sorted first, then filtered: a filter keeps the order, so changing one never sorts again.
  const sortedRows = useMemo(() => (rows ? sortRows(rows, columns, sorting) : undefined), [rows, columns, sorting]);
  const searched = useMemo(() => (searchColumns ? columns.filter((c) => searchColumns.includes(c.id)) : visible), [columns, searchColumns, visible]);
  const haystacks = useMemo(
    () => (query && sortedRows ? sortedRows.map((row) => searchText(row, searched)) : undefined),
    // Built once per rows, sort and searched columns while a search is typed, not again on every key.
    [sortedRows, searched, query !== ''],
  );
  const shownRows = useMemo(
    () => (sortedRows ? filterRows(sortedRows, columns, filters, query, searched, haystacks) : []),
    [sortedRows, columns, filters, query, searched, haystacks],
  );

  const optionsOf = useMemo(() => {
    const cache = new Map<string, SetOption[]>();
    return (column: GridColumn<Row>) => {
      let options = cache.get(column.id);
      if (!options) {
        options = setOptionsOf(column, rows ?? []);
        cache.set(column.id, options);
      }
      return options;
    };
  }, [rows, columns]);
  const { onViewChange } = props;
  useEffect(() => {
    onViewChange?.({ filters: view.filters, columns: columnsState, sorting, search });
  }, [onViewChange, view.filters, columnsState, sorting, search]);

  const activeFilters = countActiveFilters(columns, view.filters, optionsOf);

  const save = async () => {
    if (!stored) return;
    setSaving(true);
    setSaveMessage(null);
    try {
      await stored.save({ filters: reconcileFilters(columns, view.filters), columns: columnsState });
      setDirty(false);
      setSaveMessage({ ok: true, text: 'View saved' });
    } catch (err) {
      setSaveMessage({ ok: false, text: `The view was not saved: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setSaving(false);
    }
  };

  // Stable callbacks: the filter panel and the table are memoized and render only when what they show changes.
  const moveColumn = useCallback(
    (id: string, toIndex: number) =>
      updateColumns((current) => {
        const order = current.order.filter((other) => other !== id);
        order.splice(Math.max(0, Math.min(order.length, toIndex)), 0, id);
        return { ...current, order };
      }),
    [updateColumns],
  );
  const setVisible = useCallback(
    (id: string, isVisible: boolean) =>
      updateColumns((current) => ({
        ...current,
        hidden: isVisible ? current.hidden.filter((other) => other !== id) : [...current.hidden, id],
      })),
    [updateColumns],
  );
  const clearFilters = useCallback(() => update((current) => ({ ...current, filters: {} })), [update]);
  const resetView = useCallback(() => {
    update(() => ({ filters: reconcileFilters(columns, defaultFilters ?? {}), columns: defaultColumnsState(columns) }));
    setSorting(initialSort(columns, defaultSort));
  }, [update, columns, defaultFilters, defaultSort]);
  const closePanel = useCallback(() => setPanelOpen(false), []);

  const rootRef = useRef<HTMLDivElement>(null);
  const { ref: tableBoxRef, width: tableWidth } = useElementSize<HTMLDivElement>();
  const fillHeight = useFillHeight(rootRef, tableBoxRef, props.height === undefined);
  const height = props.height ?? fillHeight;
  const firstWidth = useFirstLayout(tableBoxRef);
  const loading = rows === undefined || (stored !== null && !stored.loaded);

  return (
    <div className={classes.root} ref={rootRef}>
      <div className={classes.toolbar}>
        {searchPlaceholder ? (
          <TextInput
            className={classes.search}
            type="search"
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            leftSection={<IconSearch size={18} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        ) : null}
        <div className={classes.actions}>
          {props.toolbar}
          {stored ? (
            <Button variant="default" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={saving} onClick={() => void save()}>
              Save View
            </Button>
          ) : null}
          <Button
            variant={activeFilters ? 'light' : 'default'}
            leftSection={<IconFilter size={18} aria-hidden />}
            rightSection={
              activeFilters ? (
                <Badge size="sm" circle>
                  {activeFilters}
                </Badge>
              ) : null
            }
            aria-label={activeFilters ? `Filters, ${activeFilters} active` : 'Filters'}
            aria-expanded={panelOpen}
            aria-haspopup="dialog"
            onClick={() => setPanelOpen(true)}
          >
            Filters
          </Button>
        </div>
      </div>

      <Box ref={tableBoxRef} className={classes.table} style={{ '--data-grid-width': tableWidth ? `${tableWidth}px` : '100%' } as CSSProperties}>
        {firstWidth === null ? (
          <div style={{ height }} />
        ) : (
          <GridTable
            columns={columns}
            rows={shownRows}
            loading={loading}
            columnsState={columnsState}
            onColumnsChange={updateColumns}
            sorting={sorting}
            onSortingChange={setSorting}
            getRowId={props.getRowId}
            rowActions={props.rowActions}
            onRowDoubleClick={props.onRowDoubleClick}
            rowStyle={props.rowStyle}
            height={height}
            initialWidth={firstWidth}
            scrollResetKey={JSON.stringify([filters, query, sorting])}
            aria-label={props['aria-label']}
          />
        )}
      </Box>

      <div className={classes.footer}>
        <Text size="sm" c="dimmed">
          {loading ? '' : rowCountText(shownRows.length, rows?.length ?? 0)}
        </Text>
        <Text size="sm" role="status" c={saveMessage?.ok === false ? 'red' : 'green.9'} fw={500}>
          {saveMessage?.text}
        </Text>
      </div>

      <FilterPanel
        opened={panelOpen}
        onClose={closePanel}
        columns={ordered}
        hidden={hidden}
        filters={view.filters}
        optionsOf={optionsOf}
        onFilterChange={setFilter}
        onVisibleChange={setVisible}
        onMove={moveColumn}
        onClearFilters={clearFilters}
        onResetView={resetView}
      />
    </div>
  );
}
