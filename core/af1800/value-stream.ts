import type { PlacedText } from './text-fit.ts';

/**
 * A page's values as one content stream, written directly. pdf-lib's drawText builds a dozen operator
 * objects per call (save/restore, colour, leading, matrix...), which for a 500-vehicle report of about
 * 170,000 values was most of the time; a value needs only its position and its glyphs, and a size
 * when it differs from the previous value's. The stream is compressed per page, so every byte saved
 * here is deflate time saved.
 */

/** Sizes and positions are already rounded (text-fit.ts), so they print short and always the same. */
export function valueContent(texts: readonly PlacedText[], fontKey: string, literal: (text: string) => string): string {
  let content = '0 g\nBT\n';
  let size = 0;
  for (const t of texts) {
    if (t.size !== size) {
      size = t.size;
      content += `/${fontKey} ${size} Tf\n`;
    }
    content += `1 0 0 1 ${t.x} ${t.y} Tm ${literal(t.text)} Tj\n`;
  }
  return `${content}ET\n`;
}
