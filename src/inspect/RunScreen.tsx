import { useRef, useState } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { EMPTY_ANSWER, type Answer } from '../../core/rules/inspection-answer.ts';
import { useLiveQuery, useMirror, useMutate } from '../sync/react.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { saveAnswer, setStep, submitDraft } from './drafts.ts';
import { INSPECT_PATH } from './entry.ts';
import { ReviewStep } from './ReviewStep.tsx';
import { RuleStep } from './RuleStep.tsx';

/** Performing the inspection: one rule at a time, then the review; every answer kept in the mirror as it is given. */
export function RunScreen() {
  const { inspectionId = '' } = useParams();
  const db = useMirror();
  const mutate = useMutate();
  const navigate = useNavigate();
  const draft = useLiveQuery(async () => (await db.inspectionDrafts.get(inspectionId)) ?? null, [db, inspectionId]);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  // The draft is kept whatever happens; leaving still asks, so that no inspection is left half done by a stray tap.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !done.current && draft?.state === 'draft' && currentLocation.pathname !== nextLocation.pathname);

  if (draft === undefined) return <Loader aria-label="Loading the inspection" />;
  if (draft === null || draft.state !== 'draft') {
    return (
      <Stack>
        <Title order={1} size="h2">
          {draft ? 'This inspection was submitted' : 'Inspection not found'}
        </Title>
        <Button component={Link} to={draft ? `${INSPECT_PATH}/sent` : INSPECT_PATH} size="lg" w="fit-content">
          {draft ? 'See the sent inspections' : 'Back to the vehicles'}
        </Button>
      </Stack>
    );
  }

  const count = draft.rules.length;
  const step = Math.min(draft.step, count);
  const go = (index: number) => {
    void setStep(db, inspectionId, Math.max(0, Math.min(index, count)));
    window.scrollTo({ top: 0 });
  };
  const change = (ruleId: string) => (c: Partial<Answer>) => void saveAnswer(db, inspectionId, ruleId, c);
  const submit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await submitDraft(db, mutate, inspectionId);
      done.current = true;
      navigate(`${INSPECT_PATH}/sent`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  const rule = draft.rules[step];
  return (
    <>
      <Text fw={600} size="lg" ff="monospace" mb="xs">
        {draft.regNumber}
      </Text>
      {rule ? (
        <RuleStep
          key={rule.ruleId}
          rule={rule}
          answer={draft.answers[rule.ruleId] ?? EMPTY_ANSWER}
          index={step}
          count={count}
          onChange={change(rule.ruleId)}
          onBack={() => (step === 0 ? navigate(`${INSPECT_PATH}/vehicles/${draft.vehicleId}`) : go(step - 1))}
          onNext={() => go(step + 1)}
        />
      ) : (
        <ReviewStep draft={draft} onOpen={go} onSubmit={() => void submit()} submitting={submitting} />
      )}
      {error && (
        <Text c="red.8" role="alert" size="lg">
          {error}
        </Text>
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave this inspection?"
          message="It is not submitted. Its answers and photos stay on this tablet: continue it later from the vehicle."
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      )}
    </>
  );
}
