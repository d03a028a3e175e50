import { useCallback, useMemo } from 'react';
import { nanoid } from 'nanoid';
import { dayOf } from '../../../../core/rules/org-clock.ts';
import { isPlanned, tdyDatesError } from '../../../../core/rules/tdy.ts';
import { ID_LENGTH } from '../../../../core/schema/common.ts';
import { TDY_DESCRIPTION_MAX, type Tdy } from '../../../../core/schema/tdy.ts';
import { useSession } from '../../../auth/session-context.ts';
import type { GridColumn } from '../../../components/data-grid/index.ts';
import type { FieldErrors, RecordField } from '../../../components/record-tab/fields.ts';
import { RecordDialog } from '../../../components/record-tab/RecordDialog.tsx';
import { RecordTab } from '../../../components/record-tab/RecordTab.tsx';
import { createTdy, updateTdy } from '../../../data/tdys/mutators.ts';
import { tdysOfVehicle } from '../../../data/tdys/queries.ts';
import { formatDate, formatDateTime } from '../../../shared/fleet-format.ts';
import { useOrgTimeZone } from '../../../shared/org-time-zone.ts';
import { useMutate } from '../../../sync/react.tsx';
import { useMirrorQuery } from '../../../sync/use-mirror-query.ts';

type TdyForm = { startDate: string | null; endDate: string | null; description: string; completed: boolean };

export const TDY_START_REQUIRED = 'Start date is required';
export const TDY_DESCRIPTION_REQUIRED = 'Description is required';

const day = (id: 'startDate' | 'endDate', header: string): GridColumn<Tdy> => ({
  id,
  header,
  value: (t) => t[id],
  cell: (t) => formatDate(t[id]),
  filter: 'DATE_TIME',
  width: 140,
});
const when = (id: 'creationDate' | 'lastModificationDate', header: string): GridColumn<Tdy> => ({
  id,
  header,
  value: (t) => t[id],
  cell: (t) => formatDateTime(t[id]),
  filter: 'DATE_TIME',
});

/** Part 1 §2 TDY: Start Date, End Date, Description, Scheduled On, Scheduled By, Updated On, Updated By. */
const COLUMNS: GridColumn<Tdy>[] = [
  day('startDate', 'Start Date'),
  // A completed TDY without an end never ran: it was cancelled before its start (core/rules/tdy.ts).
  { ...day('endDate', 'End Date'), cell: (t) => (t.completed && t.endDate === null ? 'Cancelled' : formatDate(t.endDate)) },
  { id: 'description', header: 'Description', value: (t) => t.description, filter: 'TEXT', width: 260 },
  when('creationDate', 'Scheduled On'),
  { id: 'creatorName', header: 'Scheduled By', value: (t) => t.creatorName, filter: 'TEXT' },
  when('lastModificationDate', 'Updated On'),
  { id: 'lastModifierName', header: 'Updated By', value: (t) => t.lastModifierName, filter: 'TEXT' },
];

const CREATE_FIELDS: RecordField<TdyForm>[] = [
  { name: 'startDate', label: 'Start Date', kind: 'calendarDay', required: true },
  { name: 'endDate', label: 'End Date', kind: 'calendarDay' },
  { name: 'description', label: 'Description', kind: 'textarea', required: true, maxLength: TDY_DESCRIPTION_MAX },
];
const EDIT_FIELDS: RecordField<TdyForm>[] = [...CREATE_FIELDS, { name: 'completed', label: 'Completed', kind: 'checkbox' }];

/** Part 1 §5: start date and description required, end date optional, not before the start; a completed TDY ends by today. */
function validateIn(zone: string) {
  return (form: TdyForm): FieldErrors<TdyForm> => {
    const today = dayOf(new Date(), zone);
    const dates = form.startDate ? tdyDatesError({ startDate: form.startDate, endDate: form.endDate, completed: form.completed }, today) : null;
    return {
      startDate: form.startDate ? undefined : TDY_START_REQUIRED,
      description: form.description.trim() ? undefined : TDY_DESCRIPTION_REQUIRED,
      endDate: dates?.message,
    };
  };
}

/**
 * Part 1 §4: ticking Completed fills the end date with today; unticking clears it. A TDY that starts
 * after today is cancelled instead: no end date (core/rules/tdy.ts).
 */
function completedRuleIn(zone: string) {
  return (form: TdyForm, changed: keyof TdyForm): TdyForm => {
    if (changed !== 'completed') return form;
    const today = dayOf(new Date(), zone);
    const planned = form.startDate !== null && isPlanned({ startDate: form.startDate }, today);
    return { ...form, endDate: form.completed && !planned ? today : null };
  };
}

/** A vehicle's TDYs: send it on TDY, edit and complete one (part 1 §2, §4, §5, §7 "TDY"). */
export function TdyTab({ vehicleId, regNumber, readOnly }: { vehicleId: string; regNumber: string; readOnly: boolean }) {
  const rows = useMirrorQuery((db) => tdysOfVehicle(db, vehicleId), [vehicleId]);
  const mutate = useMutate();
  const { user } = useSession();
  const zone = useOrgTimeZone();
  const validate = useMemo(() => validateIn(zone), [zone]);
  const completedRule = useMemo(() => completedRuleIn(zone), [zone]);
  const completed = useMemo(() => ({ label: 'Show Completed TDY', isCompleted: (t: Tdy) => t.completed }), []);

  const create = useCallback(
    (close: () => void) => (
      <RecordDialog<TdyForm>
        title="Create TDY"
        submitLabel="Create"
        mode="create"
        fields={CREATE_FIELDS}
        initial={{ startDate: null, endDate: null, description: '', completed: false }}
        validate={validate}
        onClose={close}
        onSubmit={async ({ startDate, endDate, description }) => {
          const fields = { regNumber, startDate: startDate!, endDate: endDate ?? null, description: description!.trim() };
          await mutate(createTdy, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields });
        }}
      />
    ),
    [mutate, regNumber, user.userId, validate, vehicleId],
  );

  const edit = useCallback(
    (tdy: Tdy, close: () => void) => (
      <RecordDialog<TdyForm>
        title="Edit TDY"
        submitLabel="Update"
        mode="edit"
        fields={EDIT_FIELDS}
        initial={{ startDate: tdy.startDate, endDate: tdy.endDate, description: tdy.description, completed: tdy.completed }}
        validate={validate}
        onChange={completedRule}
        onClose={close}
        onSubmit={async ({ startDate, description, ...changes }) => {
          // A completion always names its end day, so the device and the server agree on "today".
          const end = changes.completed === true && changes.endDate === undefined ? { endDate: tdy.endDate } : {};
          const fields = { ...changes, ...end, ...(startDate ? { startDate } : {}), ...(description !== undefined ? { description: description.trim() } : {}) };
          await mutate(updateTdy, { parentId: vehicleId, id: tdy.tdyId, userId: user.userId, changes: fields });
        }}
      />
    ),
    [completedRule, mutate, user.userId, validate, vehicleId],
  );

  return (
    <RecordTab
      feed="tdys"
      label="TDYs"
      rows={rows}
      columns={COLUMNS}
      getRowId={(t) => t.tdyId}
      completed={completed}
      readOnly={readOnly}
      add={{ label: 'Create TDY', dialog: create }}
      edit={{ label: (t) => `Edit TDY of ${formatDate(t.startDate)}`, dialog: edit }}
    />
  );
}
