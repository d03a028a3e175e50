import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { Workflow } from '../../../core/schema/workflow.ts';
import { useSession } from '../../auth/session-context.ts';
import { DataGrid, type FilterState, type GridColumn } from '../../components/data-grid/index.ts';
import { PendingMark } from '../../components/PendingMark.tsx';
import { ConfirmDelete } from '../../components/record-tab/ConfirmDelete.tsx';
import { deactivateWorkflow, restoreWorkflow } from '../../data/workflows/mutators.ts';
import { useWorkflows } from '../../data/workflows/queries.ts';
import { dateColumn } from '../../shared/date-column.ts';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';
import { useSyncFact } from '../../sync/react.tsx';
import { notifications } from '@mantine/notifications';
import { workflowRowAction } from './editor-model.ts';
import { workflowEditorPath } from './paths.ts';

/** Part 2 §2.1: the active workflows only until 'Show Inactive' is on; by name. */
const DEFAULT_FILTERS: FilterState = { active: { kind: 'TOGGLE', on: false } };
const DEFAULT_SORT = [{ id: 'title', desc: false }];
const VIEW_SETTINGS = { filter: 'inspectionWorkflowsFilter', columns: 'inspectionWorkflowsColumnsState' } as const;
const rowId = (w: Workflow) => String(w.workflowId);

const COLUMNS: GridColumn<Workflow>[] = [
  {
    id: 'title',
    header: 'Name',
    value: (w) => w.title,
    cell: (w) => (
      <Group gap={6} wrap="nowrap">
        <span>{w.title}</span>
        <PendingMark rowKey={`workflows:${w.workflowId}`} />
      </Group>
    ),
    filter: 'TEXT',
    width: 250,
  },
  dateColumn('lastModificationDate', 'Last Modified', (w) => w.lastModificationDate, { withTime: true, width: 170 }),
  { id: 'lastModifierName', header: 'Last Modified By', value: (w) => w.lastModifierName ?? '', filter: 'TEXT', width: 180 },
  { id: 'active', header: 'Is Active', value: (w) => w.active, filter: 'TOGGLE', toggleLabel: 'Show Inactive', width: 110 },
];

/**
 * Inspection Workflows (/InspectionWorkflow, part 2 §2.1): every workflow from the mirror in the shared
 * grid (Save View, filters, Show Inactive); edit, delete (set inactive, after its confirmation) and
 * restore. An active AF-1800 Full workflow offers only edit; any inactive one offers Restore (workflowRowAction).
 */
export function WorkflowListScreen() {
  const navigate = useNavigate();
  const mirrored = useWorkflows();
  // Every organization has its AF-1800 Full workflows: an empty list before the first sync is 'Loading...', not 'No Data'.
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  const workflows = mirrored === undefined || (!bootstrapped && mirrored.length === 0) ? undefined : mirrored;
  const { userId } = useSession().user;
  const change = useChangeWithVerdict();
  const [confirming, setConfirming] = useState<Workflow | null>(null);

  const setActive = (workflow: Workflow, active: boolean) =>
    change(active ? restoreWorkflow : deactivateWorkflow, { workflowId: workflow.workflowId, userId, at: new Date().toISOString() });

  const rowActions = useMemo(
    () => ({
      width: 96,
      render: (w: Workflow) => {
        const action = workflowRowAction(w);
        return (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${w.title}`} onClick={() => void navigate(workflowEditorPath(w.workflowId))}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {action === null ? null : action === 'delete' ? (
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${w.title}`} onClick={() => setConfirming(w)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label="Restore">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Restore ${w.title}`}
                  onClick={() => void setActive(w, true).catch((e: Error) => notifications.show({ color: 'red', message: e.message }))}
                >
                  <IconRestore size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setActive reads only stable hooks' values
    [navigate, userId, change],
  );

  return (
    <Stack gap="md">
      <Title order={1}>Inspection Workflows</Title>
      <DataGrid<Workflow>
        aria-label="Inspection Workflows"
        columns={COLUMNS}
        rows={workflows}
        getRowId={rowId}
        viewSettings={VIEW_SETTINGS}
        defaultFilters={DEFAULT_FILTERS}
        defaultSort={DEFAULT_SORT}
        rowActions={rowActions}
        onRowDoubleClick={(w) => void navigate(workflowEditorPath(w.workflowId))}
      />
      {confirming ? (
        <ConfirmDelete
          title="Confirm Setting Workflow Inactive"
          message={`Are you sure you want to set workflow "${confirming.title}" be inactive?`}
          onConfirm={() => setActive(confirming, false)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Stack>
  );
}
