import { useCallback, useMemo } from 'react';
import { useOrgTimeZone } from '../../../../shared/org-time-zone.ts';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { nanoid } from 'nanoid';
import { shownByDefault } from '../../../../../core/rules/discrepancy.ts';
import { ID_LENGTH } from '../../../../../core/schema/common.ts';
import { CORRECTIVE_ACTION_CODES, CORRECTIVE_ACTION_LABELS, type Discrepancy } from '../../../../../core/schema/discrepancy.ts';
import { useSession } from '../../../../auth/session-context.ts';
import type { GridColumn } from '../../../../components/data-grid/index.ts';
import type { ViewerPicture } from '../../../../components/image-viewer/ImageViewer.tsx';
import { PicturesCell } from '../../../../components/image-viewer/PicturesCell.tsx';
import { RecordDialog } from '../../../../components/record-tab/RecordDialog.tsx';
import { RecordTab } from '../../../../components/record-tab/RecordTab.tsx';
import { deleteDiscrepancy, reportDiscrepancy, updateDiscrepancy } from '../../../../data/discrepancies/mutators.ts';
import { amendInspection } from '../../../../data/inspections/amend-inspection.ts';
import { discrepanciesOfVehicle, peopleOf, reportingOf, type RequiredRow } from '../../../../data/discrepancies/queries.ts';
import { discrepancyPictures } from '../../../../data/pictures/picture-mutators.ts';
import { queueChosenFile } from '../../../../files/queue-file.ts';
import { formatDate, formatDateTime, inspectionPath } from '../../../../shared/fleet-format.ts';
import { useMirror, useMutate } from '../../../../sync/react.tsx';
import { useMirrorQuery } from '../../../../sync/use-mirror-query.ts';
import {
  amends,
  editFields,
  editFormOf,
  editOnChange,
  newReport,
  reportFields,
  reportOnChange,
  validateEdit,
  validateReport,
  type EditForm,
  type ReportForm,
} from './discrepancy-forms.ts';

/** Columns hidden until 'Show Details' (part 1 §2 Required). */
const DETAIL_COLUMNS = ['reportDate', 'reportMiles', 'reportHours', 'reporter', 'workOrder', 'validFrom', 'af1800StatusCode', 'mxUserId', 'systemCode', 'numFixed'];

export const NO_WORKFLOW_REASON = "This vehicle's inspection workflow is not one of your available workflows";

const day = (id: 'dateDiscovered' | 'reportDate' | 'validFrom', header: string): GridColumn<RequiredRow> => ({
  id,
  header,
  value: (d) => d[id],
  cell: (d) => formatDate(d[id]),
  filter: 'DATE_TIME',
  width: 150,
});
const count = (id: 'reportMiles' | 'reportHours' | 'numFixed', header: string): GridColumn<RequiredRow> => ({
  id,
  header,
  value: (d) => d[id],
  cell: (d) => d[id]?.toLocaleString('en-US') ?? '',
  filter: 'NUMBER_RANGE',
  width: 140,
});

/** What the Pictures column does with a discrepancy's pictures (the tab's mutations). */
export interface PictureActions {
  readOnly: boolean;
  add(d: Discrepancy, files: readonly File[]): Promise<unknown>;
  caption(d: Discrepancy, picture: ViewerPicture, annotation: string | null): Promise<unknown>;
  remove(d: Discrepancy, picture: ViewerPicture): Promise<unknown>;
}

