import { boxFromTop, CONTENT_WIDTH, MARGIN, PAGE_WIDTH, TITLE_TOP, topOf, type LabelledCell } from './geometry.ts';
import { FIELD_LABELS, FOOTER, pageFooter, type Wording } from './wording.ts';
import type { Sketch } from './sketch.ts';

/** Sizes of the printed wording; values start at 8 pt (text-fit.ts). */
export const TITLE_SIZE = 13;
export const HEADING_SIZE = 6.5;
export const LABEL_SIZE = 5.5;
export const SHADE = 0.86;

export function title(s: Sketch, main: Wording, sub?: Wording): void {
  s.text(main.text, PAGE_WIDTH / 2, TITLE_TOP + 10, TITLE_SIZE, { bold: true, align: 'center' });
  if (sub) s.text(sub.text, PAGE_WIDTH / 2, TITLE_TOP + 19, 7, { align: 'center' });
}

/** A cell with its label in the band on top; the value goes in the field below it. */
export function labelledCells(s: Sketch, cells: readonly LabelledCell[]): void {
  for (const cell of cells) {
    s.rect(cell.box, 0.75);
    const label = FIELD_LABELS[cell.fieldId];
    if (label) s.text(label.text, cell.box.x + 2.5, topOf(cell.box) + 6, LABEL_SIZE);
  }
}

/** A shaded bar with a bold heading, the header of a section. */
export function bar(s: Sketch, x: number, top: number, width: number, heading: Wording, height = 12): void {
  s.rect(boxFromTop(x, top, width, height), 0.75, SHADE);
  s.text(heading.text, x + 3, top + height - 3.5, HEADING_SIZE, { bold: true });
}

export function footer(s: Sketch, page: 1 | 2 | 3): void {
  s.text(FOOTER.text, MARGIN, 760, 6, { bold: true });
  s.text(pageFooter(page).text, MARGIN + CONTENT_WIDTH, 760, 6, { bold: true, align: 'right' });
}
