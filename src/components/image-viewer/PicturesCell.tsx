import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoPlus } from '@tabler/icons-react';
import { FilePicker } from '../file-picker/FilePicker.tsx';
import { ImageViewer, type ViewerPicture } from './ImageViewer.tsx';

export interface PicturesCellProps {
  pictures: readonly ViewerPicture[];
  /** The record the pictures are of, e.g. 'AF1800-12'. */
  subject: string;
  readOnly: boolean;
  /** Adds pictures (queued uploads); absent: pictures cannot be added here. */
  onAdd?(files: File[]): Promise<unknown>;
  onCaption?(picture: ViewerPicture, annotation: string | null): Promise<unknown>;
  onDelete?(picture: ViewerPicture): Promise<unknown>;
}

function AddPictures({ onAdd }: { onAdd(files: File[]): Promise<unknown> }) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onAdd(files);
      setFiles([]);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <FilePicker label="Add Pictures" use="picture" multiple camera value={files} onChange={setFiles} />
      {error ? <Alert color="red">{error}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} disabled={files.length === 0} loading={busy}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A record's pictures in a grid cell: how many, opening the image viewer in a dialog with caption edit,
 * delete and 'Add Pictures' (photos taken or chosen; uploaded by the queue when the link allows).
 */
export function PicturesCell({ pictures, subject, readOnly, onAdd, onCaption, onDelete }: PicturesCellProps) {
  const [open, setOpen] = useState(false);
  const title = `Pictures of ${subject}`;
  if (pictures.length === 0 && (readOnly || !onAdd)) return null;
  const label = pictures.length === 0 ? 'Add' : `${pictures.length}`;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={pictures.length === 0 ? <IconPhotoPlus size={16} aria-hidden /> : <IconPhoto size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={pictures.length === 0 ? `Add pictures of ${subject}` : `${pictures.length} pictures of ${subject}`}
      >
        {label}
      </Button>
      {open ? (
        <Modal opened onClose={() => setOpen(false)} title={title} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
          <Stack gap="md">
            {pictures.length > 0 ? (
              <ImageViewer pictures={pictures} label={title} readOnly={readOnly} onCaption={onCaption} onDelete={onDelete} />
            ) : (
              <Text c="dimmed">No pictures yet</Text>
            )}
            {!readOnly && onAdd ? <AddPictures onAdd={onAdd} /> : null}
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
