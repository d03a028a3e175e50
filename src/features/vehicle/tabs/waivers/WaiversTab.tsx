import { useCallback } from 'react';
import { ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { nanoid } from 'nanoid';
import { capitalised } from '../../../../../core/rules/waiver.ts';
import { ID_LENGTH } from '../../../../../core/schema/common.ts';
import { useSession } from '../../../../auth/session-context.ts';
import type { GridColumn } from '../../../../components/data-grid/index.ts';
import { PicturesCell } from '../../../../components/image-viewer/PicturesCell.tsx';
import { RecordDialog } from '../../../../components/record-tab/RecordDialog.tsx';
import { RecordTab } from '../../../../components/record-tab/RecordTab.tsx';
import { waiverPictures } from '../../../../data/pictures/picture-mutators.ts';
import { createWaiver, deleteWaiver, updateWaiver } from '../../../../data/waivers/mutators.ts';
import { waiverCardOfVehicle, waiverRulesOf, waiversOfVehicle, type WaiverWithPictures } from '../../../../data/waivers/queries.ts';
import { queueChosenFile } from '../../../../files/queue-file.ts';
import { dateColumn } from '../../../../shared/date-column.ts';
import { useMirror, useMutate } from '../../../../sync/react.tsx';
import { useMirrorQuery } from '../../../../sync/use-mirror-query.ts';
import { WaiverCardSection } from './WaiverCardSection.tsx';
import {
  createWaiverFields,
  EDIT_WAIVER_FIELDS,
  newWaiver,
  validateCreateWaiver,
  validateEditWaiver,
  type CreateWaiverForm,
  type EditWaiverForm,
} from './waiver-forms.ts';

const STATUS_COLORS = { open: 'orange', fixed: 'teal', closed: 'gray' } as const;

/** The vehicle's waivered items and its waiver card (part 1 §2 Waivers, §4, §5, §7 "Waivers"). */
export function WaiversTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  const rows = useMirrorQuery((db) => waiversOfVehicle(db, vehicleId), [vehicleId]);
  const card = useMirrorQuery(
    (db) => waiverCardOfVehicle(db, vehicleId),
    [vehicleId],
    () => false,
  );
  const rules = useMirrorQuery(
    (db) => waiverRulesOf(db, vehicleId),
    [vehicleId],
    () => false,
  );
  const db = useMirror();
  const mutate = useMutate();
  const { user } = useSession();

  const addPictures = useCallback(
    async (waiverId: string, files: readonly File[]) => {
      const queued = [];
      for (const file of files) queued.push(await queueChosenFile(db, file, 'picture'));
      for (const { sha256, filename } of queued) {
        await mutate(waiverPictures.add, { parentId: waiverId, id: nanoid(ID_LENGTH), userId: user.userId, pathIds: { vehicleId }, fields: { sha256, filename } });
      }
    },
    [db, mutate, user.userId, vehicleId],
  );

  const columns: GridColumn<WaiverWithPictures>[] = [
    { id: 'ruleId', header: 'Rule', value: (w) => w.ruleId, filter: 'TEXT', width: 120 },
    { id: 'explanation', header: 'Explanation', value: (w) => w.explanation, filter: 'TEXT', width: 220 },
    { id: 'waiverType', header: 'Type', value: (w) => w.waiverType, cell: (w) => capitalised(w.waiverType), filter: 'SET', width: 100 },
    dateColumn<WaiverWithPictures>('creationDate', 'Creation Date', (w) => w.creationDate, { width: 155 }),
    {
      id: 'status',
      header: 'Status',
      value: (w) => w.status,
      cell: (w) => (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${STATUS_COLORS[w.status]}-6)`} size={10} withShadow={false} aria-hidden />
          <Text size="sm">{capitalised(w.status)}</Text>
        </Group>
      ),
      filter: 'SET',
      width: 110,
    },
    dateColumn<WaiverWithPictures>('closingDate', 'Closing Date', (w) => w.closingDate, { width: 155 }),
    {
      id: 'pictures',
      header: 'Photo(s)',
      value: (w) => w.pictures.length,
      cell: (w) => (
        <PicturesCell
          pictures={w.pictures.map((p) => ({ ...p, id: p.waiverPictureId }))}
          subject={`waiver ${w.ruleId}`}
          readOnly={readOnly}
          onAdd={(files) => addPictures(w.waiverId, files)}
          onCaption={(p, annotation) =>
            mutate(waiverPictures.caption, { parentId: w.waiverId, id: p.id, userId: user.userId, pathIds: { vehicleId }, changes: { annotation } })
          }
          onDelete={(p) => mutate(waiverPictures.remove, { parentId: w.waiverId, id: p.id, pathIds: { vehicleId } })}
        />
      ),
      width: 120,
    },
  ];

  const create = useCallback(
    (close: () => void) => (
      <RecordDialog<CreateWaiverForm>
        title="Add Waiver"
        submitLabel="Create"
        mode="create"
        fields={createWaiverFields(rules.state === 'ready' ? rules.data : [])}
        initial={newWaiver()}
        validate={validateCreateWaiver}
        onClose={close}
        onSubmit={async ({ ruleId, waiverType, explanation = '', pictures = [] }) => {
          // The photos are checked and queued before the waiver is made: a refused one stops it all.
          const queued = [];
          for (const file of pictures) queued.push(await queueChosenFile(db, file, 'picture'));
          const waiverId = nanoid(ID_LENGTH);
          await mutate(createWaiver, {
            parentId: vehicleId,
            id: waiverId,
            userId: user.userId,
            fields: { ruleId: ruleId!, waiverType: waiverType ?? 'warning', explanation },
          });
          for (const { sha256, filename } of queued) {
            await mutate(waiverPictures.add, {
              parentId: waiverId,
              id: nanoid(ID_LENGTH),
              userId: user.userId,
              pathIds: { vehicleId },
              fields: { sha256, filename },
            });
          }
        }}
      />
    ),
    [db, mutate, rules, user.userId, vehicleId],
  );

  const edit = useCallback(
    (waiver: WaiverWithPictures, close: () => void) => (
      <RecordDialog<EditWaiverForm>
        title="Edit Waiver"
        submitLabel="Update"
        mode="edit"
        fields={EDIT_WAIVER_FIELDS}
        initial={{ status: waiver.status, waiverType: waiver.waiverType, explanation: waiver.explanation }}
        validate={validateEditWaiver}
        onClose={close}
        onSubmit={async (changes) => {
          await mutate(updateWaiver, { parentId: vehicleId, id: waiver.waiverId, userId: user.userId, changes });
        }}
      />
    ),
    [mutate, user.userId, vehicleId],
  );

  return (
    <Stack gap="md">
      <WaiverCardSection vehicleId={vehicleId} card={card.state === 'ready' ? card.data : null} readOnly={readOnly} />
      <Title order={3} size="h5">
        Waivered Items
      </Title>
      <RecordTab
        feed="waivers"
        label="Waivered Items"
        rows={rows}
        columns={columns}
        getRowId={(w) => w.waiverId}
        readOnly={readOnly}
        add={{ label: 'Add Waiver', dialog: create }}
        edit={{ label: (w) => `Edit waiver ${w.ruleId}`, dialog: edit }}
        remove={{
          label: (w) => `Delete waiver ${w.ruleId}`,
          title: 'Delete Waiver',
          message: (w) => `Are you sure you want to delete the waiver of ${w.ruleId}?`,
          onConfirm: (w) => mutate(deleteWaiver, { parentId: vehicleId, id: w.waiverId }),
        }}
      />
    </Stack>
  );
}
