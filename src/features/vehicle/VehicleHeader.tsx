import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil, IconRestore } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../../core/schema/common.ts';
import { VEHICLE_STATUS_LABELS } from '../../../core/schema/vehicle.ts';
import { createVehicleType } from '../../data/vehicle-types/create-vehicle-type.ts';
import { setCommission } from '../../data/vehicles/set-commission.ts';
import { useMutate, usePending } from '../../sync/react.tsx';
import { CurrentAf1800Button } from '../../shared/af1800/CurrentAf1800Button.tsx';
import { QrLabelButton } from '../../shared/qr/QrLabelButton.tsx';
import { formatDate } from '../../shared/fleet-format.ts';
import { StatusIcon } from '../../shared/StatusIcon.tsx';
import { CommissionDialog } from './dialogs/CommissionDialog.tsx';
import { EditDescriptionDialog } from './dialogs/EditDescriptionDialog.tsx';
import { EditPickerDialog } from './dialogs/EditPickerDialog.tsx';
import { EditReadingDialog } from './dialogs/EditReadingDialog.tsx';
import { EditRegNumberDialog } from './dialogs/EditRegNumberDialog.tsx';
import { EditStatusDialog } from './dialogs/EditStatusDialog.tsx';
import { useUpdateVehicle } from './dialogs/use-update-vehicle.ts';
import type { VehicleDetails } from './use-vehicle.ts';
import type { VehicleLookups } from '../../shared/use-vehicle-lookups.ts';
import { formatReading, NOT_AVAILABLE, yearMakeModel, yesNo } from './vehicle-display.ts';
import { sectionChoices, workflowChoices } from '../../shared/vehicle-options.ts';

export interface VehicleHeaderProps {
  details: VehicleDetails;
  lookups: VehicleLookups;
  /** Read-only users see no edit control and no workflow (part 1 §6). */
  readOnly: boolean;
  /** The registration changed: the page moves to it. */
  onRenamed: (regNumber: string) => void;
}

type Dialog = 'regNumber' | 'section' | 'workflow' | 'description' | 'hours' | 'mileage' | 'status' | 'commission';

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick} my={-10}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function Field({ label, children, edit }: { label: string; children: ReactNode; edit?: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {children}
        </Text>
        {edit}
      </Group>
    </Stack>
  );
}

/**
 * The vehicle page's header (part 1 §2): registration, section, owner, inspection workflow, type,
 * year/make/model, EOL date, WRM, last reported hours and mileage, status with ETIC, TDY, and the
 * Decommission / Decommissioned button; each editable attribute opens its own small dialog.
 */
