import { useState } from 'react';
import { READABLE_TITLE } from './readable.ts';
import { Alert, Button, Group, Loader, NumberInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { isReadingRule } from '../../core/rules/inspection-answer.ts';
import { checkReading, type ReadingKind } from '../../core/rules/inspection-reading.ts';
import { shiftOfMoment } from '../../core/rules/inspection-shift.ts';
import { odometerQuestions } from '../../core/rules/af1800-items.ts';
import { useSession } from '../auth/session-context.ts';
import { useMirror } from '../sync/react.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { discardDraft, startDraft } from './drafts.ts';
import { INSPECT_PATH } from './entry.ts';
import { KnownDefects } from './KnownDefects.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useDueRules, type DueRules } from './use-due-rules.ts';
import { useVehiclePlan, type VehiclePlan } from './use-vehicle-plan.ts';

const runPath = (inspectionId: string) => `${INSPECT_PATH}/run/${inspectionId}`;

function dueText(due: DueRules, asked: number): string {
  const rules = asked === 1 ? '1 rule' : `${asked} rules`;
  if (due.kind === 'unknown')
    return `${rules} to answer. The tablet has not yet been online with this vehicle, so every rule is asked, the weekly and monthly ones too.`;
  if (due.kind === 'known' && !due.fresh) return `${rules} due, as the tablet last heard from the server.`;
  return `${rules} due.`;
}

function ReadingInput({
  kind,
  last,
  value,
  onChange,
  error,
}: {
  kind: ReadingKind;
  last: number | null;
  value: number | null;
  onChange: (v: number | null) => void;
  error: string | null;
}) {
  const label = kind === 'miles' ? 'Miles' : 'Hours';
  return (
    <NumberInput
      size="lg"
      label={label}
      description={last === null ? 'None reported yet' : `Last reported ${last.toLocaleString('en-US')}`}
      value={value ?? ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : null)}
      thousandSeparator=","
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      hideControls
      error={error}
      required
    />
  );
}

function StartForm({ plan }: { plan: VehiclePlan & { workflow: NonNullable<VehiclePlan['workflow']> } }) {
  const db = useMirror();
  const { user } = useSession();
  const navigate = useNavigate();
  const { vehicle, rules } = plan;
  const due = useDueRules(vehicle.vehicleId, vehicle.workflowId, rules);
  const asks = odometerQuestions(rules);
  const [shift, setShift] = useState(() => String(shiftOfMoment(Date.now(), plan.shiftTimes, plan.zone)));
  const [miles, setMiles] = useState<number | null>(null);
  const [hours, setHours] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ReadingKind, string>>>({});
  const [confirm, setConfirm] = useState<string | null>(null);
  const asked = rules.filter((r) => !isReadingRule(r.ruleId) && (due.kind !== 'known' || due.due.has(r.ruleId)));

  const begin = async () => {
    const draft = await startDraft(db, {
      vehicleId: vehicle.vehicleId,
      regNumber: vehicle.regNumber,
      userId: user.userId,
      workflowId: plan.workflow.workflowId,
      version: plan.workflow.version,
      shift: Number(shift),
      miles: asks.miles ? miles : null,
      hours: asks.hours ? hours : null,
      rules: asked,
      readings: rules.filter((r) => isReadingRule(r.ruleId)).map((r) => ({ ruleId: r.ruleId, ruleType: r.ruleType })),
    });
    navigate(runPath(draft.inspectionId));
  };

  const onStart = () => {
    const checks = [
      ...(asks.miles ? [['miles', checkReading('miles', miles, vehicle.lastReportedMileage)] as const] : []),
      ...(asks.hours ? [['hours', checkReading('hours', hours, vehicle.lastReportedHours)] as const] : []),
    ];
    const refused = Object.fromEntries(checks.flatMap(([kind, c]) => (c.kind === 'refused' ? [[kind, c.message]] : [])));
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    const questions = checks.flatMap(([, c]) => (c.kind === 'confirm' ? [c.message] : []));
    if (questions.length > 0) setConfirm(questions.join(' '));
    else void begin();
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} size="lg" id="shift-label">
          Shift
        </Text>
        <SegmentedControl
          size="lg"
          aria-labelledby="shift-label"
          value={shift}
          onChange={setShift}
          data={['1', '2', '3'].map((s) => ({ value: s, label: `Shift ${s}` }))}
        />
      </Stack>
      {asks.miles && <ReadingInput kind="miles" last={vehicle.lastReportedMileage} value={miles} onChange={setMiles} error={errors.miles ?? null} />}
      {asks.hours && <ReadingInput kind="hours" last={vehicle.lastReportedHours} value={hours} onChange={setHours} error={errors.hours ?? null} />}
      {due.kind === 'reading' ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>Finding the rules due…</Text>
        </Group>
      ) : (
        <Text size="lg">{dueText(due, asked.length)}</Text>
      )}
      <Button size="xl" fullWidth leftSection={<IconPlayerPlay size={24} aria-hidden />} onClick={onStart} disabled={due.kind === 'reading'}>
        Start inspection
      </Button>
      {confirm && (
        <ConfirmDialog
          title="Check the reading"
          message={confirm}
          confirmLabel="Yes, it is right"
          cancelLabel="Correct it"
          onConfirm={() => {
            setConfirm(null);
            void begin();
          }}
          onCancel={() => setConfirm(null)}
        />
      )}
    </Stack>
  );
}

