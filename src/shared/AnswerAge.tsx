import { useEffect, useState } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { timeAgo } from '../app/relative-time.ts';
import type { KeptAnswerState } from './use-kept-answer.ts';

export interface AnswerAgeProps {
  /** The answers the screen shows (every one of them, for their oldest age and worst problem). */
  states: readonly KeptAnswerState<unknown>[];
  /** The keys the screen asked for, in the order of `states`. */
  keys: readonly (string | null)[];
  /** What the answers are, for the sentences: 'insights', 'report'. */
  what: string;
  /** The range a kept answer of another query covers, in words. */
  describeKey(key: string): string;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * How old the server's answers on screen are, and why they are not fresh: offline (the answers kept on
 * this device, or those of other dates), or the server's refusal, shown in place of a fresh answer.
 */
export function AnswerAge({ states, keys, what, describeKey }: AnswerAgeProps) {
  const now = useNow(30_000);
  const kept = states.map((s) => s.kept).filter((k) => k !== null);
  const oldest = kept.map((k) => k.fetchedAt).sort()[0] ?? null;
  const failed = states.map((s) => s.problem).find((p) => p?.kind === 'failed');
  const signIn = states.some((s) => s.problem?.kind === 'signIn');
  const offline = states.some((s) => s.problem?.kind === 'offline');
  // A kept answer of other dates than those asked (offline, dates never loaded on this device).
  const other = states.map((s, i) => (s.kept && s.kept.key !== keys[i] ? s.kept : null)).find((k) => k !== null) ?? null;
  const fetching = states.some((s) => s.fetching);
  const age = oldest ? `computed ${timeAgo(oldest, now)} (${dayjs(oldest).format('MMM D, YYYY HH:mm')})` : null;

  if (failed?.kind === 'failed')
    return (
      <Alert color="red" title={`The ${what} could not be loaded`}>
        {failed.message}
      </Alert>
    );
  if (signIn) return <Alert color="yellow">Sign in again to load the {what}.</Alert>;
  if (offline)
    return (
      <Alert color="yellow" icon={<IconCloudOff size={18} />} title="Offline">
        {kept.length === 0
          ? `The ${what} are computed by the server, and none were kept on this device for these dates. Open them once online and they will be here offline.`
          : other
            ? `These dates were not loaded on this device. Shown: ${describeKey(other.key)}, ${age}.`
            : `Shown: the ${what} kept on this device, ${age}.`}
      </Alert>
    );
  if (fetching)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Computing the {what} on the server…
        </Text>
      </Group>
    );
  return age ? (
    <Text size="sm" c="dimmed">
      {`${what[0]!.toUpperCase()}${what.slice(1)} ${age}`}
    </Text>
  ) : null;
}
