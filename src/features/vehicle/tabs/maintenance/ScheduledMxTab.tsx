import { useCallback, useMemo } from 'react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../../../core/schema/common.ts';
import { MX_TYPE_MAX, mxTypeSchema, type ScheduledMx } from '../../../../../core/schema/maintenance.ts';
import { useSession } from '../../../../auth/session-context.ts';
import type { GridColumn } from '../../../../components/data-grid/index.ts';
import { completionError, completionOnChange } from '../../../../components/record-tab/completion-form.ts';
import type { FieldErrors, RecordField } from '../../../../components/record-tab/fields.ts';
import { RecordDialog } from '../../../../components/record-tab/RecordDialog.tsx';
import { RecordTab } from '../../../../components/record-tab/RecordTab.tsx';
import { scheduleMx, updateScheduledMx } from '../../../../data/maintenance/mutators.ts';
import { maintenanceOfVehicle } from '../../../../data/maintenance/queries.ts';
import { formatDate } from '../../../../shared/fleet-format.ts';
import { useOrgTimeZone } from '../../../../shared/org-time-zone.ts';
import { useMutate } from '../../../../sync/react.tsx';
import { useMirrorQuery } from '../../../../sync/use-mirror-query.ts';
import { COMPLETED_COLUMNS, scheduledColumns } from './maintenance-columns.tsx';
import { SCHEDULED_DATE_REQUIRED } from './visit-form.ts';

type MxForm = { mxType: string; mxDate: string | null; completed: boolean; completionDate: string | null };

/** Part 1 §2 Scheduled: Type, Last Modified (hidden), Scheduled For, Days Away, Completed On. */
const columnsIn = (zone: string): GridColumn<ScheduledMx>[] => [
  { id: 'mxType', header: 'Type', value: (m) => m.mxType, filter: 'TEXT' },
  ...scheduledColumns<ScheduledMx>(true, zone),
];

const SCHEDULE_FIELDS: RecordField<MxForm>[] = [
  { name: 'mxDate', label: 'Scheduled For', kind: 'date', required: true },
  { name: 'mxType', label: 'Type', kind: 'text', required: true, maxLength: MX_TYPE_MAX },
];
const EDIT_FIELDS: RecordField<MxForm>[] = [
  ...SCHEDULE_FIELDS,
  { name: 'completed', label: 'Completed', kind: 'checkbox' },
  { name: 'completionDate', label: 'Completed On', kind: 'date', notAfterToday: true },
];

/** Part 1 §5: date and type required, the type of letters, digits, space , . - and at most 30; a completed one needs its date, not after today. */
function validate(form: MxForm, zone: string): FieldErrors<MxForm> {
  const type = mxTypeSchema.safeParse(form.mxType);
  return {
    mxDate: form.mxDate ? undefined : SCHEDULED_DATE_REQUIRED,
    mxType: type.success ? undefined : type.error.issues[0]?.message,
    completionDate: completionError(form, zone),
  };
}

/** The vehicle's scheduled maintenance: schedule, edit and complete it (part 1 §2, §4, §5, §7 "Maintenance"). */
export function ScheduledMxTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  const rows = useMirrorQuery((db) => maintenanceOfVehicle(db, 'scheduledMx', vehicleId), [vehicleId]);
  const mutate = useMutate();
  const { user } = useSession();
  const zone = useOrgTimeZone();
  const columns = useMemo(() => columnsIn(zone), [zone]);
  const completed = useMemo(() => ({ label: 'Show Completed Scheduled Mx', isCompleted: (m: ScheduledMx) => m.completed, columns: COMPLETED_COLUMNS }), []);

  const schedule = useCallback(
    (close: () => void) => (
      <RecordDialog<MxForm>
        title="Schedule Mx"
        submitLabel="Schedule"
        mode="create"
        fields={SCHEDULE_FIELDS}
        initial={{ mxType: '', mxDate: null, completed: false, completionDate: null }}
        validate={validate}
        onClose={close}
        onSubmit={async ({ mxDate, mxType }) => {
          await mutate(scheduleMx, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields: { mxDate: mxDate!, mxType: mxType! } });
        }}
      />
    ),
    [mutate, user.userId, vehicleId],
  );

  const edit = useCallback(
    (mx: ScheduledMx, close: () => void) => (
      <RecordDialog<MxForm>
        title="Edit Scheduled Mx"
        submitLabel="Update"
        mode="edit"
        fields={EDIT_FIELDS}
        initial={{ mxType: mx.mxType, mxDate: mx.mxDate, completed: mx.completed, completionDate: mx.completionDate }}
        validate={validate}
        onChange={completionOnChange}
        onClose={close}
        onSubmit={async ({ mxDate, ...changes }) => {
          await mutate(updateScheduledMx, { parentId: vehicleId, id: mx.mxId, userId: user.userId, changes: { ...changes, ...(mxDate ? { mxDate } : {}) } });
        }}
      />
    ),
    [mutate, user.userId, vehicleId],
  );

  return (
    <RecordTab
      feed="scheduledMx"
      label="Scheduled maintenance"
      rows={rows}
      columns={columns}
      getRowId={(m) => m.mxId}
      completed={completed}
      readOnly={readOnly}
      add={{ label: 'Schedule Mx', dialog: schedule }}
      edit={{ label: (m) => `Edit ${m.mxType} of ${formatDate(m.mxDate)}`, dialog: edit }}
    />
  );
}
