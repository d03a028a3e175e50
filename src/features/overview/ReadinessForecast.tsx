import { Anchor, Box, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { melVerdict } from '../../../core/rules/fleet-overview.ts';
import type { ForecastReason, ForecastType, ReadinessForecast as Forecast } from '../../../core/schema/fleet-overview.ts';
import { formatDate, vehiclePath } from '../../shared/fleet-format.ts';
import { ListTable } from './ListTable.tsx';
import { VERDICT_COLORS } from './verdict-colors.ts';

const REASON_LABELS: Record<ForecastReason, string> = {
  inoperable: 'inoperable',
  inMx: 'in Mx',
  scheduledMx: 'scheduled Mx',
  lti: 'LTI',
  pmi: 'PMI',
  wash: 'wash',
  tdy: 'TDY',
  eol: 'EOL',
};

type Row = ForecastType & { sectionId: string; sectionName: string };

const dayLabel = (from: string, d: number) => dayjs(from).add(d, 'day').format('ddd MM/DD');

/** The next 30 days of one vehicle type as a strip of days, each coloured as the Availability list colours its type. */
function ForecastStrip({ row, from }: { row: Row; from: string }) {
  const low = Math.min(...row.available);
  const lowDay = row.available.indexOf(low);
  const summary =
    low >= row.mel ? `At or above the MEL of ${row.mel} every day` : `Lowest ${low} available against a MEL of ${row.mel}, on ${dayLabel(from, lowDay)}`;
  return (
    <Group gap={1} wrap="nowrap" role="img" aria-label={summary}>
      {row.available.map((n, d) => (
        <Box
          key={d}
          title={`${dayLabel(from, d)}: ${n} available`}
          w={8}
          h={22}
          style={{ borderRadius: 2, background: VERDICT_COLORS[melVerdict({ available: n, mel: row.mel })] }}
        />
      ))}
    </Group>
  );
}

/**
 * The readiness forecast (issue 20, beyond the spec; docs/overview.md): each vehicle type with a MEL
 * over the next 30 days, the first day it falls short and the vehicles out that day, each linking to
 * its vehicle, so a supervisor can move a service before it breaks readiness.
 */
export function ReadinessForecast({ forecast }: { forecast: Forecast }) {
  const rows: Row[] = forecast.sections.flatMap((s) => s.vehicleTypes.map((t) => ({ ...t, sectionId: s.sectionId, sectionName: s.sectionName })));
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        Vehicles projected available for each vehicle type with a MEL, from today to{' '}
        {formatDate(
          dayjs(forecast.from)
            .add(forecast.days - 1, 'day')
            .format('YYYY-MM-DD'),
        )}
        : scheduled Mx, LTIs, PMIs and washes take a vehicle out on their day, TDYs over their period, EOL from its date, and a vehicle not mission capable until the
        day after its ETIC. Unscheduled breakdowns are not predicted.
      </Text>
      <ListTable<Row>
        label="Readiness Forecast"
        rows={rows}
        rowKey={(t) => `${t.sectionId}:${t.vehicleType}`}
        empty="No vehicle type has a MEL to forecast against"
        columns={[
          { header: 'Section', cell: (t) => t.sectionName },
          { header: 'Vehicle Type', cell: (t) => t.vehicleType },
          { header: 'MEL', cell: (t) => t.mel, numeric: true },
          { header: 'Next 30 Days', cell: (t) => <ForecastStrip row={t} from={forecast.from} /> },
          {
            header: 'First Shortfall',
            cell: (t) => (t.shortfall ? `${formatDate(t.shortfall.date)}: ${t.shortfall.available} available` : 'None'),
          },
          {
            header: 'Out That Day',
            cell: (t) =>
              t.shortfall === null
                ? ''
                : t.shortfall.out.length === 0
                  ? 'Too few vehicles of the type'
                  : t.shortfall.out.map((o, i) => (
                      <Fragment key={o.vehicleId}>
                        {i > 0 ? ', ' : ''}
                        <Anchor component={Link} to={vehiclePath(o.regNumber)}>
                          {o.regNumber}
                        </Anchor>{' '}
                        ({o.reasons.map((r) => REASON_LABELS[r]).join(', ')})
                      </Fragment>
                    )),
          },
        ]}
      />
    </>
  );
}

/** How many vehicle types fall short of their MEL within the forecast. */
export function shortfallCount(forecast: Forecast): number {
  return forecast.sections.reduce((n, s) => n + s.vehicleTypes.filter((t) => t.shortfall !== null).length, 0);
}