export function VehicleHeader({ details, lookups, readOnly, onRenamed }: VehicleHeaderProps) {
  const { vehicle, onTdy, ownerName } = details;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mutate = useMutate();
  const update = useUpdateVehicle();
  const pending = usePending(`vehicles:${vehicle.vehicleId}`);
  const close = () => setDialog(null);
  const edit = (which: Dialog, label: string) => (readOnly ? undefined : <EditButton label={label} onClick={() => setDialog(which)} />);

  const decommissioned = vehicle.decommissionDate !== null;
  const status = vehicle.status[0]?.status ?? 'valid';
  const section = lookups.sections.find((s) => s.sectionId === vehicle.sectionId);
  const workflow = lookups.workflows.find((w) => w.workflowId === vehicle.workflowId);
  const id = vehicle.vehicleId;

  const saveDescription = async (changes: Parameters<typeof update>[1], newType: string | null) => {
    if (newType) await mutate(createVehicleType, { vehicleTypeId: nanoid(ID_LENGTH), vehicleType: newType });
    await update(id, changes);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {vehicle.regNumber}
          </Title>
          {edit('regNumber', 'Edit registration number')}
          {pending ? (
            <Badge size="sm" tt="none" color="yellow.4" variant="filled" title="Waiting to be sent to the server">
              Pending
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <CurrentAf1800Button vehicleId={id} regNumber={vehicle.regNumber} />
          <QrLabelButton regNumber={vehicle.regNumber} vehicleType={vehicle.vehicleType} />
          {readOnly ? (
            decommissioned ? (
              <Badge color="red" variant="light" size="lg" tt="none">
                Decommissioned
              </Badge>
            ) : null
          ) : (
            <Button
              variant={decommissioned ? 'light' : 'outline'}
              color="red"
              leftSection={decommissioned ? <IconRestore size={18} aria-hidden /> : <IconArchive size={18} aria-hidden />}
              onClick={() => setDialog('commission')}
              title={decommissioned ? 'Re-commission this vehicle' : undefined}
            >
              {decommissioned ? 'Decommissioned' : 'Decommission'}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="lg" verticalSpacing="md">
          <Field label="Section" edit={edit('section', 'Edit section')}>
            {section?.sectionName ?? NOT_AVAILABLE}
          </Field>
          <Field label="Owner">{ownerName ?? NOT_AVAILABLE}</Field>
          {readOnly ? null : (
            <Field label="Inspection Workflow" edit={edit('workflow', 'Edit inspection workflow')}>
              {workflow?.title ?? NOT_AVAILABLE}
            </Field>
          )}
          <Field label="Type" edit={edit('description', 'Edit description')}>
            {vehicle.vehicleType}
          </Field>
          <Field label="Year / Make / Model">{yearMakeModel(vehicle)}</Field>
          <Field label="EOL Date">{formatDate(vehicle.eolDate) || NOT_AVAILABLE}</Field>
          <Field label="WRM">{yesNo(vehicle.wrm)}</Field>
          <Field label="Last Reported Hours" edit={edit('hours', 'Edit hours')}>
            {formatReading(vehicle.lastReportedHours)}
          </Field>
          <Field label="Last Reported Mileage" edit={edit('mileage', 'Edit mileage')}>
            {formatReading(vehicle.lastReportedMileage)}
          </Field>
          <Field label="Status" edit={edit('status', 'Update status')}>
            <Group gap={4} wrap="nowrap">
              <StatusIcon status={status} size={22} />
              <span>{VEHICLE_STATUS_LABELS[status]}</span>
            </Group>
          </Field>
          <Field label="ETIC">{formatDate(vehicle.eticDate) || NOT_AVAILABLE}</Field>
          <Field label="TDY">{yesNo(onTdy)}</Field>
        </SimpleGrid>
      </Paper>

      {dialog === 'regNumber' ? <EditRegNumberDialog vehicle={vehicle} onClose={close} onSaved={onRenamed} /> : null}
      {dialog === 'section' ? (
        <EditPickerDialog
          label="Section"
          title="Edit Section"
          options={sectionChoices(lookups.sections)}
          current={vehicle.sectionId}
          onClose={close}
          onSave={(sectionId) => update(id, { sectionId })}
        />
      ) : null}
      {dialog === 'workflow' ? (
        <EditPickerDialog
          label="Workflow"
          title="Edit Inspection Workflow"
          options={workflowChoices(lookups.workflows, vehicle.workflowId)}
          current={vehicle.workflowId === null ? null : String(vehicle.workflowId)}
          onClose={close}
          onSave={(value) => update(id, { workflowId: Number(value) })}
        />
      ) : null}
      {dialog === 'description' ? <EditDescriptionDialog vehicle={vehicle} types={lookups.vehicleTypes} onClose={close} onSave={saveDescription} /> : null}
      {dialog === 'hours' ? <EditReadingDialog label="Hours" current={vehicle.lastReportedHours} onClose={close} onSave={(hours) => update(id, { hours })} /> : null}
      {dialog === 'mileage' ? (
        <EditReadingDialog label="Mileage" current={vehicle.lastReportedMileage} onClose={close} onSave={(miles) => update(id, { miles })} />
      ) : null}
      {dialog === 'status' ? <EditStatusDialog status={status} eticDate={vehicle.eticDate} onClose={close} onSave={(changes) => update(id, changes)} /> : null}
      {dialog === 'commission' ? (
        <CommissionDialog
          regNumber={vehicle.regNumber}
          decommissioned={decommissioned}
          onClose={close}
          onConfirm={async () => {
            await mutate(setCommission, { vehicleId: id, decommissioned: !decommissioned });
          }}
        />
      ) : null}
    </Stack>
  );
}
