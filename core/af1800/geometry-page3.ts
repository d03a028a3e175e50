import { AF1800_PAGE3_ITEMS } from '../schema/af1800.ts';
import {
  boxFromTop,
  cellRow,
  CONTENT_WIDTH,
  evenCells,
  field,
  HEADER_CELL_HEIGHT,
  labelledFields,
  MARGIN,
  valueBox,
  type Af1800Field,
  type Box,
  type LabelledCell,
} from './geometry-base.ts';

// Page 3: header, then items 36 to 39, each a check box, its title and a remarks cell.
export const PAGE3_HEADER_TOP = 60;
export const PAGE3_HEADER = cellRow(3, '', MARGIN, PAGE3_HEADER_TOP, HEADER_CELL_HEIGHT, evenCells(['regNumber', 'vehicleType', 'month']));

export const ITEMS_TOP = 112;
export const ITEM_PITCH = 64;
export const CHECK_SIZE = 14;
export const ITEM_TEXT_X = MARGIN + 26;
export const ITEM_TEXT_WIDTH = MARGIN + CONTENT_WIDTH - ITEM_TEXT_X;
export const ITEM_TEXT_HEIGHT = 30;

export type Page3ItemNo = (typeof AF1800_PAGE3_ITEMS)[number];

export interface Page3ItemLayout {
  itemNo: Page3ItemNo;
  top: number;
  check: Box;
  remarks: LabelledCell;
}

export const checkFieldId = (itemNo: number) => `p3.item${itemNo}.check`;
export const itemTextFieldId = (itemNo: number) => `p3.item${itemNo}.text`;

export const PAGE3_ITEMS: readonly Page3ItemLayout[] = AF1800_PAGE3_ITEMS.map((itemNo, i) => {
  const top = ITEMS_TOP + i * ITEM_PITCH;
  const [remarks] = cellRow(3, `item${itemNo}.`, ITEM_TEXT_X, top + 18, ITEM_TEXT_HEIGHT, [{ key: 'text', width: ITEM_TEXT_WIDTH, align: 'left' }]);
  return { itemNo, top, check: boxFromTop(MARGIN + 4, top + 1, CHECK_SIZE, CHECK_SIZE), remarks: remarks! };
});

export function page3Fields(): Af1800Field[] {
  const items = PAGE3_ITEMS.flatMap((item) => [
    field(checkFieldId(item.itemNo), 3, valueBox(item.check, false), 'center', 'check'),
    field(item.remarks.fieldId, 3, valueBox(item.remarks.box, true), 'left'),
  ]);
  return [...labelledFields(3, PAGE3_HEADER), ...items];
}