function DraftUnderWay({ plan }: { plan: VehiclePlan & { draft: NonNullable<VehiclePlan['draft']> } }) {
  const db = useMirror();
  const [asking, setAsking] = useState(false);
  const started = new Date(plan.draft.startedAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: plan.zone });
  const answered = Object.values(plan.draft.answers).filter((a) => a.isPassing !== null).length;
  return (
    <Alert color="indigo" title="An inspection of this vehicle is under way" variant="light" styles={READABLE_TITLE}>
      <Stack gap="sm">
        <Text>{`Started at ${started}; ${answered} of ${plan.draft.rules.length} rules answered.`}</Text>
        <Group gap="sm">
          <Button size="lg" component={Link} to={runPath(plan.draft.inspectionId)}>
            Continue
          </Button>
          <Button size="lg" variant="default" color="red" onClick={() => setAsking(true)}>
            Discard it
          </Button>
        </Group>
      </Stack>
      {asking && (
        <ConfirmDialog
          title="Discard this inspection?"
          message="Its answers and photos are lost. This cannot be undone."
          confirmLabel="Discard"
          onConfirm={() => discardDraft(db, plan.draft.inspectionId)}
          onCancel={() => setAsking(false)}
        />
      )}
    </Alert>
  );
}

/** Start: the vehicle's known defects first, then shift and readings, then the rules due. */
export function StartScreen() {
  const { vehicleId = '' } = useParams();
  const { user } = useSession();
  const plan = useVehiclePlan(vehicleId, user.userId);
  if (plan === undefined) return <Loader aria-label="Loading the vehicle" />;
  if (plan === null) {
    return (
      <Stack>
        <Title order={1} size="h2">
          Vehicle not found
        </Title>
        <Text size="lg">This tablet does not have that vehicle: it may be in another section.</Text>
        <Button component={Link} to={INSPECT_PATH} size="lg" variant="default" w="fit-content">
          Back to the vehicles
        </Button>
      </Stack>
    );
  }
  const { vehicle, workflow, draft } = plan;
  return (
    <Stack gap="md">
      <Button component={Link} to={INSPECT_PATH} variant="subtle" size="md" leftSection={<IconArrowLeft size={20} aria-hidden />} w="fit-content">
        Vehicles
      </Button>
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1} size="h2" ff="monospace">
            {vehicle.regNumber}
          </Title>
          <Text size="lg" c="dimmed">
            {vehicle.vehicleType}
            {workflow ? ` · ${workflow.title}` : ''}
          </Text>
        </Stack>
        <StatusBadge status={vehicle.status[0]?.status ?? 'valid'} />
      </Group>
      <KnownDefects discrepancies={plan.discrepancies} waivers={plan.waivers} zone={plan.zone} />
      {draft ? (
        <DraftUnderWay plan={{ ...plan, draft }} />
      ) : workflow ? (
        <StartForm plan={{ ...plan, workflow }} />
      ) : (
        <Alert color="yellow" title="No inspection workflow" styles={READABLE_TITLE}>
          This vehicle has no inspection workflow on this tablet. The office assigns one on the vehicle&apos;s page.
        </Alert>
      )}
    </Stack>
  );
}
