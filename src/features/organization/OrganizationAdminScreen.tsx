import { useState } from 'react';
import { Accordion, Button, Center, Grid, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconPlus } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { newVehicleTypeError, sectionNameError } from '../../../core/rules/org-admin-form.ts';
import { ID_LENGTH } from '../../../core/schema/common.ts';
import { useSession } from '../../auth/session-context.ts';
import { ConfirmDelete } from '../../components/record-tab/ConfirmDelete.tsx';
import { deleteMel } from '../../data/organization/mel-mutators.ts';
import { createSection, deleteSection, renameSection } from '../../data/organization/section-mutators.ts';
import { createVehicleType } from '../../data/vehicle-types/create-vehicle-type.ts';
import { useSyncFact } from '../../sync/react.tsx';
import { AddSectionMelsDialog, AddTypeMelsDialog } from './AddMelsDialogs.tsx';
import { SectionPanel, TypePanel, type AdminAction } from './AdminPanels.tsx';
import { ContactInfo } from './ContactInfo.tsx';
import { EditMelDialog } from './EditMelDialog.tsx';
import { LeadTimes } from './LeadTimes.tsx';
import { NameDialog } from './NameDialog.tsx';
import { ShiftTimes } from './ShiftTimes.tsx';
import { TimeZone } from './TimeZone.tsx';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';
import { useOrganizationAdmin, type OrganizationAdmin } from './use-organization-admin.ts';

type Dialog = AdminAction | { kind: 'newSection' } | { kind: 'newType' };

/**
 * Organization Administration (/OrganizationAdministration, part 2 §2.3; vco and sectionLead): the
 * organization's options (lead times for everyone here; shift times and contacts for a vco), then
 * its sections or, grouped by vehicle type, its vehicle types, each a panel with its MELs. Everything
 * reads the mirror and changes through the outbox, so it works offline.
 */
export function OrganizationAdminScreen() {
  const data = useOrganizationAdmin();
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  if (data === undefined || (data.organization === null && !bootstrapped))
    return (
      <Center py="xl">
        <Loader aria-label="Loading the organization" />
      </Center>
    );
  if (data.organization === null) return <Text>The organization's data is not on this device yet. It appears after the next sync.</Text>;
  return <Administration data={data as OrganizationAdmin & { organization: NonNullable<OrganizationAdmin['organization']> }} />;
}

function Administration({ data }: { data: OrganizationAdmin & { organization: NonNullable<OrganizationAdmin['organization']> } }) {
  const { role } = useSession().user;
  const isVco = role === 'vco';
  const change = useChangeWithVerdict();
  const [byType, setByType] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const values = byType ? data.types.map((t) => `type-${t.key}`) : data.sections.map((s) => s.sectionId);
  const open = values.filter((v) => !collapsed.has(v));
  const allOpen = values.length > 0 && open.length === values.length;
  const sectionNames = data.sectionRows.map((s) => s.sectionName);

  return (
    <Stack gap="lg">
      <Title order={1}>Organization Options</Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder p="md" h="100%">
            <LeadTimes organization={data.organization} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md" h="100%">
            <TimeZone organization={data.organization} canEdit={isVco} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" h="100%">
            <ShiftTimes organization={data.organization} canEdit={isVco} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" h="100%">
            <ContactInfo organization={data.organization} canEdit={isVco} vcoUsers={data.vcoUsers} userNames={data.userNames} />
          </Paper>
        </Grid.Col>
      </Grid>

      <Stack gap="sm">
        <Title order={2}>{byType ? 'Vehicle Types' : 'Sections'}</Title>
        <Group justify="space-between">
          <Group gap="md">
            <Switch label="Group by Vehicle Type" checked={byType} onChange={(e) => setByType(e.currentTarget.checked)} />
            <Button
              variant="default"
              leftSection={allOpen ? <IconArrowsMinimize size={16} aria-hidden /> : <IconArrowsMaximize size={16} aria-hidden />}
              disabled={values.length === 0}
              onClick={() => setCollapsed(allOpen ? new Set([...collapsed, ...values]) : new Set())}
            >
              {allOpen ? 'Collapse All' : 'Expand All'}
            </Button>
          </Group>
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'newSection' })}>
              New Section
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'newType' })}>
              New Vehicle Type
            </Button>
          </Group>
        </Group>
        {values.length === 0 ? (
          <Paper withBorder p="lg">
            <Text c="dimmed">
              {byType ? 'No vehicle types yet. Add one with New Vehicle Type.' : 'No sections yet. Add one with New Section before adding vehicles or users to it.'}
            </Text>
          </Paper>
        ) : (
          <Accordion
            multiple
            chevronPosition="left"
            variant="separated"
            value={open}
            onChange={(next) => setCollapsed(new Set([...[...collapsed].filter((v) => !values.includes(v)), ...values.filter((v) => !next.includes(v))]))}
          >
            {byType
              ? data.types.map((type) => <TypePanel key={type.key} type={type} act={setDialog} />)
              : data.sections.map((section) => <SectionPanel key={section.sectionId} section={section} act={setDialog} />)}
          </Accordion>
        )}
      </Stack>

      {dialog?.kind === 'newSection' ? (
        <NameDialog
          title="New Section"
          label="Section Name"
          check={(v) => sectionNameError(v, sectionNames)}
          save={(sectionName) => change(createSection, { sectionId: nanoid(ID_LENGTH), sectionName })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'renameSection' ? (
        <NameDialog
          title="Rename Section"
          label="Section Name"
          initial={dialog.section.sectionName}
          check={(v) => sectionNameError(v, sectionNames, dialog.section.sectionName)}
          save={(sectionName) => change(renameSection, { sectionId: dialog.section.sectionId, sectionName })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'newType' ? (
        <NameDialog
          title="New Vehicle Type"
          label="Vehicle Type"
          check={(v) => newVehicleTypeError(v, data.typeNames)}
          save={(vehicleType) => change(createVehicleType, { vehicleTypeId: nanoid(ID_LENGTH), vehicleType })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'deleteSection' ? (
        <ConfirmDelete
          title="Delete Section"
          message={`Are you sure you want to delete section ${dialog.section.sectionName}?`}
          onConfirm={() => change(deleteSection, { sectionId: dialog.section.sectionId })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'deleteMel' ? (
        <ConfirmDelete
          title="Remove MEL"
          message={`Are you sure you want to remove MEL for ${dialog.mel.vehicleType}?`}
          onConfirm={() => change(deleteMel, { melId: dialog.mel.melId })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'editMel' ? <EditMelDialog mel={dialog.mel} sectionName={dialog.sectionName} onClose={close} /> : null}
      {dialog?.kind === 'addTypeMels' ? <AddTypeMelsDialog section={dialog.section} typeNames={data.typeNames} onClose={close} /> : null}
      {dialog?.kind === 'addSectionMels' ? <AddSectionMelsDialog type={dialog.type} sections={data.sectionRows} onClose={close} /> : null}
    </Stack>
  );
}
