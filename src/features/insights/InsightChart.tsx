import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import ReactEChartsCore from 'echarts-for-react/esm/core.js';
import { BarChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export interface InsightChartProps {
  title: string;
  /** What the chart shows, in words: its accessible name (a screen reader cannot read a canvas). */
  summary: string;
  /** Shown instead of the chart when set: there is nothing to draw. */
  empty: string | null;
  option: EChartsCoreOption;
  height?: number;
  /** Controls above the chart (a filter of its own). */
  children?: ReactNode;
}

/** One chart of Insights in its card, or its empty state (part 2 §8). */
export function InsightChart({ title, summary, empty, option, height = 300, children }: InsightChartProps) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
        {empty !== null ? (
          <Text c="dimmed" py="xl" ta="center">
            {empty}
          </Text>
        ) : (
          <div role="img" aria-label={`${title}: ${summary}`} data-summary={summary}>
            <ReactEChartsCore echarts={echarts} style={{ height }} notMerge lazyUpdate option={{ animation: false, ...option }} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** A category axis that scrolls when it holds more than `shown` items. */
export function zoomFor(count: number, shown: number, orient: 'x' | 'y' = 'x'): object[] {
  if (count <= shown) return [];
  const end = Math.max(1, Math.round((shown / count) * 100));
  const axis = orient === 'x' ? { xAxisIndex: 0 } : { yAxisIndex: 0 };
  return [
    { type: 'slider', ...axis, start: 0, end, ...(orient === 'x' ? { bottom: 8, height: 18 } : { right: 4, width: 14 }) },
    { type: 'inside', ...axis, start: 0, end },
  ];
}

/** Escapes text for an echarts HTML tooltip. */
export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
