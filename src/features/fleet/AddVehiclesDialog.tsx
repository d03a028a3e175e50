import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Button, Checkbox, Fieldset, Group, List, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import {
  hasErrors,
  limitRegNumberInput,
  newVehicleErrors,
  REG_NUMBER_MAX,
  resolveVehicleType,
  type NewVehicleErrors,
  type NewVehicleRow,
} from '../../../core/rules/vehicle-form.ts';
import { ID_LENGTH } from '../../../core/schema/common.ts';
import type { Section } from '../../../core/schema/organization.ts';
import { useSession } from '../../auth/session-context.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { Typeahead } from '../../components/Typeahead.tsx';
import { createVehicle, type CreateVehicleArgs } from '../../data/vehicles/create-vehicle.ts';
import { awaitOutcome, type MutationOutcome } from '../../sync/outcome.ts';
import { dismissRejected, useMirror, useMutate, useSyncFact } from '../../sync/react.tsx';
import { OUTCOME_WAIT_MS } from '../../shared/use-mutate-with-outcome.ts';
import { useKnownVehicles } from '../../shared/use-known-vehicles.ts';
import { useVehicleLookups } from '../../shared/use-vehicle-lookups.ts';
import { sectionChoices, workflowChoices } from '../../shared/vehicle-options.ts';
import { VehicleTypeInput } from '../../shared/VehicleTypeInput.tsx';

export const NO_SECTIONS_TEXT = 'No sections are defined for this organization. Before adding vehicles, define a section in the Administration view.';

export interface AddVehiclesDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The organization's sections. */
  sections: readonly Section[];
}

interface DraftRow extends NewVehicleRow {
  key: string;
  touched: Partial<Record<keyof NewVehicleErrors, boolean>>;
}

const emptyRow = (): DraftRow => ({ key: nanoid(8), vehicleType: '', sectionId: null, workflowId: null, regNumber: '', wrm: false, touched: {} });

interface Failure {
  regNumber: string;
  message: string;
}

/**
 * Add Vehicle(s) (part 1 §2, part 2 §5 and §8): one or many vehicles, each with a type (existing or
 * new), section, workflow, registration and WRM. Submit makes one createVehicle per vehicle, then
 * waits a few seconds for the server: refused vehicles stay in the dialog with the server's message,
 * the others leave it; offline, the dialog closes and the vehicles are added when the device is back.
 */
