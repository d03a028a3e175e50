import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { InspectionDraft } from '../db/inspection-draft.ts';
import type { MirrorDb, RejectedEntry } from '../db/mirror.ts';
import { submitInspection, type SubmitInspectionArgs } from '../data/inspections/submit-inspection.ts';
import { dismissRejected, useLiveQuery, useMirror, useMutate } from '../sync/react.tsx';
import { INSPECT_PATH } from './entry.ts';
import { formatDateTime } from '../shared/fleet-format.ts';

type SentState =
  { kind: 'draft' } | { kind: 'waiting'; photos: number; photosSent: number } | { kind: 'refused'; message: string; rejected: RejectedEntry } | { kind: 'sent' };

interface Row {
  draft: InspectionDraft;
  state: SentState;
}

async function readRows(db: MirrorDb): Promise<Row[]> {
  const [drafts, outbox, rejected] = await Promise.all([db.inspectionDrafts.toArray(), db.outbox.toArray(), db.rejected.toArray()]);
  const waiting = new Map(outbox.map((e) => [e.id, e]));
  const refused = new Map(rejected.map((e) => [e.id, e]));
  const files = [...new Set(outbox.flatMap((e) => e.files ?? []))];
  const blobs = new Map((await db.blobs.bulkGet(files)).flatMap((b) => (b ? [[b.hash, b.state] as const] : [])));
  const rows = drafts.map((draft): Row => {
    if (draft.state === 'draft' || !draft.outboxId) return { draft, state: { kind: 'draft' } };
    const entry = waiting.get(draft.outboxId);
    if (entry) {
      const photos = entry.files ?? [];
      return { draft, state: { kind: 'waiting', photos: photos.length, photosSent: photos.filter((f) => blobs.get(f) === 'finished').length } };
    }
    const rejection = refused.get(draft.outboxId);
    if (rejection) return { draft, state: { kind: 'refused', message: rejection.message, rejected: rejection } };
    return { draft, state: { kind: 'sent' } };
  });
  return rows.sort((a, b) => (b.draft.submittedAt ?? b.draft.startedAt).localeCompare(a.draft.submittedAt ?? a.draft.startedAt));
}

function StateBadge({ state }: { state: SentState }) {
  const [color, label] =
    state.kind === 'draft'
      ? ['indigo', 'In progress']
      : state.kind === 'waiting'
        ? ['yellow', 'Waiting to send']
        : state.kind === 'refused'
          ? ['red', 'Refused']
          : ['teal', 'Sent'];
  return (
    <Badge size="lg" variant="light" color={color} c="dark.9">
      {label}
    </Badge>
  );
}

function InspectionCard({ row }: { row: Row }) {
  const db = useMirror();
  const mutate = useMutate();
  const { draft, state } = row;
  const answered = Object.values(draft.answers).filter((a) => a.isPassing !== null);
  const failures = answered.filter((a) => a.isPassing === false && !a.isFixed).length;
  const sendAgain = async (rejected: RejectedEntry) => {
    const entry = await mutate(submitInspection, rejected.args as SubmitInspectionArgs);
    await db.inspectionDrafts.update(draft.inspectionId, { outboxId: entry.id });
    await dismissRejected(db, rejected.id);
  };
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="xl" ff="monospace">
            {draft.regNumber}
          </Text>
          <StateBadge state={state} />
        </Group>
        <Text>{`Shift ${draft.shift} · started ${formatDateTime(draft.startedAt)}${draft.submittedAt ? ` · submitted ${formatDateTime(draft.submittedAt)}` : ''}`}</Text>
        {state.kind !== 'draft' && (
          <Text c="dimmed">{failures === 0 ? 'No failures' : failures === 1 ? '1 failure reported' : `${failures} failures reported`}</Text>
        )}
        {state.kind === 'waiting' && state.photos > 0 && <Text>{`${state.photosSent} of ${state.photos} photos sent`}</Text>}
        {state.kind === 'refused' && (
          <>
            <Text c="red.8" role="alert">{`The server refused it: ${state.message}`}</Text>
            <Button size="lg" w="fit-content" leftSection={<IconRefresh size={20} aria-hidden />} onClick={() => void sendAgain(state.rejected)}>
              Send again
            </Button>
          </>
        )}
        {state.kind === 'draft' && (
          <Button component={Link} to={`${INSPECT_PATH}/run/${draft.inspectionId}`} size="lg" w="fit-content">
            Continue
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** This tablet's inspections: under way, waiting to be sent, refused (with the server's word) and sent. */
export function TabletInspectionsScreen() {
  const db = useMirror();
  const rows = useLiveQuery(() => readRows(db), [db]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Inspections on this tablet
      </Title>
      {rows && rows.length === 0 && <Text size="lg">No inspections on this tablet yet.</Text>}
      {rows && rows.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <InspectionCard key={row.draft.inspectionId} row={row} />
          ))}
        </Stack>
      )}
      <Button component={Link} to={INSPECT_PATH} size="lg" variant="default" w="fit-content">
        Inspect another vehicle
      </Button>
    </Stack>
  );
}
