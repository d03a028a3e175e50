import { AF1800_ROWS_PER_PAGE } from '../schema/af1800.ts';
import {
  boxFromTop,
  COLUMN_EDGES,
  CONTENT_WIDTH,
  LEGEND_PITCH,
  LEGEND_ROWS,
  LEGEND_TOP,
  MAINTENANCE_COLUMNS,
  maintenanceCell,
  MARGIN,
  MILES_HOURS_CELLS,
  MONTHLY_PANEL_WIDTH,
  MONTHLY_PANEL_X,
  MONTHLY_TOP,
  PAGE2_HEADER,
  TABLE_COLUMN_HEADER_HEIGHT,
  TABLE_GROUP_HEIGHT,
  TABLE_TOP,
  TIRE_PRESSURE_CELLS,
  type MaintenanceGroup,
} from './geometry.ts';
import { COLUMN_LABELS, GROUP_LABELS, LEGEND, LEGEND_HEADING, MILES_HOURS_HEADING, PAGE_TITLES, TIRE_PRESSURE_HEADING } from './wording.ts';
import { bar, footer, HEADING_SIZE, LABEL_SIZE, labelledCells, SHADE, title } from './blank-parts.ts';
import { Sketch } from './sketch.ts';

function groupHeaders(s: Sketch): void {
  const groups = [...new Set(MAINTENANCE_COLUMNS.map((c) => c.group))] as MaintenanceGroup[];
  for (const group of groups) {
    const first = MAINTENANCE_COLUMNS.findIndex((c) => c.group === group);
    const last = MAINTENANCE_COLUMNS.map((c) => c.group).lastIndexOf(group);
    const x = COLUMN_EDGES[first]!;
    const width = COLUMN_EDGES[last + 1]! - x;
    s.rect(boxFromTop(x, TABLE_TOP, width, TABLE_GROUP_HEIGHT), 0.75, SHADE);
    s.text(GROUP_LABELS[group].text, x + width / 2, TABLE_TOP + 8.5, HEADING_SIZE, { bold: true, align: 'center' });
  }
}

function columnHeaders(s: Sketch): void {
  const top = TABLE_TOP + TABLE_GROUP_HEIGHT;
  MAINTENANCE_COLUMNS.forEach((c, i) => {
    const x = COLUMN_EDGES[i]!;
    s.rect(boxFromTop(x, top, c.width, TABLE_COLUMN_HEADER_HEIGHT), 0.75, SHADE);
    const lines = COLUMN_LABELS[c.key].text.split('\n');
    const first = top + TABLE_COLUMN_HEADER_HEIGHT / 2 + 2 - (lines.length - 1) * 3;
    lines.forEach((line, n) => s.text(line, x + c.width / 2, first + n * 6, LABEL_SIZE, { bold: true, align: 'center' }));
  });
}

function monthly(s: Sketch): void {
  bar(s, MONTHLY_PANEL_X[0], MONTHLY_TOP, MONTHLY_PANEL_WIDTH, MILES_HOURS_HEADING);
  bar(s, MONTHLY_PANEL_X[1], MONTHLY_TOP, MONTHLY_PANEL_WIDTH, TIRE_PRESSURE_HEADING);
  labelledCells(s, MILES_HOURS_CELLS);
  labelledCells(s, TIRE_PRESSURE_CELLS);
}

function legend(s: Sketch): void {
  bar(s, MARGIN, LEGEND_TOP, CONTENT_WIDTH, LEGEND_HEADING);
  const height = LEGEND_ROWS * LEGEND_PITCH + 4;
  s.rect(boxFromTop(MARGIN, LEGEND_TOP + 12, CONTENT_WIDTH, height), 0.75);
  const columnWidth = CONTENT_WIDTH / Math.ceil(LEGEND.length / LEGEND_ROWS);
  LEGEND.forEach((entry, i) => {
    const column = Math.floor(i / LEGEND_ROWS);
    const row = i % LEGEND_ROWS;
    s.text(entry.text, MARGIN + 4 + column * columnWidth, LEGEND_TOP + 12 + 9.5 + row * LEGEND_PITCH, HEADING_SIZE);
  });
}

export function page2Sketch(): Sketch {
  const s = new Sketch();
  title(s, PAGE_TITLES[2]);
  labelledCells(s, PAGE2_HEADER);
  groupHeaders(s);
  columnHeaders(s);
  for (let row = 1; row <= AF1800_ROWS_PER_PAGE; row++) {
    MAINTENANCE_COLUMNS.forEach((_, column) => s.rect(maintenanceCell(row, column), 0.5));
  }
  monthly(s);
  legend(s);
  footer(s, 2);
  return s;
}
