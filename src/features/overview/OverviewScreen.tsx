import { useState } from 'react';
import { Anchor, Center, Group, Loader, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OverviewVehicle } from '../../../core/schema/fleet-overview.ts';
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from '../../../core/schema/vehicle.ts';
import { useSession } from '../../auth/session-context.ts';
import { downloadText } from '../../components/download-file.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { vehiclePath } from '../../shared/fleet-format.ts';
import { useSyncFact } from '../../sync/react.tsx';
import { availabilityCsv, availabilityFileName } from './availability-csv.ts';
import { OverviewLists } from './OverviewLists.tsx';
import { StatusDonut } from './StatusDonut.tsx';
import { useOverview } from './use-overview.ts';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

type Scope = 'fleet' | 'section';

/**
 * The Overview (/, part 2 §2.7): the whole fleet or one section, three status donuts and the nine
 * lists, from the mirror with the rule the server answers GET .../fleet with, so it works offline.
 * The Section tab is for sectionLead and vco; a vco chooses the section, others see their own
 * (the first section when they have none).
 */
export function OverviewScreen() {
  const { role } = useSession().user;
  const withSection = role === 'vco' || role === 'sectionLead';
  const [scope, setScope] = useState<Scope>('fleet');
  const [chosen, setChosen] = useState<string | null>(null);
  const [slice, setSlice] = useState<{ title: string; status: VehicleStatus; vehicles: readonly OverviewVehicle[] } | null>(null);
  const bootstrapped = useSyncFact((s) => s.bootstrapped);

  // The Section tab's section: the vco's choice, else the user's own, else the first.
  const asked = { scope, chosen: role === 'vco' ? chosen : null };
  const read = useOverview(asked.scope, asked.chosen);

  // Not before the first sync ends: a part of the fleet would show wrong counts (as Fleet Details waits).
  if (!read || !bootstrapped)
    return (
      <Stack gap="md">
        <Title order={1}>Overview</Title>
        <Center py="xl">
          <Loader aria-label="Loading the overview" />
        </Center>
      </Stack>
    );
  // Until the new scope's read answers, the tabs and the section picker stay and the panel shows a loader.
  const { overview, sections, sectionId } = read.value;
  const sectionName = scope === 'section' ? (sections.find((s) => s.sectionId === sectionId)?.sectionName ?? null) : null;
  const within = sectionName ? ` in ${sectionName}` : '';
  const other = overview.fmc.filter((v) => !v.wrm);
  const open = (title: string, vehicles: readonly OverviewVehicle[]) => (status: VehicleStatus) =>
    setSlice({ title, status, vehicles: vehicles.filter((v) => v.status === status) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Overview</Title>
        {scope === 'section' && role === 'vco' ? (
          <Select
            label="Section"
            data={sections.map((s) => ({ value: s.sectionId, label: s.sectionName }))}
            value={sectionId}
            onChange={(v) => setChosen(v)}
            allowDeselect={false}
            {...searchablePickerProps}
            w={260}
          />
        ) : null}
      </Group>
      <Tabs value={scope} keepMounted={false} onChange={(v) => setScope((v as Scope) ?? 'fleet')}>
        <Tabs.List>
          <Tabs.Tab value="fleet">Whole Fleet</Tabs.Tab>
          {withSection ? <Tabs.Tab value="section">Section</Tabs.Tab> : null}
        </Tabs.List>
        {(['fleet', 'section'] as const).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {!read.current ? (
              <Center py="xl">
                <Loader aria-label="Loading the overview" />
              </Center>
            ) : (
              <Stack gap="md">
                {/* Which part of the fleet the panel shows, named (issue 52): a section lead has no picker that says it. */}
                <Title order={2} size="h3">
                  {scope === 'fleet' ? 'Whole Fleet' : sectionName ? `Section ${sectionName}` : 'Section'}
                </Title>
                {scope === 'section' && sectionId === null ? <Text c="dimmed">The organization has no sections yet.</Text> : null}
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <StatusDonut title="All Vehicles" vehicles={overview.fmc} empty={`No vehicles to report${within}`} onSlice={open('All Vehicles', overview.fmc)} />
                  <StatusDonut
                    title="WRM Vehicles"
                    vehicles={overview.wrm}
                    empty={`No WRM vehicles to report${within}`}
                    onSlice={open('WRM Vehicles', overview.wrm)}
                  />
                  <StatusDonut title="Other Vehicles" vehicles={other} empty={`No other vehicles to report${within}`} onSlice={open('Other Vehicles', other)} />
                </SimpleGrid>
                <OverviewLists
                  overview={overview}
                  onDownload={() => downloadText(availabilityCsv(overview.availability), availabilityFileName(sectionName, new Date()), 'text/csv;charset=utf-8')}
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {slice ? (
        <FormModal opened onClose={() => setSlice(null)} title={`${slice.title}: ${VEHICLE_STATUS_LABELS[slice.status]}`}>
          <Table aria-label="Vehicles of the slice" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Registration</Table.Th>
                <Table.Th>Vehicle Type</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slice.vehicles.map((v) => (
                <Table.Tr key={v.vehicleId}>
                  <Table.Td>
                    <Anchor component={Link} to={vehiclePath(v.regNumber)}>
                      {v.regNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{v.vehicleType}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FormModal>
      ) : null}
    </Stack>
  );
}
