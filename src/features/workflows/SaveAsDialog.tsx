import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { newWorkflowTitleSchema, WORKFLOW_TITLE_IN_USE_MESSAGE, workflowTitleKey } from '../../../core/schema/workflow.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/**
 * The Save As title's problem: the title rule (part 2 §5) and the AF-1800 Full prefix, which is the
 * templates' (newWorkflowTitleSchema, as the server checks it), then uniqueness among the workflows.
 */
export function saveAsTitleProblem(title: string, titles: readonly { title: string }[]): string | null {
  const parsed = newWorkflowTitleSchema.safeParse(title);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid title';
  const key = workflowTitleKey(title);
  return titles.some((t) => workflowTitleKey(t.title) === key) ? WORKFLOW_TITLE_IN_USE_MESSAGE : null;
}

interface SaveAsDialogProps {
  vehicles: readonly Vehicle[];
  titles: readonly { title: string }[];
  onSave(title: string, vehicles: Vehicle[]): Promise<void>;
  onClose(): void;
}

/** Save As (part 2 §2.2): choose vehicles, then name, then save (the caller returns to the list). */
export function SaveAsDialog({ vehicles, titles, onSave, onClose }: SaveAsDialogProps) {
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = saveAsTitleProblem(title, titles);
  const byId = new Map(vehicles.map((v) => [v.vehicleId, v]));

  const save = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(title.trim(), chosen.map((id) => byId.get(id)!).filter(Boolean));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Save As a new workflow" size="lg">
      <Stepper active={step} onStepClick={setStep} size="sm">
        <Stepper.Step label="Vehicles" description="Choose the vehicles">
          <Stack gap="xs">
            {/* Not focused on open: a focused picker opens its list over the dialog's buttons (issue 52). */}
            <MultiSelect
              label="Vehicles to move to the new workflow"
              placeholder={chosen.length === 0 ? 'Search by registration' : undefined}
              data={vehicles.map((v) => ({ value: v.vehicleId, label: `${v.regNumber} (${v.vehicleType})` }))}
              value={chosen}
              onChange={setChosen}
              {...searchablePickerProps}
              clearable
              hidePickedOptions
            />
            <Text size="xs" c="dimmed">
              {chosen.length === 0 ? 'No vehicle yet: the workflow can be assigned later.' : `${chosen.length} vehicle(s) move to the new workflow.`}
            </Text>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Name" description="Name the workflow">
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
            error={touched && title !== '' ? problem : null}
            data-autofocus
            autoFocus
          />
        </Stepper.Step>
      </Stepper>
      {error ? (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={step === 0 ? onClose : () => setStep(0)}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step === 0 ? (
          <Button onClick={() => setStep(1)}>Next</Button>
        ) : (
          <Button onClick={() => void save()} disabled={problem !== null} loading={saving}>
            Save
          </Button>
        )}
      </Group>
    </Modal>
  );
}
