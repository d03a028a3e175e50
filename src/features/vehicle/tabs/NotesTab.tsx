import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../../core/schema/common.ts';
import { NOTE_LIMIT, NOTE_TOO_LONG_MESSAGE, type Note } from '../../../../core/schema/note.ts';
import { useSession } from '../../../auth/session-context.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { MirrorQueryState } from '../../../components/MirrorQueryState.tsx';
import { addNote } from '../../../data/notes/mutators.ts';
import { notesOfVehicle } from '../../../data/notes/queries.ts';
import { formatDateTime } from '../../../shared/fleet-format.ts';
import { useMutate, usePending } from '../../../sync/react.tsx';
import { useMirrorQuery } from '../../../sync/use-mirror-query.ts';

function NoteCard({ note, latest }: { note: Note; latest?: boolean }) {
  const pending = usePending(`notes:${note.noteId}`);
  return (
    <Paper withBorder p="md" radius="md" aria-label={latest ? 'Latest note' : undefined}>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.note}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        {note.userName ?? 'Unknown'} · {formatDateTime(note.creationDate)}
        {pending ? ' · Waiting to sync' : ''}
      </Text>
    </Paper>
  );
}

/** Part 1 §5: under 256 characters, and changed from the current note. */
function NoteDialog({ current, onClose, onSave }: { current: string; onClose: () => void; onSave: (text: string) => Promise<void> }) {
  const [text, setText] = useState(current);
  const tooLong = text.trim().length >= NOTE_LIMIT;
  const changed = text.trim() !== current.trim() && text.trim().length > 0;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={current ? 'Update Note' : 'Add Note'}
      submitLabel="Save"
      canSubmit={changed && !tooLong}
      dirty={text !== current}
      onSubmit={() => onSave(text.trim())}
    >
      <Textarea
        label="Note"
        autosize
        minRows={4}
        maxRows={10}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={tooLong ? NOTE_TOO_LONG_MESSAGE : null}
        description={`${text.trim().length} of ${NOTE_LIMIT - 1} characters`}
        data-autofocus
      />
    </FormModal>
  );
}

/** The vehicle's note and its history (part 1 §2 Notes): an update adds a note, the older ones stay as history. */
export function NotesTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  const notes = useMirrorQuery((db) => notesOfVehicle(db, vehicleId), [vehicleId]);
  const mutate = useMutate();
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);

  if (notes.state !== 'ready') return <MirrorQueryState query={notes} />;

  const [latest, ...history] = notes.data;
  const save = async (text: string) => {
    await mutate(addNote, { parentId: vehicleId, id: nanoid(ID_LENGTH), userId: user.userId, fields: { note: text } });
  };

  return (
    <Stack gap="md" maw={900}>
      {latest ? (
        <>
          <NoteCard note={latest} latest />
          <Group gap="sm">
            {readOnly ? null : <Button onClick={() => setEditing(true)}>Update</Button>}
            <Button variant="default" onClick={() => setShowHistory((shown) => !shown)} aria-expanded={showHistory}>
              {showHistory ? 'Hide History' : 'Show History'}
            </Button>
          </Group>
          {showHistory ? (
            <Stack gap="sm" aria-label="Note history" role="region">
              <Text fw={600} size="sm" c="dimmed" tt="uppercase">
                History
              </Text>
              {history.length === 0 ? <Text c="dimmed">No history</Text> : history.map((note) => <NoteCard key={note.noteId} note={note} />)}
            </Stack>
          ) : null}
        </>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Group gap="xs" c="dimmed">
            <IconNote size={20} aria-hidden />
            <Text>No Notes</Text>
          </Group>
          {readOnly ? null : <Button onClick={() => setEditing(true)}>Add Note</Button>}
        </Stack>
      )}
      {editing ? <NoteDialog current={latest?.note ?? ''} onClose={() => setEditing(false)} onSave={save} /> : null}
    </Stack>
  );
}
