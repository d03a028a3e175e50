import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { PAGE_HEIGHT, type Box } from './geometry.ts';

/**
 * What a blank page is made of, collected first and painted in one pass: rules and fills, then all
 * bold text, then all regular text. pdf-lib adds a font resource each time a page's font is set, so
 * painting grouped by font keeps each page at one entry per font.
 */
export type Align = 'left' | 'center' | 'right';
interface Rule {
  box: Box;
  border: number;
  fill?: number;
}
interface Label {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  align: Align;
}

export class Sketch {
  readonly rules: Rule[] = [];
  readonly labels: Label[] = [];

  rect(box: Box, border = 0.5, fill?: number): this {
    this.rules.push(fill === undefined ? { box, border } : { box, border, fill });
    return this;
  }

  /** Text whose baseline is `baselineTop` points down from the top of the page; x is its anchor for `align`. */
  text(text: string, x: number, baselineTop: number, size: number, options: { bold?: boolean; align?: Align } = {}): this {
    this.labels.push({ text, x, y: PAGE_HEIGHT - baselineTop, size, bold: options.bold ?? false, align: options.align ?? 'left' });
    return this;
  }
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export function paint(page: PDFPage, sketch: Sketch, fonts: Fonts): void {
  const black = rgb(0, 0, 0);
  for (const { box, border, fill } of sketch.rules) {
    page.drawRectangle({
      ...box,
      borderWidth: border,
      borderColor: border > 0 ? black : undefined,
      color: fill === undefined ? undefined : rgb(fill, fill, fill),
    });
  }
  for (const bold of [true, false]) {
    const font = bold ? fonts.bold : fonts.regular;
    const labels = sketch.labels.filter((l) => l.bold === bold);
    if (labels.length === 0) continue;
    page.setFont(font);
    for (const l of labels) {
      const width = font.widthOfTextAtSize(l.text, l.size);
      const x = l.align === 'left' ? l.x : l.align === 'center' ? l.x - width / 2 : l.x - width;
      page.drawText(l.text, { x, y: l.y, size: l.size, color: black });
    }
  }
}
