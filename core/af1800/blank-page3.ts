import { AF1800_ITEMS } from '../rules/af1800-items.ts';
import { ITEM_TEXT_X, MARGIN, PAGE3_HEADER, PAGE3_HEADER_TOP, PAGE3_ITEMS, HEADER_CELL_HEIGHT } from './geometry.ts';
import { PAGE3_NOTE, PAGE_TITLES } from './wording.ts';
import { footer, labelledCells, title } from './blank-parts.ts';
import { Sketch } from './sketch.ts';

export function page3Sketch(): Sketch {
  const s = new Sketch();
  title(s, PAGE_TITLES[3]);
  labelledCells(s, PAGE3_HEADER);
  s.text(PAGE3_NOTE.text, MARGIN, PAGE3_HEADER_TOP + HEADER_CELL_HEIGHT + 16, 7);
  for (const item of PAGE3_ITEMS) {
    const name = AF1800_ITEMS.find((i) => i.itemNo === item.itemNo)?.title ?? '';
    s.rect(item.check, 1);
    s.text(`${item.itemNo}. ${name}`, ITEM_TEXT_X, item.top + 11, 8, { bold: true });
    labelledCells(s, [item.remarks]);
  }
  footer(s, 3);
  return s;
}
