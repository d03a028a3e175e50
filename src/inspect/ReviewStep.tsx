import { Alert, Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { READABLE_TITLE } from './readable.ts';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { answerProblems, EMPTY_ANSWER } from '../../core/rules/inspection-answer.ts';
import type { InspectionDraft } from '../db/inspection-draft.ts';
import { QueuedPhoto } from './QueuedPhoto.tsx';

export interface ReviewStepProps {
  draft: InspectionDraft;
  onOpen: (index: number) => void;
  onSubmit: () => void;
  submitting: boolean;
}

/** Review: what is answered and what is not, the failures with their photos and comments, then Submit. */
export function ReviewStep({ draft, onOpen, onSubmit, submitting }: ReviewStepProps) {
  const rows = draft.rules.map((rule, index) => {
    const answer = draft.answers[rule.ruleId] ?? EMPTY_ANSWER;
    return { rule, answer, index, complete: answerProblems(rule, answer).length === 0 };
  });
  const answered = rows.filter((r) => r.complete).length;
  const unanswered = rows.length - answered;
  const failures = rows.filter((r) => r.complete && r.answer.isPassing === false);
  const firstOpen = rows.find((r) => !r.complete);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Review
      </Title>
      <Group gap="sm">
        <Badge size="xl" variant="light" color="teal" c="dark.9">{`${answered} answered`}</Badge>
        <Badge size="xl" variant="light" color={unanswered > 0 ? 'red' : 'gray'} c="dark.9">{`${unanswered} not answered`}</Badge>
        <Badge size="xl" variant="light" color={failures.length > 0 ? 'red' : 'gray'} c="dark.9">
          {failures.length === 1 ? '1 failure' : `${failures.length} failures`}
        </Badge>
      </Group>
      {firstOpen && (
        <Alert color="yellow" title="Not every rule is answered" styles={READABLE_TITLE}>
          <Stack gap="sm">
            <Text>Every rule due must be answered before the inspection can be submitted.</Text>
            <Button size="lg" w="fit-content" onClick={() => onOpen(firstOpen.index)}>
              {`Answer ${firstOpen.rule.title}`}
            </Button>
          </Stack>
        </Alert>
      )}
      {failures.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Failures
          </Title>
          {failures.map(({ rule, answer, index }) => (
            <Card key={rule.ruleId} withBorder radius="md" padding="md">
              <UnstyledButton onClick={() => onOpen(index)} aria-label={`Change the answer to ${rule.title}`} w="100%">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={700} size="lg">
                      {rule.title}
                    </Text>
                    {answer.isFixed ? (
                      <Badge color="teal" variant="light" c="dark.9" size="lg">
                        Fixed on the spot
                      </Badge>
                    ) : (
                      <Badge color="red" variant="light" c="dark.9" size="lg">
                        Failed
                      </Badge>
                    )}
                  </Group>
                  {answer.value !== null && <Text>{`Reading: ${answer.value}${rule.fields.units ? ` ${rule.fields.units}` : ''}`}</Text>}
                  {answer.comment.trim() && <Text>{answer.comment.trim()}</Text>}
                  {answer.pictures.length > 0 && (
                    <Group gap="xs">
                      {answer.pictures.map((sha, i) => (
                        <QueuedPhoto key={sha} sha256={sha} alt={`${rule.title}, photo ${i + 1}`} size={72} />
                      ))}
                    </Group>
                  )}
                </Stack>
              </UnstyledButton>
            </Card>
          ))}
        </Stack>
      )}
      <Group grow gap="sm" pb="md">
        <Button size="xl" h={64} variant="default" leftSection={<IconArrowLeft size={24} aria-hidden />} onClick={() => onOpen(Math.max(0, draft.rules.length - 1))}>
          Back
        </Button>
        <Button size="xl" h={64} leftSection={<IconSend size={24} aria-hidden />} disabled={unanswered > 0} loading={submitting} onClick={onSubmit}>
          Submit
        </Button>
      </Group>
    </Stack>
  );
}
