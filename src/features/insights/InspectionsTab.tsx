import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import type { InspectInsight } from '../../../core/schema/insights.ts';
import { html, InsightChart, zoomFor } from './InsightChart.tsx';
import { averagePerInspector, minutesPerDay, minutesPerVehicle, vehicleTypesOf, yearMakeModel } from './insights-model.ts';
import { VehicleTypeFilter } from './VehicleTypeFilter.tsx';

const NO_INSPECTIONS = 'No inspections in this range';
const total = (values: readonly number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10;

/** Inspections (part 2 §2.5): time per day, the average per inspector and time per vehicle, by vehicle type. */
export function InspectionsTab({ answer }: { answer: InspectInsight }) {
  const [types, setTypes] = useState<string[]>([]);
  const days = minutesPerDay(answer, types);
  const inspectors = averagePerInspector(answer, types);
  const vehicles = minutesPerVehicle(answer, types);
  const inspectorsShown = [...inspectors].reverse(); // the slowest at the top of a horizontal bar chart

  return (
    <Stack gap="md">
      <VehicleTypeFilter types={vehicleTypesOf(answer.perDay, answer.perVehicle)} value={types} onChange={setTypes} />
      <InsightChart
        title="Total inspection time per day (minutes)"
        summary={`${days.length} days, ${total(days.map((d) => d.minutes))} minutes over ${days.reduce((n, d) => n + d.inspections, 0)} inspections`}
        empty={days.length === 0 ? NO_INSPECTIONS : null}
        option={{
          grid: { left: 56, right: 16, top: 16, bottom: days.length > 60 ? 72 : 40 },
          tooltip: {
            trigger: 'axis',
            formatter: (params: { dataIndex: number }[]) => {
              const d = days[params[0]?.dataIndex ?? 0];
              return d ? `${d.day}<br/>${d.minutes} minutes, ${d.inspections} inspections` : '';
            },
          },
          xAxis: { type: 'category', data: days.map((d) => d.day) },
          yAxis: { type: 'value', name: 'minutes' },
          dataZoom: zoomFor(days.length, 60),
          series: [{ type: 'bar', name: 'Minutes', barMaxWidth: 28, data: days.map((d) => d.minutes), itemStyle: { color: '#1c7ed6' } }],
        }}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <InsightChart
          title="Average inspection time per inspector (minutes)"
          summary={`${inspectors.length} inspectors${inspectors[0] ? `, the longest average ${inspectors[0].name} with ${inspectors[0].averageMinutes} minutes` : ''}`}
          empty={inspectors.length === 0 ? NO_INSPECTIONS : null}
          height={Math.max(240, Math.min(inspectors.length, 20) * 28 + 60)}
          option={{
            grid: { left: 8, right: 24, top: 8, bottom: 40, containLabel: true },
            tooltip: {
              trigger: 'axis',
              axisPointer: { type: 'shadow' },
              formatter: (params: { dataIndex: number }[]) => {
                const p = inspectorsShown[params[0]?.dataIndex ?? 0];
                return p ? `${html(p.name)}<br/>${p.averageMinutes} minutes on average, ${p.inspections} inspections` : '';
              },
            },
            xAxis: { type: 'value', name: 'minutes', nameLocation: 'middle', nameGap: 24 },
            yAxis: { type: 'category', data: inspectorsShown.map((p) => p.name), axisLabel: { width: 140, overflow: 'truncate' } },
            dataZoom: zoomFor(inspectors.length, 20, 'y').map((z) => ({ ...z, start: 100 - (z as { end: number }).end, end: 100 })),
            series: [{ type: 'bar', name: 'Average minutes', barMaxWidth: 28, data: inspectorsShown.map((p) => p.averageMinutes), itemStyle: { color: '#7048e8' } }],
          }}
        />
        <InsightChart
          title="Inspection time per vehicle (minutes)"
          summary={`${vehicles.length} vehicles${vehicles[0] ? `, the most ${vehicles[0].vehicle.regNumber} with ${vehicles[0].totalMinutes} minutes` : ''}`}
          empty={vehicles.length === 0 ? NO_INSPECTIONS : null}
          option={{
            grid: { left: 56, right: 16, top: 24, bottom: vehicles.length > 25 ? 112 : 72 },
            tooltip: {
              trigger: 'axis',
              axisPointer: { type: 'shadow' },
              formatter: (params: { dataIndex: number }[]) => {
                const v = vehicles[params[0]?.dataIndex ?? 0];
                if (!v) return '';
                const model = yearMakeModel(v.vehicle);
                return [
                  `<b>${html(v.vehicle.regNumber)}</b>`,
                  html(v.vehicle.vehicleType),
                  model ? html(model) : null,
                  `${v.totalMinutes} minutes in ${v.inspections} inspections (${v.averageMinutes} on average)`,
                ]
                  .filter(Boolean)
                  .join('<br/>');
              },
            },
            xAxis: { type: 'category', data: vehicles.map((v) => v.vehicle.regNumber), axisLabel: { rotate: 45 } },
            yAxis: { type: 'value', name: 'minutes' },
            dataZoom: zoomFor(vehicles.length, 25),
            series: [{ type: 'bar', name: 'Minutes', barMaxWidth: 28, data: vehicles.map((v) => v.totalMinutes), itemStyle: { color: '#0ca678' } }],
          }}
        />
      </SimpleGrid>
    </Stack>
  );
}
