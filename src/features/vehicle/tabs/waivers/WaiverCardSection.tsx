import { useState } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconEye, IconUpload } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../../../core/schema/common.ts';
import type { WaiverCard } from '../../../../../core/schema/waiver.ts';
import { useSession } from '../../../../auth/session-context.ts';
import { FileViewerModal } from '../../../../components/image-viewer/FileViewerModal.tsx';
import { UploadBar } from '../../../../components/image-viewer/Picture.tsx';
import { RecordDialog } from '../../../../components/record-tab/RecordDialog.tsx';
import type { RecordField } from '../../../../components/record-tab/fields.ts';
import { uploadWaiverCard } from '../../../../data/waivers/mutators.ts';
import { queueChosenFile } from '../../../../files/queue-file.ts';
import { formatDateTime } from '../../../../shared/fleet-format.ts';
import { useMirror, useMutate } from '../../../../sync/react.tsx';

interface CardForm {
  card: File[];
}

const CARD_FIELDS: RecordField<CardForm>[] = [{ name: 'card', label: 'Waiver Card', kind: 'files', required: true, files: { use: 'document', camera: true } }];

/** Part 1 §2 Waivers: 'Waiver Card File' with View (or 'No card on file') and 'Upload Waiver Card'. */
export function WaiverCardSection({ vehicleId, card, readOnly }: { vehicleId: string; card: WaiverCard | null; readOnly: boolean }) {
  const db = useMirror();
  const mutate = useMutate();
  const { user } = useSession();
  const [viewing, setViewing] = useState(false);
  const [uploading, setUploading] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={3} size="h5">
            Waiver Card File
          </Title>
          {card ? (
            <>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEye size={16} aria-hidden />}
                onClick={() => setViewing(true)}
                aria-label="View waiver card"
              >
                View
              </Button>
              <Text size="sm" c="dimmed">
                {card.filename ?? 'Waiver card'} · {formatDateTime(card.creationDate)}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No card on file
            </Text>
          )}
        </Group>
        {!readOnly ? (
          <Button variant="default" leftSection={<IconUpload size={18} aria-hidden />} onClick={() => setUploading(true)}>
            Upload Waiver Card
          </Button>
        ) : null}
      </Group>
      {card ? <UploadBar sha256={card.sha256} inline /> : null}
      {viewing && card ? (
        <FileViewerModal file={{ ...card, id: card.waiverCardId }} title={`Waiver card of ${card.regNumber}`} onClose={() => setViewing(false)} />
      ) : null}
      {uploading ? (
        <RecordDialog<CardForm>
          title="Upload Waiver Card"
          submitLabel="Upload"
          mode="create"
          fields={CARD_FIELDS}
          initial={{ card: [] }}
          validate={(form) => ({ card: form.card.length > 0 ? undefined : 'Choose the waiver card to upload' })}
          onClose={() => setUploading(false)}
          onSubmit={async ({ card: files = [] }) => {
            const [file] = files;
            if (!file) return;
            const { sha256, filename } = await queueChosenFile(db, file, 'document');
            await mutate(uploadWaiverCard, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields: { sha256, filename } });
          }}
        />
      ) : null}
    </Paper>
  );
}
