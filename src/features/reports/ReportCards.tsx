import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ProblemVehicle, SectionReport } from '../../../core/schema/monthly-report.ts';
import { wholePercent } from '../../../core/rules/percent.ts';
import { AF1800_RULE_PREFIX } from '../../../core/schema/rule.ts';
import { vehiclePath } from '../../shared/fleet-format.ts';

/** A line of a card: its label, its number and, when set, the whole the number is a part of (shown as a percentage). */
type CardLine = [label: string, count: number, of?: number];

function Card({ title, value, lines }: { title: string; value: number; lines: CardLine[] }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={title}>
      <Text size="sm" fw={600} c="dimmed">
        {title}
      </Text>
      <Text fz={32} fw={700} lh={1.2}>
        {value}
      </Text>
      {lines.map(([label, n, of]) => {
        const percent = of === undefined ? null : wholePercent(n, of);
        return (
          <Text key={label} size="sm">
            {label}: <b>{n}</b>
            {percent === null ? null : ` (${percent}%)`}
          </Text>
        );
      })}
    </Paper>
  );
}

/** The six cards (part 2 §2.6): Vehicles, Inspections, Discrepancies, LTI, PMI, Scheduled. */
export function ReportCards({ report }: { report: SectionReport }) {
  const { vehicles, inspections, mx } = report;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
      <Card
        title="Vehicles"
        value={vehicles.total}
        lines={[
          ['InOp', vehicles.inOp],
          ['WRM', vehicles.wrm],
        ]}
      />
      <Card
        title="Inspections"
        value={inspections.total}
        lines={[
          ['Failed', inspections.failed, inspections.total],
          ['Notes', inspections.notes],
        ]}
      />
      <Card
        title="Discrepancies"
        value={mx.discrepancies.total}
        lines={[
          ['Addressable', mx.discrepancies.addressable, mx.discrepancies.total],
          ['Disregarded', mx.discrepancies.disregarded, mx.discrepancies.total],
        ]}
      />
      <Card title="LTI" value={mx.lti.performed} lines={[['Failed', mx.lti.failed, mx.lti.performed]]} />
      <Card title="PMI" value={mx.pmi.performed} lines={[['Failed', mx.pmi.failed, mx.pmi.performed]]} />
      <Card
        title="Scheduled"
        value={mx.scheduled.scheduled}
        lines={[
          ['Performed', mx.scheduled.performed],
          ['Missed', mx.scheduled.failed, mx.scheduled.scheduled],
        ]}
      />
    </SimpleGrid>
  );
}

function ProblemList({ title, vehicles }: { title: string; vehicles: readonly ProblemVehicle[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={4} size="h5" mb="xs">
        {title}
      </Title>
      {vehicles.length === 0 ? (
        <Text c="dimmed">No Problems</Text>
      ) : (
        <Table aria-label={title} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Registration</Table.Th>
              <Table.Th ta="right">Count</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vehicles.map((v) => (
              <Table.Tr key={v.vehicleId}>
                <Table.Td>
                  <Anchor component={Link} to={vehiclePath(v.regNumber)}>
                    {v.regNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{v.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Problem Vehicles (part 2 §2.6): three lists, each with registration numbers and a number. */
export function ProblemVehicles({ report }: { report: SectionReport }) {
  const { problems } = report;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Problem Vehicles
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ProblemList title="Most Failed Inspections" vehicles={problems.failedInspections} />
        <ProblemList title="Most Total Discrepancies" vehicles={problems.totalDiscrepancies} />
        <ProblemList title="Most Addressable Discrepancies" vehicles={problems.addressableDiscrepancies} />
      </SimpleGrid>
    </Stack>
  );
}

/** AF-1800 items' rule ids start with AF1800- (part 2 §3); an organization's own rules have none. */
const isAf1800Item = (ruleId: string) => ruleId.startsWith(AF1800_RULE_PREFIX);

/** Failures (part 2 §2.6): AF-1800 id, title and count, the most first; 'No Failures' when none. */
export function ReportFailures({ report }: { report: SectionReport }) {
  const rows = Object.entries(report.failures)
    .map(([ruleId, f]) => ({ ruleId, ...f }))
    .sort((a, b) => b.count - a.count || a.ruleId.localeCompare(b.ruleId, undefined, { numeric: true }));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h3" mb="xs">
        Failures
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">No Failures</Text>
      ) : (
        <Table striped aria-label="Failures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>AF-1800 Id</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th ta="right">Count</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.ruleId}>
                <Table.Td>
                  {isAf1800Item(r.ruleId) ? (
                    r.ruleId
                  ) : (
                    <Text span c="dimmed" size="sm">
                      Custom rule
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{r.title}</Table.Td>
                <Table.Td ta="right">{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
