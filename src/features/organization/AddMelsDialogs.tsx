import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../core/schema/common.ts';
import { resolveVehicleType } from '../../../core/rules/vehicle-form.ts';
import { sectionMelRowErrors, typeMelRowErrors, type SectionMelRow, type TypeMelRow } from '../../../core/rules/org-admin-form.ts';
import type { Section } from '../../../core/schema/organization.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { addSectionMels, addVehicleTypeMels } from '../../data/organization/mel-mutators.ts';
import { createVehicleType } from '../../data/vehicle-types/create-vehicle-type.ts';
import { VehicleTypeInput } from '../../shared/VehicleTypeInput.tsx';
import { useMutate } from '../../sync/react.tsx';
import type { SectionGroup, TypeGroup } from './admin-groups.ts';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/** The rows of an Add ... MELs dialog: one per MEL, a remove button each (but the last), and 'Add Another'. */
function MelRows<R>({
  rows,
  setRows,
  blank,
  render,
}: {
  rows: R[];
  setRows(rows: R[]): void;
  blank: () => R;
  render(row: R, i: number, set: (row: R) => void): ReactNode;
}) {
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          {render(row, i, (next) => setRows(rows.map((r, j) => (j === i ? next : r))))}
          <Tooltip label="Remove this row">
            <ActionIcon
              variant="subtle"
              color="red"
              mt={30}
              aria-label={`Remove row ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Group>
        <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRows([...rows, blank()])}>
          Add Another
        </Button>
      </Group>
    </Stack>
  );
}

/** The rows of an Add ... MELs dialog and whether the user has changed them yet (messages show after). */
function useMelRows<R>(blank: R) {
  const [rows, setRows] = useState<R[]>([blank]);
  const [touched, setTouched] = useState(false);
  const set = (next: R[]) => {
    setTouched(true);
    setRows(next);
  };
  return { rows, touched, setRows: set, blank: () => blank };
}

const melInput = (value: string, error: string | null, onChange: (mel: string) => void, label: string) => (
  <TextInput label="MEL" aria-label={label} required inputMode="numeric" w={110} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} />
);

/**
 * Add Vehicle Type MELs, to a section (part 2 §2.3, §5): vehicle types chosen or typed (a new one is
 * created first, so it is in every picker at once) with their MELs.
 */
export function AddTypeMelsDialog({ section, typeNames, onClose }: { section: SectionGroup; typeNames: string[]; onClose(): void }) {
  const change = useChangeWithVerdict();
  const mutate = useMutate();
  const table = useMelRows<TypeMelRow>({ vehicleType: '', mel: '' });
  const { rows, touched } = table;
  const errors = typeMelRowErrors(
    rows,
    typeNames,
    section.mels.map((m) => m.vehicleType),
  );
  const valid = errors.every((e) => e.vehicleType === null && e.mel === null);

  const submit = async () => {
    const resolved = rows.map((r) => resolveVehicleType(r.vehicleType, typeNames));
    for (const type of resolved.filter((t) => t.isNew)) await mutate(createVehicleType, { vehicleTypeId: nanoid(ID_LENGTH), vehicleType: type.vehicleType });
    await change(addSectionMels, {
      sectionId: section.sectionId,
      mels: rows.map((r, i) => ({ melId: nanoid(ID_LENGTH), vehicleType: resolved[i]!.vehicleType, mel: Number(r.mel.trim()) })),
    });
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Add Vehicle Type MELs: ${section.sectionName}`}
      size="lg"
      submitLabel="Save"
      canSubmit={valid}
      dirty={touched}
      onSubmit={submit}
    >
      <MelRows
        {...table}
        render={(row, i, set) => (
          <>
            <div style={{ flex: 1 }}>
              <VehicleTypeInput
                value={row.vehicleType}
                types={typeNames}
                onChange={(vehicleType) => set({ ...row, vehicleType })}
                error={touched && row.vehicleType !== '' ? errors[i]!.vehicleType : null}
              />
            </div>
            {melInput(row.mel, touched && row.mel !== '' ? errors[i]!.mel : null, (mel) => set({ ...row, mel }), `MEL ${i + 1}`)}
          </>
        )}
      />
    </FormModal>
  );
}

/** Add Section MELs, of a vehicle type (part 2 §2.3, §5): sections with their MELs of the type. */
export function AddSectionMelsDialog({ type, sections, onClose }: { type: TypeGroup; sections: Section[]; onClose(): void }) {
  const change = useChangeWithVerdict();
  const table = useMelRows<SectionMelRow>({ sectionId: null, mel: '' });
  const { rows, touched } = table;
  const errors = sectionMelRowErrors(
    rows,
    type.mels.map((m) => m.sectionId),
  );
  const valid = errors.every((e) => e.sectionId === null && e.mel === null);
  const options = [...sections].sort((a, b) => a.sectionName.localeCompare(b.sectionName)).map((s) => ({ value: s.sectionId, label: s.sectionName }));

  const submit = () =>
    change(addVehicleTypeMels, {
      vehicleType: type.vehicleType,
      mels: rows.map((r) => ({ melId: nanoid(ID_LENGTH), sectionId: r.sectionId!, mel: Number(r.mel.trim()) })),
    });

  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Add Section MELs: ${type.vehicleType}`}
      size="lg"
      submitLabel="Save"
      canSubmit={valid}
      dirty={touched}
      onSubmit={submit}
    >
      <MelRows
        {...table}
        render={(row, i, set) => (
          <>
            <Select
              label="Section"
              aria-label={`Section ${i + 1}`}
              required
              data={options}
              value={row.sectionId}
              onChange={(sectionId) => set({ ...row, sectionId })}
              error={touched && row.sectionId !== null ? errors[i]!.sectionId : null}
              {...searchablePickerProps}
              comboboxProps={{ withinPortal: true }}
              style={{ flex: 1 }}
              data-autofocus={i === 0}
            />
            {melInput(row.mel, touched && row.mel !== '' ? errors[i]!.mel : null, (mel) => set({ ...row, mel }), `MEL ${i + 1}`)}
          </>
        )}
      />
    </FormModal>
  );
}
