import { AF1800_ROWS_PER_PAGE } from '../schema/af1800.ts';
import {
  boxFromTop,
  cellRow,
  CONTENT_WIDTH,
  evenCells,
  field,
  HEADER_CELL_HEIGHT,
  labelledFields,
  MARGIN,
  PAGE_WIDTH,
  two,
  valueBox,
  type Af1800Field,
  type Box,
  type CellSpec,
} from './geometry-base.ts';

// Page 2: header, the discrepancy and maintenance table (19 rows), the monthly miles/hours and tire
// pressure blocks, and the corrective-action code legend.
export const PAGE2_HEADER_TOP = 60;
export const PAGE2_HEADER = cellRow(2, '', MARGIN, PAGE2_HEADER_TOP, HEADER_CELL_HEIGHT, evenCells(['regNumber', 'month', 'sheet']));

export type MaintenanceGroup = 'operatorsReport' | 'reportedToMx' | 'mxReportStatus';
export type MaintenanceColumnKey =
  'itemNo' | 'discrepancy' | 'operatorDate' | 'mxDate' | 'milesHours' | 'name' | 'workOrder' | 'statusDate' | 'statusCode' | 'employeeNumber';

export interface MaintenanceColumn extends CellSpec {
  key: MaintenanceColumnKey;
  group: MaintenanceGroup;
}

/** Widths add up to the content width; a dd/MM/yy date at 8 pt is 31 pt wide, so date columns are 38. */
export const MAINTENANCE_COLUMNS: readonly MaintenanceColumn[] = [
  { key: 'itemNo', group: 'operatorsReport', width: 24, align: 'center' },
  { key: 'discrepancy', group: 'operatorsReport', width: 156, align: 'left' },
  { key: 'operatorDate', group: 'operatorsReport', width: 38, align: 'center' },
  { key: 'mxDate', group: 'reportedToMx', width: 38, align: 'center' },
  // Miles and hours print one reading a line (fill-layout.ts): '123,456 mi' is 40 pt at 8 pt.
  { key: 'milesHours', group: 'reportedToMx', width: 44, align: 'right' },
  { key: 'name', group: 'reportedToMx', width: 70, align: 'left' },
  { key: 'workOrder', group: 'mxReportStatus', width: 60, align: 'left' },
  { key: 'statusDate', group: 'mxReportStatus', width: 38, align: 'center' },
  { key: 'statusCode', group: 'mxReportStatus', width: 28, align: 'center' },
  { key: 'employeeNumber', group: 'mxReportStatus', width: 44, align: 'left' },
];

export const TABLE_TOP = 94;
export const TABLE_GROUP_HEIGHT = 12;
export const TABLE_COLUMN_HEADER_HEIGHT = 18;
export const TABLE_ROWS_TOP = TABLE_TOP + TABLE_GROUP_HEIGHT + TABLE_COLUMN_HEADER_HEIGHT;
/** Tall enough for three lines of 7.2 pt text, so a discrepancy or a name wraps instead of shrinking. */
export const TABLE_ROW_HEIGHT = 27;
export const TABLE_BOTTOM = TABLE_ROWS_TOP + AF1800_ROWS_PER_PAGE * TABLE_ROW_HEIGHT;

/** Left edge of each column, in MAINTENANCE_COLUMNS order, plus the table's right edge. */
export const COLUMN_EDGES: readonly number[] = MAINTENANCE_COLUMNS.reduce((edges, c) => [...edges, edges[edges.length - 1]! + c.width], [MARGIN]);

export function maintenanceCell(row: number, column: number): Box {
  const c = MAINTENANCE_COLUMNS[column]!;
  return boxFromTop(COLUMN_EDGES[column]!, TABLE_ROWS_TOP + (row - 1) * TABLE_ROW_HEIGHT, c.width, TABLE_ROW_HEIGHT);
}

/** Rows are numbered 1 to 19 on each page 2 sheet. */
export const rowFieldId = (row: number, key: MaintenanceColumnKey) => `p2.row${two(row)}.${key}`;

export const MONTHLY_TOP = TABLE_BOTTOM + 10;
export const MONTHLY_BAR_HEIGHT = 12;
export const MONTHLY_PANEL_WIDTH = (CONTENT_WIDTH - 12) / 2;
export const MONTHLY_PANEL_X = [MARGIN, PAGE_WIDTH - MARGIN - MONTHLY_PANEL_WIDTH] as const;
export const MILES_HOURS_CELLS = cellRow(2, 'milesHours.', MONTHLY_PANEL_X[0], MONTHLY_TOP + MONTHLY_BAR_HEIGHT, HEADER_CELL_HEIGHT, [
  // A reading is at most 7 digits (31 pt at 8 pt); the operator's name gets the rest of the panel.
  { key: 'date', width: 60, align: 'center' },
  { key: 'miles', width: 52, align: 'right' },
  { key: 'hours', width: 52, align: 'right' },
  { key: 'operator', width: 100, align: 'left' },
]);
export const TIRE_PRESSURE_CELLS = cellRow(2, 'tirePressure.', MONTHLY_PANEL_X[1], MONTHLY_TOP + MONTHLY_BAR_HEIGHT, HEADER_CELL_HEIGHT, [
  { key: 'frontPsi', width: 56, align: 'right' },
  { key: 'rearPsi', width: 56, align: 'right' },
  { key: 'operator', width: 92, align: 'left' },
  { key: 'date', width: 60, align: 'center' },
]);
export const MONTHLY_BOTTOM = MONTHLY_TOP + MONTHLY_BAR_HEIGHT + HEADER_CELL_HEIGHT;

export const LEGEND_TOP = MONTHLY_BOTTOM + 10;
export const LEGEND_ROWS = 3;
export const LEGEND_PITCH = 11;

export function page2Fields(): Af1800Field[] {
  const rows: Af1800Field[] = [];
  for (let row = 1; row <= AF1800_ROWS_PER_PAGE; row++) {
    MAINTENANCE_COLUMNS.forEach((c, column) => rows.push(field(rowFieldId(row, c.key), 2, valueBox(maintenanceCell(row, column), false), c.align)));
  }
  return [...labelledFields(2, PAGE2_HEADER), ...rows, ...labelledFields(2, MILES_HOURS_CELLS), ...labelledFields(2, TIRE_PRESSURE_CELLS)];
}