export function AddVehiclesDialog({ opened, onClose, sections }: AddVehiclesDialogProps) {
  const db = useMirror();
  const mutate = useMutate();
  const navigate = useNavigate();
  const { user } = useSession();
  const online = useSyncFact((s) => s.online);
  const signInRequired = useSyncFact((s) => s.signInRequired);
  const lookups = useVehicleLookups();
  // Every vehicle, for the registration checks: read only while the dialog is open.
  const known = useKnownVehicles(opened);
  const [rows, setRows] = useState<DraftRow[]>(() => [emptyRow()]);
  const [failures, setFailures] = useState<Failure[]>([]);

  const noSections = sections.length === 0;
  const errors = newVehicleErrors(rows, lookups.vehicleTypes, known);
  const sectionOptions = sectionChoices(sections);
  const workflowOptions = workflowChoices(lookups.workflows);

  const close = () => {
    setRows([emptyRow()]);
    setFailures([]);
    onClose();
  };

  const update = (key: string, change: Partial<NewVehicleRow>, field?: keyof NewVehicleErrors) =>
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...change, touched: field ? { ...r.touched, [field]: true } : r.touched } : r)));
  const touch = (key: string, field: keyof NewVehicleErrors) =>
    setRows((prev) => prev.map((r) => (r.key === key && !r.touched[field] ? { ...r, touched: { ...r.touched, [field]: true } } : r)));

  const submit = async () => {
    setFailures([]);
    // Vehicles of one submit that share a new type share its id, so the type shows once until the server's arrives.
    const newTypeIds = new Map<string, string>();
    const made: { key: string; regNumber: string; mutationId: string }[] = [];
    for (const row of rows) {
      const type = resolveVehicleType(row.vehicleType, lookups.vehicleTypes);
      let newVehicleTypeId: string | null = null;
      if (type.isNew) {
        const typeKey = type.vehicleType.toLowerCase();
        newVehicleTypeId = newTypeIds.get(typeKey) ?? nanoid(ID_LENGTH);
        newTypeIds.set(typeKey, newVehicleTypeId);
      }
      const args: CreateVehicleArgs = {
        vehicleId: nanoid(ID_LENGTH),
        orgId: user.orgId,
        regNumber: row.regNumber.trim(),
        vehicleType: type.vehicleType,
        newVehicleTypeId,
        sectionId: row.sectionId as string,
        workflowId: row.workflowId as number,
        wrm: row.wrm,
      };
      const entry = await mutate(createVehicle, args);
      made.push({ key: row.key, regNumber: args.regNumber, mutationId: entry.id });
    }

    const reachable = online && !signInRequired;
    const outcomes: MutationOutcome[] = await Promise.all(made.map((m) => awaitOutcome(db, m.mutationId, { timeoutMs: reachable ? OUTCOME_WAIT_MS : 0 })));
    const refused: Failure[] = [];
    const refusedKeys = new Set<string>();
    let queued = 0;
    for (const [i, outcome] of outcomes.entries()) {
      const m = made[i]!;
      if (outcome.kind === 'rejected') {
        // Shown here, next to the vehicle, rather than a second time in the sync indicator's list.
        await dismissRejected(db, m.mutationId);
        refused.push({ regNumber: m.regNumber, message: outcome.message });
        refusedKeys.add(m.key);
      } else if (outcome.kind === 'queued') {
        queued++;
      }
    }
    const added = made.length - refused.length;
    if (added > 0) {
      const noun = added === 1 ? 'vehicle' : 'vehicles';
      if (queued > 0) {
        notifications.show({
          title: 'Vehicles saved on this device',
          message: reachable
            ? `${added} ${noun} will be added as soon as the server confirms the change.`
            : `${added} ${noun} will be added when the device is back online.`,
        });
      } else {
        notifications.show({ message: `${added} ${noun} added.`, color: 'green' });
      }
    }
    if (refused.length === 0) {
      close();
      return;
    }
    setRows((prev) => prev.filter((r) => refusedKeys.has(r.key)));
    setFailures(refused);
  };

  const goToAdministration = () => {
    close();
    void navigate('/OrganizationAdministration');
  };

  const failureText =
    failures.length > 0 ? (
      <Stack gap={4}>
        <Text size="sm">{failures.length === 1 ? 'The server refused this vehicle:' : 'The server refused these vehicles:'}</Text>
        <List size="sm" spacing={2}>
          {failures.map((f) => (
            <List.Item key={f.regNumber}>
              {f.regNumber}: {f.message}
            </List.Item>
          ))}
        </List>
      </Stack>
    ) : null;

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Add Vehicle(s)"
      size="xl"
      onSubmit={noSections ? undefined : submit}
      canSubmit={!noSections && !hasErrors(errors)}
      closeOnSuccess={false}
      error={failureText}
      dirty={rows.some((r) => r.vehicleType !== '' || r.regNumber !== '' || r.sectionId !== null || r.workflowId !== null || r.wrm)}
    >
      {noSections ? (
        <Stack gap="md" align="flex-start">
          <Text>{NO_SECTIONS_TEXT}</Text>
          <Button onClick={goToAdministration}>Go to Administration</Button>
        </Stack>
      ) : (
        <>
          {rows.map((row, index) => {
            const e = errors[index]!;
            const shown = (field: keyof NewVehicleErrors) => (row.touched[field] ? e[field] : null);
            return (
              <Fieldset key={row.key} legend={`Vehicle ${index + 1}`} p="sm">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
                  <VehicleTypeInput
                    value={row.vehicleType}
                    types={lookups.vehicleTypes}
                    onChange={(vehicleType) => update(row.key, { vehicleType }, 'vehicleType')}
                    onBlur={() => touch(row.key, 'vehicleType')}
                    error={shown('vehicleType')}
                  />
                  <TextInput
                    label="Registration Number"
                    required
                    value={row.regNumber}
                    maxLength={REG_NUMBER_MAX}
                    onChange={(event) => update(row.key, { regNumber: limitRegNumberInput(event.currentTarget.value) }, 'regNumber')}
                    onBlur={() => touch(row.key, 'regNumber')}
                    error={shown('regNumber')}
                    autoComplete="off"
                    // Not the type field: its list would open over the form as the dialog opens.
                    data-autofocus={index === 0 ? true : undefined}
                  />
                  <Typeahead
                    label="Section"
                    required
                    options={sectionOptions}
                    value={row.sectionId}
                    onChange={(sectionId) => update(row.key, { sectionId }, 'sectionId')}
                    onBlur={() => touch(row.key, 'sectionId')}
                    error={shown('sectionId')}
                  />
                  <Typeahead
                    label="Workflow"
                    required
                    options={workflowOptions}
                    value={row.workflowId === null ? null : String(row.workflowId)}
                    onChange={(value) => update(row.key, { workflowId: value === null ? null : Number(value) }, 'workflowId')}
                    onBlur={() => touch(row.key, 'workflowId')}
                    error={shown('workflowId')}
                  />
                </SimpleGrid>
                <Group justify="space-between" mt="sm">
                  <Checkbox label="WRM" checked={row.wrm} onChange={(event) => update(row.key, { wrm: event.currentTarget.checked })} />
                  {rows.length > 1 ? (
                    <Tooltip label="Remove this vehicle">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove vehicle ${index + 1}`}
                        onClick={() => setRows((prev) => prev.filter((r) => r.key !== row.key))}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Fieldset>
            );
          })}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setRows((prev) => [...prev, emptyRow()])}>
              Add another vehicle
            </Button>
          </Group>
        </>
      )}
    </FormModal>
  );
}
