import { Paper, Stack, Text, Title, UnstyledButton, Group, ColorSwatch } from '@mantine/core';
import ReactEChartsCore from 'echarts-for-react/esm/core.js';
import { PieChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { statusSlices } from '../../../core/rules/fleet-overview.ts';
import type { OverviewVehicle } from '../../../core/schema/fleet-overview.ts';
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from '../../../core/schema/vehicle.ts';

echarts.use([PieChart, TooltipComponent, CanvasRenderer]);

/** Part 2 §9: FMC green, warning yellow, inoperable red, in Mx grey. */
export const STATUS_COLORS: Record<VehicleStatus, string> = {
  valid: '#2f9e44',
  warning: '#f59f00',
  invalid: '#e03131',
  inMx: '#868e96',
};

const SLICE_LABELS: Record<VehicleStatus, string> = { ...VEHICLE_STATUS_LABELS, invalid: 'Inoperable', inMx: 'In Mx' };

export interface StatusDonutProps {
  title: string;
  vehicles: readonly OverviewVehicle[];
  /** 'No vehicles to report' and its kin, with the section name. */
  empty: string;
  onSlice(status: VehicleStatus): void;
}

/**
 * One of the three donuts (part 2 §2.7): vehicles by status, with counts and rounded percentages. A
 * click on a slice, or on its legend entry (the keyboard's way in), lists those vehicles.
 */
export function StatusDonut({ title, vehicles, empty, onSlice }: StatusDonutProps) {
  const slices = statusSlices(vehicles);
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="xs" h="100%">
        <Title order={3} size="h4">
          {title}
        </Title>
        {vehicles.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            {empty}
          </Text>
        ) : (
          <>
            <div role="img" aria-label={`${title}: ${slices.map((s) => `${SLICE_LABELS[s.status]} ${s.count}`).join(', ')}`}>
              <ReactEChartsCore
                echarts={echarts}
                style={{ height: 180 }}
                notMerge
                option={{
                  animation: false,
                  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
                  series: [
                    {
                      type: 'pie',
                      radius: ['52%', '82%'],
                      label: { show: true, position: 'center', formatter: () => String(vehicles.length), fontSize: 22, fontWeight: 'bold' },
                      labelLine: { show: false },
                      data: slices
                        .filter((s) => s.count > 0)
                        .map((s) => ({ name: SLICE_LABELS[s.status], value: s.count, status: s.status, itemStyle: { color: STATUS_COLORS[s.status] } })),
                    },
                  ],
                }}
                onEvents={{ click: (e: { data?: { status?: VehicleStatus } }) => e.data?.status && onSlice(e.data.status) }}
              />
            </div>
            <Stack gap={2}>
              {slices.map((s) => (
                <UnstyledButton
                  key={s.status}
                  onClick={() => onSlice(s.status)}
                  disabled={s.count === 0}
                  aria-label={`${title}: ${SLICE_LABELS[s.status]}, ${s.count} (${s.percent}%)`}
                >
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={STATUS_COLORS[s.status]} size={12} withShadow={false} />
                    <Text size="sm" style={{ flex: 1 }}>
                      {SLICE_LABELS[s.status]}
                    </Text>
                    <Text size="sm" fw={600}>
                      {s.count} ({s.percent}%)
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
