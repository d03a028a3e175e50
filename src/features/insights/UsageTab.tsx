import { useState } from 'react';
import { Button, Group, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { UsageExcess, UsageTimeseries } from '../../../core/schema/insights.ts';
import { downloadText } from '../../components/download-file.ts';
import { useTypeColors } from './chart-colors.ts';
import { html, InsightChart } from './InsightChart.tsx';
import { excessPoints, usagePoints, vehicleTypesOf, yearMakeModel, type UsageUnit } from './insights-model.ts';
import type { InsightsRange } from './insights-range.ts';
import { usageCsv, usageFileName } from './usage-csv.ts';
import { VehicleTypeFilter } from './VehicleTypeFilter.tsx';

/** One scatter series per vehicle type, so the legend names the types. */
function byType<P extends { vehicle: { vehicleType: string } }>(points: readonly P[]): [string, P[]][] {
  const groups = new Map<string, P[]>();
  for (const p of points) groups.set(p.vehicle.vehicleType, [...(groups.get(p.vehicle.vehicleType) ?? []), p]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** Usage (part 2 §2.5): hours or miles, by vehicle type; the usage CSV; usage over time and against errors. */
export function UsageTab({ usage, excess, range }: { usage: UsageTimeseries | null; excess: UsageExcess | null; range: InsightsRange }) {
  const [unit, setUnit] = useState<UsageUnit>('miles');
  const colorOf = useTypeColors();
  const [types, setTypes] = useState<string[]>([]);
  const points = usage ? usagePoints(usage, types, unit) : [];
  const excessShown = excess ? excessPoints(excess, types, unit) : [];
  const months = [...new Set(points.map((p) => p.month))].sort();
  const unitLabel = unit === 'miles' ? 'miles' : 'hours';
  const empty = `No ${unitLabel} recorded in this range`;
  const vehicleLine = (v: (typeof points)[number]['vehicle']) => {
    const model = yearMakeModel(v);
    return `<b>${html(v.regNumber)}</b><br/>${html(v.vehicleType)}${model ? `<br/>${html(model)}` : ''}`;
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="md">
        <Group align="flex-end" gap="md">
          <SegmentedControl
            aria-label="Usage in"
            value={unit}
            onChange={(v) => setUnit(v as UsageUnit)}
            data={[
              { value: 'miles', label: 'Miles' },
              { value: 'hours', label: 'Hours' },
            ]}
          />
          <VehicleTypeFilter types={vehicleTypesOf(usage?.vehicles ?? [], excess?.vehicles ?? [])} value={types} onChange={setTypes} />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!usage}
          onClick={() => usage && downloadText(usageCsv(usage, range, types), usageFileName(range), 'text/csv;charset=utf-8')}
        >
          Download Vehicle Usage
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <InsightChart
          title={`Usage over time (${unitLabel} per month)`}
          summary={`${points.length} vehicle months, ${points.reduce((n, p) => n + p.value, 0)} ${unitLabel}`}
          empty={points.length === 0 ? empty : null}
          option={{
            grid: { left: 64, right: 16, top: 40, bottom: 40 },
            legend: { type: 'scroll', top: 0 },
            tooltip: {
              trigger: 'item',
              formatter: (p: { seriesIndex: number; dataIndex: number }) => {
                const point = byType(points)[p.seriesIndex]?.[1][p.dataIndex];
                return point ? `${vehicleLine(point.vehicle)}<br/>${point.month}: ${point.value} ${unitLabel}` : '';
              },
            },
            xAxis: { type: 'category', data: months },
            yAxis: { type: 'value', name: unitLabel },
            series: byType(points).map(([type, list]) => ({
              type: 'scatter',
              name: type,
              symbolSize: 9,
              itemStyle: { color: colorOf(type), opacity: 0.75 },
              data: list.map((p) => [p.month, p.value]),
            })),
          }}
        />
        <InsightChart
          title={`Excessive usage (${unitLabel} against errors)`}
          summary={`${excessShown.length} vehicles, ${excessShown.reduce((n, p) => n + p.errors, 0)} errors`}
          empty={excessShown.length === 0 ? empty : null}
          option={{
            grid: { left: 56, right: 24, top: 40, bottom: 48 },
            legend: { type: 'scroll', top: 0 },
            tooltip: {
              trigger: 'item',
              formatter: (p: { seriesIndex: number; dataIndex: number }) => {
                const point = byType(excessShown)[p.seriesIndex]?.[1][p.dataIndex];
                return point ? `${vehicleLine(point.vehicle)}<br/>${point.usage} ${unitLabel}, ${point.errors} errors` : '';
              },
            },
            xAxis: { type: 'value', name: unitLabel, nameLocation: 'middle', nameGap: 28 },
            yAxis: { type: 'value', name: 'errors', minInterval: 1 },
            series: byType(excessShown).map(([type, list]) => ({
              type: 'scatter',
              name: type,
              symbolSize: 10,
              itemStyle: { color: colorOf(type), opacity: 0.75 },
              data: list.map((p) => [p.usage, p.errors]),
            })),
          }}
        />
      </SimpleGrid>
    </Stack>
  );
}
