import { useState } from 'react';
import { Badge, Button, Collapse, Group, List, Progress, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { answerProblems, isFixable, needOf, type Answer, type AskedRule } from '../../core/rules/inspection-answer.ts';
import { AnswerControls } from './AnswerControls.tsx';
import { PhotoField } from './PhotoField.tsx';

export interface RuleStepProps {
  rule: AskedRule;
  answer: Answer;
  index: number;
  count: number;
  onChange: (change: Partial<Answer>) => void;
  onBack: () => void;
  onNext: () => void;
}

/**
 * One rule on screen: its answer, comment and photos, and the way on once it is complete. The answer
 * on screen is held here and saved on every change: the saved copy comes back a moment later, and a
 * tap on Next or a keystroke in that moment must see the answer just given (a quick Pass then Next
 * was refused as unanswered, typed characters could be lost). Mounted per rule, so it starts from the saved one.
 */
export function RuleStep({ rule, answer: saved, index, count, onChange: save, onBack, onNext }: RuleStepProps) {
  const [showDescription, setShowDescription] = useState(false);
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState(saved);
  const onChange = (change: Partial<Answer>) => {
    setAnswer((a) => ({ ...a, ...change }));
    save(change);
  };
  const problems = answerProblems(rule, answer);
  const failed = answer.isPassing === false;
  const commentNeed = needOf(rule.comment);
  const pictureNeed = needOf(rule.picture);
  const commentRequired = commentNeed === 'required' || (failed && (commentNeed === 'failure' || rule.requireAnnotationOnFailure));
  const pictureRequired = pictureNeed === 'required' || (failed && pictureNeed === 'failure');

  const next = () => {
    setTried(true);
    if (problems.length === 0) onNext();
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="lg">{`Rule ${index + 1} of ${count}`}</Text>
          {rule.area && (
            <Badge size="lg" variant="light" c="dark.9" tt="capitalize">
              {rule.area}
            </Badge>
          )}
        </Group>
        <Progress value={(index / count) * 100} size="lg" aria-label={`Rule ${index + 1} of ${count}`} />
      </Stack>
      <Stack gap="xs">
        <Title order={1} size="h2">
          {rule.title}
        </Title>
        {rule.description && (
          <>
            <Button
              variant="subtle"
              size="md"
              w="fit-content"
              px={0}
              leftSection={<IconInfoCircle size={20} aria-hidden />}
              onClick={() => setShowDescription((s) => !s)}
              aria-expanded={showDescription}
            >
              {showDescription ? 'Hide description' : 'Show description'}
            </Button>
            <Collapse in={showDescription}>
              <Text size="lg">{rule.description}</Text>
            </Collapse>
          </>
        )}
      </Stack>
      <AnswerControls rule={rule} answer={answer} onChange={onChange} />
      {failed && isFixable(rule) && (
        <Switch
          size="xl"
          label="Fixed on the spot"
          checked={answer.isFixed}
          onChange={(e) => onChange({ isFixed: e.currentTarget.checked })}
          styles={{ label: { fontSize: 'var(--mantine-font-size-lg)' } }}
        />
      )}
      {commentNeed !== 'none' && (
        <Textarea
          size="lg"
          label="Comment"
          description={commentRequired ? (failed ? 'Required: describe the failure' : 'Required') : 'Optional'}
          value={answer.comment}
          onChange={(e) => onChange({ comment: e.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={1000}
          required={commentRequired}
        />
      )}
      {pictureNeed !== 'none' && (
        <PhotoField label={`Photo of ${rule.title}`} pictures={answer.pictures} onChange={(pictures) => onChange({ pictures })} required={pictureRequired} />
      )}
      {tried && problems.length > 0 && (
        <List c="red.8" size="lg" role="alert" aria-label="Before going on">
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
      <Group grow gap="sm" pb="md">
        <Button size="xl" h={64} variant="default" leftSection={<IconArrowLeft size={24} aria-hidden />} onClick={onBack}>
          Back
        </Button>
        <Button size="xl" h={64} rightSection={<IconArrowRight size={24} aria-hidden />} onClick={next}>
          {index + 1 === count ? 'Review' : 'Next'}
        </Button>
      </Group>
    </Stack>
  );
}
