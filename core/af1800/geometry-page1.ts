import { AF1800_DAYS, AF1800_SHIFTS } from '../schema/af1800.ts';
import {
  boxFromTop,
  cellRow,
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
} from './geometry-base.ts';

// Page 1: header cells, the inspection guide (items 1-35), then the day-by-shift grid in two blocks
// (days 1-16 and 17-31): 31 days across a portrait page would leave initials cells 17 pt wide.
export const PAGE1_HEADER_TOP = 68;
export const PAGE1_HEADER = [
  evenCells(['regNumber', 'vehicleType', 'month']),
  evenCells(['organization', 'location', 'basePhoneNo']),
  evenCells(['vcoName', 'vcoPhoneNo', 'date']),
].flatMap((row, i) => cellRow(1, '', MARGIN, PAGE1_HEADER_TOP + i * HEADER_CELL_HEIGHT, HEADER_CELL_HEIGHT, row));

export const GUIDE_TOP = 154;
export const GUIDE_ITEMS_TOP = GUIDE_TOP + 16;
export const GUIDE_ROWS = 12;
export const GUIDE_PITCH = 9;
export const GRID_TOP = 284;
export const GRID_HEADER_TOP = 300;
export const GRID_HEADER_HEIGHT = 14;
export const GRID_ROWS_TOP = GRID_HEADER_TOP + GRID_HEADER_HEIGHT;
export const GRID_ROW_HEIGHT = 24;
export const GRID_DAYS_PER_BLOCK = Math.ceil(AF1800_DAYS / 2);
export const GRID_DAY_WIDTH = 24;
export const GRID_SHIFT_WIDTH = 80;
export const GRID_BLOCK_WIDTH = GRID_DAY_WIDTH + AF1800_SHIFTS * GRID_SHIFT_WIDTH;
export const GRID_BLOCK_X = [MARGIN, PAGE_WIDTH - MARGIN - GRID_BLOCK_WIDTH] as const;
export const GRID_BOTTOM = GRID_ROWS_TOP + GRID_DAYS_PER_BLOCK * GRID_ROW_HEIGHT;

/** The block that holds a day, and the top of its row. */
export function gridPlace(day: number): { blockX: number; top: number } {
  const block = day <= GRID_DAYS_PER_BLOCK ? 0 : 1;
  const row = day - 1 - block * GRID_DAYS_PER_BLOCK;
  return { blockX: GRID_BLOCK_X[block], top: GRID_ROWS_TOP + row * GRID_ROW_HEIGHT };
}

export function gridCell(day: number, shift: number): Box {
  const { blockX, top } = gridPlace(day);
  return boxFromTop(blockX + GRID_DAY_WIDTH + (shift - 1) * GRID_SHIFT_WIDTH, top, GRID_SHIFT_WIDTH, GRID_ROW_HEIGHT);
}

export const signatureFieldId = (day: number, shift: number) => `p1.day${two(day)}.shift${shift}`;

export function page1Fields(): Af1800Field[] {
  const grid: Af1800Field[] = [];
  for (let day = 1; day <= AF1800_DAYS; day++) {
    for (let shift = 1; shift <= AF1800_SHIFTS; shift++) {
      grid.push(field(signatureFieldId(day, shift), 1, valueBox(gridCell(day, shift), false), 'center'));
    }
  }
  return [...labelledFields(1, PAGE1_HEADER), ...grid];
}
