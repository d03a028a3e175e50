import { useCallback, useMemo } from 'react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../../../core/schema/common.ts';
import type { z } from 'zod';
import type { Lti, Pmi, updateInspectionVisitBodySchema } from '../../../../../core/schema/maintenance.ts';
import type { Mutator } from '../../../../sync/mutator.ts';
import { useSession } from '../../../../auth/session-context.ts';
import type { GridColumn } from '../../../../components/data-grid/index.ts';
import { completionOnChange } from '../../../../components/record-tab/completion-form.ts';
import { RecordDialog } from '../../../../components/record-tab/RecordDialog.tsx';
import { RecordTab } from '../../../../components/record-tab/RecordTab.tsx';
import { scheduleLti, schedulePmi, updateLti, updatePmi } from '../../../../data/maintenance/mutators.ts';
import { maintenanceOfVehicle } from '../../../../data/maintenance/queries.ts';
import { formatDate } from '../../../../shared/fleet-format.ts';
import { useOrgTimeZone } from '../../../../shared/org-time-zone.ts';
import { useMutate } from '../../../../sync/react.tsx';
import { useMirrorQuery } from '../../../../sync/use-mirror-query.ts';
import { COMPLETED_COLUMNS, scheduledColumns } from './maintenance-columns.tsx';
import { validateVisit, VISIT_EDIT_FIELDS, VISIT_SCHEDULE_FIELDS, type VisitForm } from './visit-form.ts';

type Visit = Lti | Pmi;
type Target = { parentId: string; id: string; userId: string };
// The LTI and PMI mutators take the same arguments (their contracts share the bodies).
type ScheduleVisit = Mutator<Target & { fields: { mxDate: string } }>;
type UpdateVisit = Mutator<Target & { changes: z.input<typeof updateInspectionVisitBodySchema> }>;

/** What differs between the LTI and the PMI tab. */
const KINDS = {
  lti: { label: 'LTI', feed: 'ltis', idOf: (v: Visit) => (v as Lti).ltiId, schedule: scheduleLti as ScheduleVisit, update: updateLti as UpdateVisit },
  pmi: { label: 'PMI', feed: 'pmis', idOf: (v: Visit) => (v as Pmi).pmiId, schedule: schedulePmi as ScheduleVisit, update: updatePmi as UpdateVisit },
} as const;

/** Part 1 §2 LTI and PMI: Last Modified, Scheduled For, Days Away, Completed On (with 'Show Completed ...'). */
const columnsIn = (zone: string): GridColumn<Visit>[] => [
  ...scheduledColumns<Visit>(false, zone),
  { id: 'passed', header: 'Passed', value: (v) => v.passed, filter: 'BOOLEAN', width: 110 },
  { id: 'notes', header: 'Notes', value: (v) => v.notes, filter: 'TEXT', hiddenByDefault: true },
];
const SHOWN_WHEN_COMPLETED = [...COMPLETED_COLUMNS, 'passed'];

/** A vehicle's LTIs or PMIs: schedule, edit, complete with a result and notes (part 1 §2, §4, §5, §7). */
export function InspectionVisitTab({ kind, vehicleId, readOnly }: { kind: keyof typeof KINDS; vehicleId: string; readOnly: boolean }) {
  const { label, feed, idOf, schedule: scheduleVisit, update } = KINDS[kind];
  const rows = useMirrorQuery((db) => maintenanceOfVehicle(db, feed, vehicleId) as Promise<Visit[]>, [feed, vehicleId]);
  const mutate = useMutate();
  const { user } = useSession();
  const zone = useOrgTimeZone();
  const columns = useMemo(() => columnsIn(zone), [zone]);
  const completed = useMemo(() => ({ label: `Show Completed ${label}`, isCompleted: (v: Visit) => v.completed, columns: SHOWN_WHEN_COMPLETED }), [label]);

  const schedule = useCallback(
    (close: () => void) => (
      <RecordDialog<VisitForm>
        title={`Schedule ${label}`}
        submitLabel="Schedule"
        mode="create"
        fields={VISIT_SCHEDULE_FIELDS}
        initial={{ mxDate: null, completed: false, completionDate: null, passed: null, notes: '' }}
        validate={validateVisit}
        onClose={close}
        onSubmit={async ({ mxDate }) => {
          await mutate(scheduleVisit, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields: { mxDate: mxDate! } });
        }}
      />
    ),
    [label, mutate, scheduleVisit, user.userId, vehicleId],
  );

  const edit = useCallback(
    (visit: Visit, close: () => void) => (
      <RecordDialog<VisitForm>
        title={`Edit ${label}`}
        submitLabel="Update"
        mode="edit"
        fields={VISIT_EDIT_FIELDS}
        initial={{ mxDate: visit.mxDate, completed: visit.completed, completionDate: visit.completionDate, passed: visit.passed, notes: visit.notes ?? '' }}
        validate={validateVisit}
        onChange={completionOnChange}
        onClose={close}
        onSubmit={async ({ mxDate, notes, ...changes }) => {
          const fields = { ...changes, ...(mxDate ? { mxDate } : {}), ...(notes !== undefined ? { notes: notes.trim() || null } : {}) };
          await mutate(update, { parentId: vehicleId, id: idOf(visit), userId: user.userId, changes: fields });
        }}
      />
    ),
    [idOf, label, mutate, update, user.userId, vehicleId],
  );

  return (
    <RecordTab
      feed={feed}
      label={`${label}s`}
      rows={rows}
      columns={columns}
      getRowId={idOf}
      completed={completed}
      readOnly={readOnly}
      add={{ label: `Schedule ${label}`, dialog: schedule }}
      edit={{ label: (v) => `Edit ${label} of ${formatDate(v.mxDate)}`, dialog: edit }}
    />
  );
}
