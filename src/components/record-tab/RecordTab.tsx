import { useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FeedName } from '../../../core/schema/feeds.ts';
import { rowKey } from '../../db/row-key.ts';
import { PendingMark } from '../PendingMark.tsx';
import type { MirrorQuery } from '../../sync/use-mirror-query.ts';
import { DataGrid, type GridColumn } from '../data-grid/index.ts';
import { MirrorQueryState } from '../MirrorQueryState.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';

export interface RecordTabProps<Row> {
  /** The rows' feed: a row with a change waiting for the server is marked. */
  feed: FeedName;
  /** Names the grid for assistive technology, e.g. 'Washes'. */
  label: string;
  rows: MirrorQuery<Row[]>;
  columns: GridColumn<Row>[];
  getRowId(row: Row): string;
  /**
   * The 'Show Completed ...' switch (part 1 §2), off by default: completed rows stay hidden until it is
   * on, and so do `columns` (ids of columns only completed rows fill, e.g. an LTI's 'Completed On').
   */
  completed?: { label: string; isCompleted(row: Row): boolean; columns?: readonly string[] };
  /** Read-only users see no add or edit control (part 1 §6). */
  readOnly: boolean;
  /**
   * A second switch, e.g. 'Show Details' (part 1 §2 Required): the columns it names stay hidden until it
   * is on.
   */
  details?: { label: string; columns: readonly string[] };
  /** The add button's label, e.g. 'Schedule Wash', and its dialog; `disabledReason` disables it and says why. */
  add?: { label: string; dialog(close: () => void): ReactNode; disabledReason?: string | null };
  /** A delete button per row, after a confirmation that names the row (part 1 §2: Delete with confirmation). */
  remove?: { label(row: Row): string; title: string; message(row: Row): string; onConfirm(row: Row): Promise<unknown> };
  /** The edit dialog of a row; its button names the row with `editLabel`. */
  edit?: { label(row: Row): string; dialog(row: Row, close: () => void): ReactNode };
}

const EDIT_WIDTH = 88;

type OpenDialog<Row> = { kind: 'add' } | { kind: 'edit' | 'remove'; row: Row };

/**
 * A standard vehicle tab: one feed's rows of the vehicle in a grid, a 'Show Completed ...' switch, an
 * add button and an edit button per row whose dialogs the tab describes, controls hidden for read-only
 * users, and the mirror's loading and error states. A tab becomes its columns and fields.
 */
export function RecordTab<Row>({ feed, label, rows, columns, getRowId, completed, details, readOnly, add, edit, remove }: RecordTabProps<Row>) {
  const [showCompleted, setShowCompleted] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  // Which dialog is open, not its element: the dialog is drawn from this render's props, so a picker
  // opened while its options still load from the mirror shows them once they arrive.
  const [open, setOpen] = useState<OpenDialog<Row> | null>(null);
  const close = () => setOpen(null);

  const data = rows.state === 'ready' ? rows.data : undefined;
  const shown = useMemo(() => (data && completed && !showCompleted ? data.filter((row) => !completed.isCompleted(row)) : data), [data, completed, showCompleted]);
  const shownColumns = useMemo(() => {
    const hidden = new Set([...(showCompleted ? [] : (completed?.columns ?? [])), ...(showDetails ? [] : (details?.columns ?? []))]);
    return columns.filter((column) => !hidden.has(column.id));
  }, [columns, completed, details, showCompleted, showDetails]);

  if (rows.state !== 'ready') return <MirrorQueryState query={rows} />;

  const toolbar = (
    <Group gap="md">
      {add && !readOnly ? (
        <Tooltip label={add.disabledReason} disabled={!add.disabledReason}>
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={Boolean(add.disabledReason)}
            onClick={() => setOpen({ kind: 'add' })}
            {...(add.disabledReason ? { 'aria-description': add.disabledReason } : {})}
          >
            {add.label}
          </Button>
        </Tooltip>
      ) : null}
      {details ? <Switch label={details.label} checked={showDetails} onChange={(event) => setShowDetails(event.currentTarget.checked)} /> : null}
      {completed ? <Switch label={completed.label} checked={showCompleted} onChange={(event) => setShowCompleted(event.currentTarget.checked)} /> : null}
    </Group>
  );

  return (
    <Stack gap="sm">
      <DataGrid
        aria-label={label}
        columns={shownColumns}
        rows={shown}
        getRowId={getRowId}
        toolbar={toolbar}
        {...(edit && !readOnly
          ? {
              rowActions: {
                header: remove ? 'Actions' : 'Edit',
                width: remove ? EDIT_WIDTH + 36 : EDIT_WIDTH,
                render: (row: Row) => (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={edit.label(row)}>
                      <ActionIcon variant="subtle" aria-label={edit.label(row)} onClick={() => setOpen({ kind: 'edit', row })}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {remove ? (
                      <Tooltip label={remove.label(row)}>
                        <ActionIcon variant="subtle" color="red" aria-label={remove.label(row)} onClick={() => setOpen({ kind: 'remove', row })}>
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    <PendingMark rowKey={rowKey(feed, getRowId(row))} />
                  </Group>
                ),
              },
            }
          : {})}
      />
      {open?.kind === 'add' && add ? add.dialog(close) : null}
      {open?.kind === 'edit' && edit ? edit.dialog(open.row, close) : null}
      {open?.kind === 'remove' && remove ? (
        <ConfirmDelete title={remove.title} message={remove.message(open.row)} onConfirm={() => remove.onConfirm(open.row)} onClose={close} />
      ) : null}
    </Stack>
  );
}
