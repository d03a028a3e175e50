import { memo, useCallback, useState, type Dispatch, type DragEvent, type SetStateAction } from 'react';
import { ActionIcon, Box, Button, Checkbox, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { FilterControl } from './FilterControls.tsx';
import type { FilterState, FilterValue, GridColumn, SetOption } from './types.ts';
import classes from './DataGrid.module.css';

export interface FilterPanelProps<Row> {
  opened: boolean;
  onClose: () => void;
  /** In the grid's current order. */
  columns: GridColumn<Row>[];
  hidden: ReadonlySet<string>;
  filters: FilterState;
  optionsOf: (column: GridColumn<Row>) => SetOption[];
  onFilterChange: (columnId: string, next: FilterValue | undefined) => void;
  onVisibleChange: (columnId: string, visible: boolean) => void;
  /** Moves a column to another place in the order. */
  onMove: (columnId: string, toIndex: number) => void;
  onClearFilters: () => void;
  onResetView: () => void;
}

const DRAG_TYPE = 'application/x-grid-column';

function FilterPanelView<Row>(props: FilterPanelProps<Row>) {
  const { opened, onClose, columns, hidden, filters, optionsOf, onFilterChange, onVisibleChange, onMove } = props;
  const [dragOver, setDragOver] = useState<string | null>(null);

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Filters" closeButtonProps={{ 'aria-label': 'Close filters' }}>
      <Stack gap="sm">
        <Group gap="xs">
          <Button variant="default" onClick={props.onClearFilters}>
            Clear filters
          </Button>
          <Button variant="default" onClick={props.onResetView}>
            Reset view
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Tick a column to show it; drag a card or use the arrows to change the column order.
        </Text>
        {columns.map((column, index) => (
          <ColumnCard
            key={column.id}
            column={column}
            index={index}
            last={index === columns.length - 1}
            shown={!hidden.has(column.id)}
            filter={filters[column.id]}
            options={column.filter === 'SET' ? optionsOf(column) : NO_OPTIONS}
            dropTarget={dragOver === column.id}
            setDragOver={setDragOver}
            onFilterChange={onFilterChange}
            onVisibleChange={onVisibleChange}
            onMove={onMove}
          />
        ))}
      </Stack>
    </Drawer>
  );
}

/**
 * The filter panel (part 1 §2): per column a show/hide checkbox and its filter; columns are reordered
 * by dragging a card or, from the keyboard, with the move buttons. Changes apply at once and stay
 * unsaved until Save View. Memoized, as each card is: a filter change renders only its own card, and
 * the rows it filters render nothing of the panel.
 */
export const FilterPanel = memo(FilterPanelView) as typeof FilterPanelView;

const NO_OPTIONS: SetOption[] = [];

interface ColumnCardProps<Row> {
  column: GridColumn<Row>;
  index: number;
  last: boolean;
  shown: boolean;
  filter: FilterValue | undefined;
  options: SetOption[];
  dropTarget: boolean;
  setDragOver: Dispatch<SetStateAction<string | null>>;
  onFilterChange: FilterPanelProps<Row>['onFilterChange'];
  onVisibleChange: FilterPanelProps<Row>['onVisibleChange'];
  onMove: FilterPanelProps<Row>['onMove'];
}

function ColumnCardView<Row>(props: ColumnCardProps<Row>) {
  const { column, index, setDragOver, onFilterChange, onMove } = props;
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    if (id) onMove(id, index);
  };
  const onChange = useCallback((next: FilterValue | undefined) => onFilterChange(column.id, next), [onFilterChange, column.id]);

  return (
    <Paper
      p="sm"
      className={classes.panelCard}
      data-drop-target={props.dropTarget || undefined}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDragOver(column.id);
      }}
      onDragLeave={() => setDragOver((current) => (current === column.id ? null : current))}
      onDrop={onDrop}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={4} wrap="nowrap" miw={0}>
          <Box
            component="span"
            className={classes.grip}
            draggable
            aria-hidden
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, column.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragOver(null)}
          >
            <IconGripVertical size={18} />
          </Box>
          <Checkbox
            label={column.header}
            checked={props.shown}
            disabled={column.hideable === false}
            onChange={(event) => props.onVisibleChange(column.id, event.currentTarget.checked)}
          />
        </Group>
        <Group gap={0} wrap="nowrap">
          <ActionIcon aria-label={`Move ${column.header} left`} disabled={index === 0} onClick={() => onMove(column.id, index - 1)}>
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon aria-label={`Move ${column.header} right`} disabled={props.last} onClick={() => onMove(column.id, index + 1)}>
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {column.filter ? (
        <Box mt="xs">
          <FilterControl column={column} filter={props.filter} options={props.options} onChange={onChange} />
        </Box>
      ) : null}
    </Paper>
  );
}

const ColumnCard = memo(ColumnCardView) as typeof ColumnCardView;
