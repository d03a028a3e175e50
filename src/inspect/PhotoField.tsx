import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { ACCEPT_ATTRIBUTE } from '../../core/rules/file-type.ts';
import { queueChosenFile } from '../files/queue-file.ts';
import { useMirror } from '../sync/react.tsx';
import { QueuedPhoto } from './QueuedPhoto.tsx';

/** At most this many photos per answer (the submission's limit per response). */
export const PHOTOS_PER_ANSWER = 20;

/**
 * Photos of an answer from the tablet's camera (`capture`), scaled down on the device and put in the
 * upload queue at once: over a slow link they are on their way while the inspection goes on.
 */
export function PhotoField({ label, pictures, onChange, required }: { label: string; pictures: string[]; onChange: (next: string[]) => void; required: boolean }) {
  const db = useMirror();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const take = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const added: string[] = [];
      for (const file of [...files]) added.push((await queueChosenFile(db, file, 'picture')).sha256);
      onChange([...new Set([...pictures, ...added])].slice(0, PHOTOS_PER_ANSWER));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button size="lg" variant="default" leftSection={<IconCamera size={22} aria-hidden />} onClick={() => input.current?.click()} loading={busy}>
          {pictures.length > 0 ? 'Take another photo' : 'Take a photo'}
        </Button>
        <Text c={required && pictures.length === 0 ? 'red.8' : 'dimmed'}>{required ? 'A photo is required' : 'Photo optional'}</Text>
      </Group>
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE.picture}
        capture="environment"
        multiple
        hidden
        aria-label={label}
        onChange={(e) => void take(e.currentTarget.files)}
      />
      {error && (
        <Text c="red.8" role="alert">
          {error}
        </Text>
      )}
      {pictures.length > 0 && (
        <Group gap="sm" aria-label="Photos taken">
          {pictures.map((sha, i) => (
            <div key={sha} style={{ position: 'relative' }}>
              <QueuedPhoto sha256={sha} alt={`Photo ${i + 1}`} />
              <ActionIcon
                size={40}
                radius="xl"
                color="dark"
                variant="filled"
                aria-label={`Remove photo ${i + 1}`}
                style={{ position: 'absolute', top: -10, right: -10 }}
                onClick={() => onChange(pictures.filter((p) => p !== sha))}
              >
                <IconX size={20} aria-hidden />
              </ActionIcon>
            </div>
          ))}
        </Group>
      )}
    </Stack>
  );
}
