import type { Af1800Field } from './geometry.ts';

/**
 * The fit rule (part 2 §9): values start at 8 pt and shrink in 10 % steps until they fit their box's
 * maximum width. The floor is the last step not below 4 pt, 8 × 0.9^6 ≈ 4.25 pt: smaller print is not
 * legible on a printed form. A value still too wide at the floor is cut and ends with an ellipsis, so it
 * never leaves its box. Sizes are rounded to 4 decimals so the content stream stays short and stable.
 */
export const FONT_SIZE_START = 8;
export const FONT_SIZE_STEP = 0.9;
export const FONT_SIZE_MIN = 4;
export const FIT_SIZES: readonly number[] = (() => {
  const sizes: number[] = [];
  for (let size = FONT_SIZE_START; size >= FONT_SIZE_MIN; size *= FONT_SIZE_STEP) sizes.push(Math.round(size * 1e4) / 1e4);
  return sizes;
})();
export const FONT_SIZE_FLOOR = FIT_SIZES[FIT_SIZES.length - 1]!;
export const ELLIPSIS = '\u2026';
/** Helvetica's cap height in em: a value is centred on its capitals, which is how a form reads. */
const CAP_HEIGHT = 0.718;

/**
 * Advance widths in 1/1000 em by UTF-16 code unit: what a `Tj` of the text really draws. (pdf-lib's own
 * widthOfTextAtSize applies kerning, which a plain `Tj` does not, so it under-measures pairs like "AV".)
 * Text is cleaned to WinAnsi first (win-ansi.ts), which has no surrogate pairs, so a code unit is a
 * character; measuring by code unit keeps the fit loop free of iterators and strings.
 */
export interface FontMetrics {
  units(code: number): number;
}

export function textUnits(text: string, metrics: FontMetrics): number {
  let units = 0;
  for (let i = 0; i < text.length; i++) units += metrics.units(text.charCodeAt(i));
  return units;
}

export interface FittedText {
  text: string;
  size: number;
  width: number;
  truncated: boolean;
}

const EPSILON = 1e-9;

/** The largest prefix, without trailing spaces, that leaves room for the ellipsis within `maxUnits`. */
function truncate(text: string, maxUnits: number, metrics: FontMetrics): string {
  const budget = maxUnits - metrics.units(ELLIPSIS.charCodeAt(0));
  if (budget < 0) return '';
  let used = 0;
  let end = 0;
  for (; end < text.length; end++) {
    const units = metrics.units(text.charCodeAt(end));
    if (used + units > budget + EPSILON) break;
    used += units;
  }
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}

/** Fits already-cleaned text to a maximum width in points. */
export function fitText(text: string, maxWidth: number, metrics: FontMetrics): FittedText {
  const units = textUnits(text, metrics);
  for (const size of FIT_SIZES) {
    const width = (units * size) / 1000;
    if (width <= maxWidth + EPSILON) return { text, size, width, truncated: false };
  }
  const cut = truncate(text, (maxWidth * 1000) / FONT_SIZE_FLOOR, metrics);
  return { text: cut, size: FONT_SIZE_FLOOR, width: (textUnits(cut, metrics) * FONT_SIZE_FLOOR) / 1000, truncated: true };
}

export interface PlacedText extends FittedText {
  fieldId: string;
  /** Where the text starts and its baseline, in points, rounded to 1/100 pt. */
  x: number;
  y: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Fits a value into its field and places it by the field's alignment, centred vertically on its capitals. */
export function placeText(f: Af1800Field, text: string, metrics: FontMetrics): PlacedText {
  const { text: fittedText, size, width, truncated } = fitText(text, f.maxWidth, metrics);
  const slack = f.maxWidth - width;
  const offset = f.align === 'left' ? 0 : f.align === 'center' ? slack / 2 : slack;
  // Rounding may move the text by 0.005 pt; the padding on either side absorbs it.
  const x = round2(f.x + (f.width - f.maxWidth) / 2 + offset);
  const y = round2(f.y + (f.height - CAP_HEIGHT * size) / 2);
  return { fieldId: f.id, text: fittedText, size, width, truncated, x, y };
}
