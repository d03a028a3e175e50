import { AF1800_DAYS, AF1800_SHIFTS } from '../schema/af1800.ts';
import { AF1800_ITEMS } from '../rules/af1800-items.ts';
import {
  boxFromTop,
  CONTENT_WIDTH,
  gridCell,
  gridPlace,
  GRID_BLOCK_X,
  GRID_BOTTOM,
  GRID_DAY_WIDTH,
  GRID_DAYS_PER_BLOCK,
  GRID_HEADER_HEIGHT,
  GRID_HEADER_TOP,
  GRID_ROW_HEIGHT,
  GRID_SHIFT_WIDTH,
  GRID_TOP,
  GUIDE_ITEMS_TOP,
  GUIDE_PITCH,
  GUIDE_ROWS,
  GUIDE_TOP,
  MARGIN,
  PAGE1_HEADER,
} from './geometry.ts';
import { FORM_SUBTITLE, FORM_TITLE, GRID_DAY, GRID_HEADING, gridShift, GUIDE_HEADING, PAGE1_NOTES } from './wording.ts';
import { bar, footer, HEADING_SIZE, labelledCells, SHADE, title } from './blank-parts.ts';
import { Sketch } from './sketch.ts';

function guide(s: Sketch): void {
  bar(s, MARGIN, GUIDE_TOP, CONTENT_WIDTH, GUIDE_HEADING);
  const bottom = GUIDE_ITEMS_TOP + GUIDE_ROWS * GUIDE_PITCH;
  s.rect(boxFromTop(MARGIN, GUIDE_TOP + 12, CONTENT_WIDTH, bottom - GUIDE_TOP - 12), 0.75);
  const columnWidth = CONTENT_WIDTH / 3;
  AF1800_ITEMS.filter((item) => !item.page3).forEach((item, i) => {
    const column = Math.floor(i / GUIDE_ROWS);
    const row = i % GUIDE_ROWS;
    s.text(`${item.itemNo}. ${item.title}`, MARGIN + 4 + column * columnWidth, GUIDE_ITEMS_TOP + row * GUIDE_PITCH + 6.5, HEADING_SIZE);
  });
}

function grid(s: Sketch): void {
  bar(s, MARGIN, GRID_TOP, CONTENT_WIDTH, GRID_HEADING);
  for (const blockX of GRID_BLOCK_X) {
    s.rect(boxFromTop(blockX, GRID_HEADER_TOP, GRID_DAY_WIDTH, GRID_HEADER_HEIGHT), 0.75, SHADE);
    s.text(GRID_DAY.text, blockX + GRID_DAY_WIDTH / 2, GRID_HEADER_TOP + 9.5, HEADING_SIZE, { bold: true, align: 'center' });
    for (let shift = 1; shift <= AF1800_SHIFTS; shift++) {
      const x = blockX + GRID_DAY_WIDTH + (shift - 1) * GRID_SHIFT_WIDTH;
      s.rect(boxFromTop(x, GRID_HEADER_TOP, GRID_SHIFT_WIDTH, GRID_HEADER_HEIGHT), 0.75, SHADE);
      s.text(gridShift(shift).text, x + GRID_SHIFT_WIDTH / 2, GRID_HEADER_TOP + 9.5, HEADING_SIZE, { bold: true, align: 'center' });
    }
  }
  // The second block has one row fewer than the first: its last row is shaded as not a day.
  for (let day = 1; day <= 2 * GRID_DAYS_PER_BLOCK; day++) {
    const { blockX, top } = gridPlace(day);
    const isDay = day <= AF1800_DAYS;
    s.rect(boxFromTop(blockX, top, GRID_DAY_WIDTH, GRID_ROW_HEIGHT), 0.5, SHADE);
    if (isDay) s.text(String(day), blockX + GRID_DAY_WIDTH / 2, top + GRID_ROW_HEIGHT / 2 + 2.5, 7, { bold: true, align: 'center' });
    for (let shift = 1; shift <= AF1800_SHIFTS; shift++) s.rect(gridCell(day, shift), 0.5, isDay ? undefined : SHADE);
  }
  PAGE1_NOTES.forEach((note, i) => s.text(note.text, MARGIN, GRID_BOTTOM + 12 + i * 8, 6));
}

export function page1Sketch(): Sketch {
  const s = new Sketch();
  title(s, FORM_TITLE, FORM_SUBTITLE);
  labelledCells(s, PAGE1_HEADER);
  guide(s);
  grid(s);
  footer(s, 1);
  return s;
}
