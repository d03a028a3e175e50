import { useCallback, useMemo } from 'react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../../core/schema/common.ts';
import { WASH_DATE_REQUIRED, type Wash } from '../../../../core/schema/wash.ts';
import { useSession } from '../../../auth/session-context.ts';
import type { GridColumn } from '../../../components/data-grid/index.ts';
import { completionError, completionOnChange } from '../../../components/record-tab/completion-form.ts';
import { RecordDialog } from '../../../components/record-tab/RecordDialog.tsx';
import type { FieldErrors, RecordField } from '../../../components/record-tab/fields.ts';
import { RecordTab } from '../../../components/record-tab/RecordTab.tsx';
import { scheduleWash, updateWash } from '../../../data/washes/mutators.ts';
import { washesOfVehicle } from '../../../data/washes/queries.ts';
import { formatDateTime } from '../../../shared/fleet-format.ts';
import { dateColumn } from '../../../shared/date-column.ts';
import { useMutate } from '../../../sync/react.tsx';
import { useMirrorQuery } from '../../../sync/use-mirror-query.ts';

type WashForm = Pick<Wash, 'completed' | 'completionDate'> & { washDate: string | null };

/**
 * Part 1 §2 Washes: Completed On (hidden until 'Show Completed Washes': only completed washes fill it,
 * issue 52), Scheduled For, Last Updated, Scheduled By, Updated By.
 */
const COLUMNS: GridColumn<Wash>[] = [
  dateColumn<Wash>('completionDate', 'Completed On', (w) => w.completionDate, { withTime: true }),
  dateColumn<Wash>('washDate', 'Scheduled For', (w) => w.washDate, { withTime: true }),
  dateColumn<Wash>('lastModificationDate', 'Last Updated', (w) => w.lastModificationDate, { withTime: true }),
  { id: 'creatorName', header: 'Scheduled By', value: (w) => w.creatorName, filter: 'TEXT' },
  { id: 'lastModifierName', header: 'Updated By', value: (w) => w.lastModifierName, filter: 'TEXT' },
];

const SCHEDULE_FIELDS: RecordField<WashForm>[] = [{ name: 'washDate', label: 'Wash Date', kind: 'dateTime', required: true }];
const EDIT_FIELDS: RecordField<WashForm>[] = [
  ...SCHEDULE_FIELDS,
  { name: 'completed', label: 'Completed', kind: 'checkbox' },
  { name: 'completionDate', label: 'Completed On', kind: 'dateTime', notAfterToday: true },
];

/** Part 1 §5: a wash date with its time is required; a completed wash needs its date, not after today. */
function validate(form: WashForm, zone: string): FieldErrors<WashForm> {
  return { washDate: form.washDate ? undefined : WASH_DATE_REQUIRED, completionDate: completionError(form, zone) };
}

/** The vehicle's washes: schedule, edit and complete them (part 1 §2, §4, §5, §7 "Washes"). */
export function WashesTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  const rows = useMirrorQuery((db) => washesOfVehicle(db, vehicleId), [vehicleId]);
  const mutate = useMutate();
  const { user } = useSession();
  const completed = useMemo(() => ({ label: 'Show Completed Washes', isCompleted: (w: Wash) => w.completed, columns: ['completionDate'] }), []);

  const schedule = useCallback(
    (close: () => void) => (
      <RecordDialog<WashForm>
        title="Schedule Wash"
        submitLabel="Schedule"
        mode="create"
        fields={SCHEDULE_FIELDS}
        initial={{ washDate: null, completed: false, completionDate: null }}
        validate={validate}
        onClose={close}
        onSubmit={async ({ washDate }) => {
          await mutate(scheduleWash, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields: { washDate: washDate! } });
        }}
      />
    ),
    [mutate, user.userId, vehicleId],
  );

  const edit = useCallback(
    (wash: Wash, close: () => void) => (
      <RecordDialog<WashForm>
        title="Edit Wash"
        submitLabel="Update"
        mode="edit"
        fields={EDIT_FIELDS}
        initial={{ washDate: wash.washDate, completed: wash.completed, completionDate: wash.completionDate }}
        validate={validate}
        onChange={completionOnChange}
        onClose={close}
        onSubmit={async ({ washDate, ...completion }) => {
          const changes = { ...completion, ...(washDate ? { washDate } : {}) };
          await mutate(updateWash, { parentId: vehicleId, id: wash.washId, userId: user.userId, changes });
        }}
      />
    ),
    [mutate, user.userId, vehicleId],
  );

  return (
    <RecordTab
      feed="washes"
      label="Washes"
      rows={rows}
      columns={COLUMNS}
      getRowId={(w) => w.washId}
      completed={completed}
      readOnly={readOnly}
      add={{ label: 'Schedule Wash', dialog: schedule }}
      edit={{ label: (w) => `Edit wash of ${formatDateTime(w.washDate)}`, dialog: edit }}
    />
  );
}
