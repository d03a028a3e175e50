import { useState } from 'react';
import { Group, MultiSelect, Stack } from '@mantine/core';
import type { FailuresOverview, FailuresPerVehicle } from '../../../core/schema/insights.ts';
import { OTHER_RULES_COLOR, RULE_COLORS, useTypeColors } from './chart-colors.ts';
import { html, InsightChart, zoomFor } from './InsightChart.tsx';
import { failedRules, failuresPerDay, failuresPerVehicle, OTHER_RULES_ID, ruleLabel, vehicleTypesOf, yearMakeModel } from './insights-model.ts';
import { VehicleTypeFilter } from './VehicleTypeFilter.tsx';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/** Failures (part 2 §2.5): by vehicle type and AF-1800 rule, per day per rule (stacked) and per vehicle by type. */
export function FailuresTab({ overview, perVehicle }: { overview: FailuresOverview | null; perVehicle: FailuresPerVehicle | null }) {
  const colorOf = useTypeColors();
  const [types, setTypes] = useState<string[]>([]);
  const [rules, setRules] = useState<string[]>([]);
  const perDay = overview ? failuresPerDay(overview, types, rules) : { days: [], series: [], rules: 0 };
  const groups = perVehicle ? failuresPerVehicle(perVehicle, types, rules) : [];
  const vehicles = groups.flatMap((g) => g.vehicles);
  const ruleOptions = overview ? failedRules(overview) : [];
  const totalFailures = perDay.series.reduce((n, s) => n + s.counts.reduce((a, b) => a + b, 0), 0);

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <VehicleTypeFilter types={vehicleTypesOf(perVehicle?.vehicleTypes ?? [])} value={types} onChange={setTypes} />
        <MultiSelect
          label="AF-1800 rules"
          placeholder={rules.length === 0 ? 'All rules' : undefined}
          data={ruleOptions.map((r) => ({ value: r.ruleId, label: ruleLabel(r) }))}
          value={rules}
          onChange={setRules}
          clearable
          {...searchablePickerProps}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', sm: 420 }}
        />
      </Group>
      <InsightChart
        title="Failures per day"
        summary={`${totalFailures} failures of ${perDay.rules} rules on ${perDay.days.length} days`}
        empty={perDay.series.length === 0 ? 'No Failures' : null}
        height={340}
        option={{
          grid: { left: 48, right: 16, top: 56, bottom: perDay.days.length > 60 ? 72 : 40 },
          legend: { type: 'scroll', top: 0 },
          tooltip: {
            trigger: 'axis',
            axisPointer: { type: 'shadow' },
            formatter: (params: { dataIndex: number }[]) => {
              const i = params[0]?.dataIndex ?? 0;
              const lines = perDay.series
                .filter((s) => (s.counts[i] ?? 0) > 0)
                .map((s) => `${html(s.ruleId === OTHER_RULES_ID ? s.title : ruleLabel(s))}: ${s.counts[i]}`);
              return [`<b>${perDay.days[i] ?? ''}</b>`, ...lines].join('<br/>');
            },
          },
          xAxis: { type: 'category', data: perDay.days },
          yAxis: { type: 'value', name: 'failures', minInterval: 1 },
          dataZoom: zoomFor(perDay.days.length, 60),
          // Legends name rules by title (an AF-1800 item with its id); the rules failed less share one grey series.
          series: perDay.series.map((s, i) => ({
            type: 'bar',
            stack: 'failures',
            name: s.ruleId === OTHER_RULES_ID ? s.title : ruleLabel(s),
            itemStyle: { color: s.ruleId === OTHER_RULES_ID ? OTHER_RULES_COLOR : RULE_COLORS[i % RULE_COLORS.length] },
            data: s.counts,
          })),
        }}
      />
      <InsightChart
        title="Failures per vehicle, by vehicle type"
        summary={`${vehicles.length} vehicles of ${groups.length} types${vehicles[0] ? `, the most ${vehicles[0].vehicle.regNumber} with ${vehicles[0].total}` : ''}`}
        empty={vehicles.length === 0 ? 'No Failures' : null}
        height={340}
        option={{
          grid: { left: 48, right: 16, top: 48, bottom: vehicles.length > 30 ? 112 : 72 },
          legend: { type: 'scroll', top: 0 },
          tooltip: {
            trigger: 'item',
            formatter: (p: { dataIndex: number }) => {
              const v = vehicles[p.dataIndex];
              if (!v) return '';
              const model = yearMakeModel(v.vehicle);
              return [
                `<b>${html(v.vehicle.regNumber)}</b> (${html(v.vehicle.vehicleType)}${model ? `, ${html(model)}` : ''})`,
                ...v.byRule.map((r) => `${html(ruleLabel(r))}: ${r.failures}`),
                `Total: ${v.total}`,
              ].join('<br/>');
            },
          },
          xAxis: { type: 'category', data: vehicles.map((v) => v.vehicle.regNumber), axisLabel: { rotate: 45 } },
          yAxis: { type: 'value', name: 'failures', minInterval: 1 },
          dataZoom: zoomFor(vehicles.length, 30),
          // One series per type over the whole axis (a vehicle's bar only in its type's), so the legend names the types.
          series: groups.map((g) => {
            const mine = new Set(g.vehicles.map((v) => v.vehicle.vehicleId));
            return {
              type: 'bar',
              name: g.vehicleType,
              stack: 'vehicles',
              itemStyle: { color: colorOf(g.vehicleType) },
              data: vehicles.map((v) => (mine.has(v.vehicle.vehicleId) ? v.total : null)),
            };
          }),
        }}
      />
    </Stack>
  );
}