/** Part 1 §2 Required: every column in the spec's order. */
function columnsOf(people: Map<string, string>, pictures: PictureActions): GridColumn<RequiredRow>[] {
  const person = (id: string | null) => (id === null ? null : (people.get(id) ?? id));
  return [
    { id: 'rule', header: 'Rule', value: (d) => `AF1800-${d.itemNo}`, filter: 'TEXT', width: 130 },
    { id: 'discrepancy', header: 'Discrepancy', value: (d) => d.discrepancy, filter: 'TEXT', width: 260 },
    {
      id: 'pictures',
      header: 'Pictures',
      value: (d) => d.pictures.length,
      cell: (d) => (
        <PicturesCell
          pictures={d.pictures.map((p) => ({ ...p, id: p.mxPictureId }))}
          subject={`AF1800-${d.itemNo}`}
          readOnly={pictures.readOnly}
          onAdd={(files) => pictures.add(d, files)}
          onCaption={(p, annotation) => pictures.caption(d, p, annotation)}
          onDelete={(p) => pictures.remove(d, p)}
        />
      ),
      width: 120,
    },
    day('dateDiscovered', 'Date Discovered'),
    day('reportDate', 'Report Date'),
    count('reportMiles', 'Report Miles'),
    count('reportHours', 'Report Hours'),
    { id: 'reporter', header: 'Reporter', value: (d) => person(d.reporterUserId ?? d.inspectorId), filter: 'TEXT' },
    { id: 'workOrder', header: 'Work Order', value: (d) => d.workOrder, filter: 'TEXT', width: 140 },
    day('validFrom', 'Last Updated'),
    {
      id: 'af1800StatusCode',
      header: 'Status Code',
      value: (d) => d.af1800StatusCode,
      filter: 'SET',
      setOptions: CORRECTIVE_ACTION_CODES.map((code) => ({ value: code, label: `${code} – ${CORRECTIVE_ACTION_LABELS[code]}` })),
      width: 140,
    },
    { id: 'mxUserId', header: 'Mx Employee', value: (d) => person(d.mxUserId), filter: 'TEXT' },
    { id: 'disregard', header: 'Disregard', value: (d) => d.disregard, filter: 'BOOLEAN', width: 130 },
    { id: 'systemCode', header: 'System Code', value: (d) => d.systemCode, filter: 'TEXT', width: 140 },
    count('numFixed', 'Num Fixed'),
    {
      id: 'parentInspectionId',
      header: 'Parent Inspection',
      // The inspection it was found on: its date, a link to its detail (the id when the mirror no longer holds it).
      value: (d) => d.parentInspectionDate ?? d.parentInspectionId,
      cell: (d) =>
        d.parentInspectionId ? (
          <Anchor component={Link} to={inspectionPath(d.regNumber, d.parentInspectionId)} size="sm">
            {d.parentInspectionDate ? formatDateTime(d.parentInspectionDate) : 'View inspection'}
          </Anchor>
        ) : null,
      filter: 'TEXT',
    },
  ];
}

