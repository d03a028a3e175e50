import { Button, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { answerKindOf, numberProblem, numberVerdict, targetOf, type Answer, type AskedRule } from '../../core/rules/inspection-answer.ts';

type Change = (change: Partial<Answer>) => void;

/** Pass and Fail: two large buttons, the chosen one filled. */
function PassFail({ value, onChange, disabled = false }: { value: boolean | null; onChange: (passing: boolean) => void; disabled?: boolean }) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Button
        size="xl"
        h={72}
        color="teal.9"
        variant={value === true ? 'filled' : 'outline'}
        aria-pressed={value === true}
        leftSection={<IconCheck size={28} aria-hidden />}
        onClick={() => onChange(true)}
        disabled={disabled}
      >
        Pass
      </Button>
      <Button
        size="xl"
        h={72}
        color="red.9"
        variant={value === false ? 'filled' : 'outline'}
        aria-pressed={value === false}
        leftSection={<IconX size={28} aria-hidden />}
        onClick={() => onChange(false)}
        disabled={disabled}
      >
        Fail
      </Button>
    </SimpleGrid>
  );
}

const FUEL_LABELS = ['Empty', '¼', '½', '¾', 'Full'];

/** The fuel gauge, in quarter tanks (0 to 4) as the AF1800's fuel rule counts it. */
function FuelGauge({ rule, answer, onChange }: { rule: AskedRule; answer: Answer; onChange: Change }) {
  const max = rule.fields.absMax ?? 4;
  const steps = Array.from({ length: max + 1 }, (_, i) => i);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={steps.length} spacing="xs" role="group" aria-label="Fuel level">
        {steps.map((n) => (
          <Button
            key={n}
            size="xl"
            h={72}
            px={4}
            variant={answer.value === n ? 'filled' : 'outline'}
            aria-pressed={answer.value === n}
            onClick={() => onChange({ value: n, isPassing: numberVerdict(rule, n) })}
          >
            {max === 4 ? FUEL_LABELS[n] : String(n)}
          </Button>
        ))}
      </SimpleGrid>
      {answer.isPassing === false && <Text c="red.8">Below a quarter tank: the vehicle needs fuel before it goes out.</Text>}
    </Stack>
  );
}

function limitsText(rule: AskedRule): string | null {
  const { absMin, absMax, threshold } = rule.fields;
  const units = rule.fields.units ? ` ${rule.fields.units}` : '';
  const parts: string[] = [];
  if (absMin != null && absMax != null) parts.push(`Readings from ${absMin} to ${absMax}${units}.`);
  if (rule.ruleType === 'threshold' && threshold != null) parts.push(`Passes at ${threshold}${units} or more.`);
  const target = targetOf(rule);
  if (target !== null) parts.push(`Target ${target}${units}.`);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A number read (threshold, counter, target rules): the threshold decides; else the inspector says. */
function NumberAnswer({ rule, answer, onChange }: { rule: AskedRule; answer: Answer; onChange: Change }) {
  const verdictByRule = rule.ruleType === 'threshold';
  const problem = answer.value === null ? null : numberProblem(rule, answer.value);
  const setValue = (v: string | number) => {
    const value = typeof v === 'number' && Number.isFinite(v) ? v : null;
    const verdict = value === null || numberProblem(rule, value) ? null : numberVerdict(rule, value);
    onChange(verdictByRule ? { value, isPassing: verdict } : { value });
  };
  return (
    <Stack gap="sm">
      <NumberInput
        size="xl"
        label="Reading"
        description={limitsText(rule)}
        value={answer.value ?? ''}
        onChange={setValue}
        rightSection={rule.fields.units ? <Text pr="sm">{rule.fields.units}</Text> : undefined}
        rightSectionWidth={rule.fields.units ? Math.min(160, 24 + rule.fields.units.length * 10) : undefined}
        inputMode="decimal"
        hideControls
        error={problem}
      />
      {verdictByRule ? (
        answer.isPassing !== null && (
          <Text size="lg" fw={700} c={answer.isPassing ? 'teal.9' : 'red.8'} role="status">
            {answer.isPassing ? 'Pass' : 'Fail: below the threshold'}
          </Text>
        )
      ) : (
        <PassFail value={answer.isPassing} onChange={(isPassing) => onChange({ isPassing })} disabled={answer.value === null || problem !== null} />
      )}
    </Stack>
  );
}

/** How one rule is answered, by its kind. */
export function AnswerControls({ rule, answer, onChange }: { rule: AskedRule; answer: Answer; onChange: Change }) {
  const kind = answerKindOf(rule);
  if (kind === 'fuel') return <FuelGauge rule={rule} answer={answer} onChange={onChange} />;
  if (kind === 'number') return <NumberAnswer rule={rule} answer={answer} onChange={onChange} />;
  return <PassFail value={answer.isPassing} onChange={(isPassing) => onChange({ isPassing, ...(isPassing ? { isFixed: false } : {}) })} />;
}
