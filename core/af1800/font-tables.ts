import type { PDFFont } from 'pdf-lib';
import type { FontMetrics } from './text-fit.ts';

/**
 * What the filler needs from a standard font, asked of pdf-lib once per character and kept in tables
 * indexed by UTF-16 code unit: advance widths for the fit rule and WinAnsi codes for the content
 * stream. Text reaches here cleaned (win-ansi.ts); a code the font cannot draw all the same measures
 * and prints as '?', so neither table ever throws.
 */
export interface FontTables {
  metrics: FontMetrics;
  /**
   * The text as a PDF literal string in the font's encoding, parentheses included. Each WinAnsi code is
   * one char of the result (0-255): pdf-lib writes a stream's text as Latin-1, one byte per char.
   */
  literal(text: string): string;
}

const FALLBACK = '?';
/** ASCII that needs no escape in a literal string: everything printable except ( ) and backslash. */
const PLAIN = /^[\x20-\x27\x2a-\x5b\x5d-\x7e]*$/;
const ESCAPES: Record<string, string> = { '(': '\\(', ')': '\\)', '\\': '\\\\' };

export function fontTables(font: PDFFont): FontTables {
  const widths = new Map<number, number>();
  const codes = new Map<number, string>();
  const ascii = new Float64Array(128).fill(Number.NaN);

  const lookUp = (ch: string): [number, string] => {
    const byte = String.fromCharCode(parseInt(font.encodeText(ch).toString().slice(1, -1), 16));
    return [font.widthOfTextAtSize(ch, 1000), ESCAPES[byte] ?? byte];
  };
  const learn = (code: number) => {
    let found: [number, string];
    try {
      found = lookUp(String.fromCharCode(code));
    } catch {
      found = lookUp(FALLBACK);
    }
    if (code < 128) ascii[code] = found[0];
    widths.set(code, found[0]);
    codes.set(code, found[1]);
  };

  const units = (code: number): number => {
    if (code < 128) {
      const width = ascii[code]!;
      if (!Number.isNaN(width)) return width;
    } else {
      const width = widths.get(code);
      if (width !== undefined) return width;
    }
    learn(code);
    return widths.get(code)!;
  };
  const byteOf = (code: number): string => {
    const byte = codes.get(code);
    if (byte !== undefined) return byte;
    learn(code);
    return codes.get(code)!;
  };

  return {
    metrics: { units },
    literal(text) {
      if (PLAIN.test(text)) return `(${text})`;
      let out = '(';
      for (let i = 0; i < text.length; i++) out += byteOf(text.charCodeAt(i));
      return `${out})`;
    },
  };
}