/** The vehicle's AF1800 discrepancies: report, work, disregard and delete them (part 1 §2, §4, §5, §7). */
export function RequiredTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  const rows = useMirrorQuery((db) => discrepanciesOfVehicle(db, vehicleId), [vehicleId]);
  const reporting = useMirrorQuery(
    (db) => reportingOf(db, vehicleId),
    [vehicleId],
    () => false,
  );
  const people = useMirrorQuery(
    (db) => peopleOf(db),
    [],
    () => false,
  );
  const db = useMirror();
  const mutate = useMutate();
  const { user } = useSession();
  const zone = useOrgTimeZone();
  const names = useMemo(() => (people.state === 'ready' ? people.data : new Map<string, string>()), [people]);
  const addPictures = useCallback(
    async (mxId: string, files: readonly File[]) => {
      const queued = [];
      for (const file of files) queued.push(await queueChosenFile(db, file, 'picture'));
      for (const { sha256, filename } of queued) {
        await mutate(discrepancyPictures.add, { parentId: mxId, id: nanoid(ID_LENGTH), userId: user.userId, pathIds: { vehicleId }, fields: { sha256, filename } });
      }
    },
    [db, mutate, user.userId, vehicleId],
  );
  const pictureActions = useMemo<PictureActions>(
    () => ({
      readOnly,
      add: (d, files) => addPictures(d.mxId, files),
      caption: (d, p, annotation) =>
        mutate(discrepancyPictures.caption, { parentId: d.mxId, id: p.id, userId: user.userId, pathIds: { vehicleId }, changes: { annotation } }),
      remove: (d, p) => mutate(discrepancyPictures.remove, { parentId: d.mxId, id: p.id, pathIds: { vehicleId } }),
    }),
    [addPictures, mutate, readOnly, user.userId, vehicleId],
  );
  const columns = useMemo(() => columnsOf(names, pictureActions), [names, pictureActions]);
  const peopleOptions = useMemo(() => [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)), [names]);
  const historic = useMemo(() => ({ label: 'Show Historic Discrepancies', isCompleted: (d: Discrepancy) => !shownByDefault(d, new Date()) }), []);
  const details = useMemo(() => ({ label: 'Show Details', columns: DETAIL_COLUMNS }), []);
  const ready = reporting.state === 'ready' ? reporting.data : null;
  const previousOptions = useMemo(
    () =>
      (ready?.amendable ?? []).map((i) => ({
        value: i.inspectionId,
        label: [formatDateTime(i.inspectionDate), i.shift !== null ? `Shift ${i.shift}` : null, i.inspector].filter(Boolean).join(' · '),
      })),
    [ready],
  );

  const report = useCallback(
    (close: () => void) => (
      <RecordDialog<ReportForm>
        title="Report New Discrepancy"
        submitLabel="Report"
        mode="create"
        fields={reportFields(ready?.rules ?? [], ready?.readings ?? { miles: true, hours: false }, previousOptions)}
        initial={{ ...newReport(new Date(), zone), amendInspectionId: ready?.amendable[0]?.inspectionId ?? null }}
        validate={validateReport}
        onChange={reportOnChange}
        onClose={close}
        onSubmit={async (form) => {
          // The image is checked and queued first: a refused one stops the report before anything is made.
          const image = form.uploadImage && form.image?.[0] ? await queueChosenFile(db, form.image[0], 'picture') : null;
          const fields = {
            itemNo: Number(form.itemNo),
            discrepancy: form.discrepancy!.trim(),
            dateDiscovered: form.dateDiscovered!,
            reportMiles: form.reportMilesOn ? form.reportMiles! : null,
            reportHours: form.reportHoursOn ? form.reportHours! : null,
          };
          const mxId = nanoid(ID_LENGTH);
          if (amends(form as ReportForm) && ready?.workflow) {
            // The discrepancy is the amendment's result: it takes the result's id (docs/inspections.md).
            const { itemNo, discrepancy, reportMiles, reportHours } = fields;
            const { workflowId, version } = ready.workflow;
            const amendment = { vehicleId, inspectionId: form.amendInspectionId!, resultId: mxId, itemNo, discrepancy, reportMiles, reportHours };
            await mutate(amendInspection, { ...amendment, workflowId, version, userId: user.userId });
          } else {
            await mutate(reportDiscrepancy, { parentId: vehicleId, id: mxId, userId: user.userId, fields });
          }
          if (image) {
            const picture = { sha256: image.sha256, filename: image.filename };
            await mutate(discrepancyPictures.add, { parentId: mxId, id: nanoid(ID_LENGTH), userId: user.userId, pathIds: { vehicleId }, fields: picture });
          }
        }}
      />
    ),
    [db, mutate, previousOptions, ready, user.userId, vehicleId, zone],
  );

  const edit = useCallback(
    (d: Discrepancy, close: () => void) => (
      <RecordDialog<EditForm>
        title={`Edit AF1800-${d.itemNo} Discrepancy`}
        submitLabel="Update"
        mode="edit"
        fields={editFields(peopleOptions)}
        twoColumns
        initial={editFormOf(d)}
        validate={validateEdit}
        onChange={editOnChange}
        onClose={close}
        onSubmit={async (changes) => {
          const { numFixed, ...rest } = changes;
          await mutate(updateDiscrepancy, { parentId: vehicleId, id: d.mxId, userId: user.userId, changes: { ...rest, ...(numFixed != null ? { numFixed } : {}) } });
        }}
      />
    ),
    [mutate, peopleOptions, user.userId, vehicleId],
  );

  const name = (d: Discrepancy) => `AF1800-${d.itemNo} of ${formatDate(d.dateDiscovered)}`;
  return (
    <RecordTab
      feed="discrepancies"
      label="Required maintenance"
      rows={rows}
      columns={columns}
      getRowId={(d) => d.mxId}
      completed={historic}
      details={details}
      readOnly={readOnly}
      add={{ label: 'Report New Discrepancy', dialog: report, disabledReason: ready && !ready.allowed ? NO_WORKFLOW_REASON : null }}
      edit={{ label: (d) => `Edit ${name(d)}`, dialog: edit }}
      remove={{
        label: (d) => `Delete ${name(d)}`,
        title: 'Delete Discrepancy',
        message: (d) => `Delete the discrepancy "${d.discrepancy}" (${name(d)})? This cannot be undone.`,
        onConfirm: (d) => mutate(deleteDiscrepancy, { parentId: vehicleId, id: d.mxId }),
      }}
    />
  );
}
