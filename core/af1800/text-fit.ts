import type { Af1800Field } from './geometry.ts';

/**
 * The fit rule (part 2 §9): values start at 8 pt and shrink in 10 % steps until they fit their box. The
 * floor is the last step not below 6 pt, 8 × 0.9³ = 6.48 pt: 6 pt is the smallest print a person reads
 * on paper. At each size a value takes as many lines as its box's height holds, broken after a space, a
 * hyphen or a slash, so a long value wraps at 8 pt before it shrinks. A value given as lines (the miles
 * and the hours of a reading) prints one line each, unbroken. Only a value still too long at the floor, on every
 * line its box holds, is cut: its last line ends with an ellipsis, so it never leaves its box. Sizes are
 * rounded to 4 decimals so the content stream stays short and stable.
 */
export const FONT_SIZE_START = 8;
export const FONT_SIZE_STEP = 0.9;
export const FONT_SIZE_MIN = 6;
export const FIT_SIZES: readonly number[] = (() => {
  const sizes: number[] = [];
  for (let size = FONT_SIZE_START; size >= FONT_SIZE_MIN; size *= FONT_SIZE_STEP) sizes.push(Math.round(size * 1e4) / 1e4);
  return sizes;
})();
export const FONT_SIZE_FLOOR = FIT_SIZES[FIT_SIZES.length - 1]!;
export const ELLIPSIS = '\u2026';
/** Helvetica's cap height and descent in em: a value is centred on its capitals, which is how a form reads. */
export const CAP_HEIGHT = 0.718;
export const DESCENT = 0.207;
/** Baseline to baseline, in em: the usual 115 %, so a descender never meets the capitals below it. */
export const LINE_HEIGHT = 1.15;

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

/** A value as fitted: its lines (one or more), all at one size. */
export interface FittedText {
  lines: string[];
  size: number;
  truncated: boolean;
}

const EPSILON = 1e-9;
const SPACE = 0x20;
const HYPHEN = 0x2d;
const SLASH = 0x2f;

/**
 * How many lines of a size a box of this height holds: the block is centred on its capitals, with room
 * for the descender below its last line and as much above its first (at least one line: boxes are at
 * least 10 pt high, enough for one line at 8 pt).
 */
export function linesThatFit(height: number, size: number): number {
  const free = height - (CAP_HEIGHT + 2 * DESCENT) * size;
  return Math.max(1, 1 + Math.floor((free + EPSILON) / (LINE_HEIGHT * size)));
}

/**
 * The end of the longest first line of `text.slice(start)` within `maxUnits`, broken after a space (which
 * is dropped), or after a hyphen or slash inside a word; and where the next line starts. `end` is the
 * text's length when the rest fits; -1 when the first word alone is wider than a line, or `forced` cuts
 * that word where the line is full.
 */
function lineBreak(text: string, start: number, maxUnits: number, metrics: FontMetrics, forced: boolean): { end: number; next: number } {
  let used = 0;
  let end = -1;
  let next = -1;
  let i = start;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === SPACE) {
      end = i;
      next = i + 1;
    }
    used += metrics.units(code);
    if (used > maxUnits + EPSILON && code !== SPACE) break;
    if ((code === HYPHEN || code === SLASH) && i > start && text.charCodeAt(i - 1) !== SPACE && i + 1 < text.length) {
      end = i + 1;
      next = i + 1;
    }
  }
  if (i === text.length) return { end: text.length, next: text.length };
  if (end > start) return { end, next };
  return forced && i > start ? { end: i, next: i } : { end: -1, next: -1 };
}

/** `text` in lines within `maxUnits`, at most `maxLines` of them; null when it does not fit them. */
function wrap(text: string, maxUnits: number, maxLines: number, metrics: FontMetrics): string[] | null {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    if (lines.length === maxLines) return null;
    const { end, next } = lineBreak(text, start, maxUnits, metrics, false);
    if (end < 0) return null;
    lines.push(text.slice(start, end).trimEnd());
    start = next;
    while (text.charCodeAt(start) === SPACE) start++;
  }
  return lines;
}

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

/** At the floor: every line the box holds filled (a word wider than a line is split), the last one cut. */
function cut(parts: readonly string[], maxUnits: number, maxLines: number, metrics: FontMetrics): string[] {
  const lines: string[] = [];
  const rest = parts.slice();
  while (lines.length < maxLines - 1 && rest.length > 0) {
    const part = rest.shift()!;
    const { end, next } = lineBreak(part, 0, maxUnits, metrics, true);
    if (end < 0) return [...lines, ''];
    lines.push(part.slice(0, end).trimEnd());
    const remainder = part.slice(next).trimStart();
    if (remainder) rest.unshift(remainder);
  }
  return [...lines, truncate(rest.join(' '), maxUnits, metrics)];
}

/**
 * The lines of a value within `maxUnits`, at most `maxLines` of them; null when it does not fit. Text
 * wraps; a value given as lines (readings) keeps them, as a reading split from its unit misreads.
 */
function linesOf(value: string | readonly string[], maxUnits: number, maxLines: number, metrics: FontMetrics): string[] | null {
  if (typeof value === 'string') return wrap(value, maxUnits, maxLines, metrics);
  if (value.length > maxLines) return null;
  return value.every((line) => textUnits(line, metrics) <= maxUnits + EPSILON) ? value.slice() : null;
}

/**
 * Fits already-cleaned text, or lines of it, to a box: the largest size at which its lines fit the
 * maximum width and the box's height holds them; cut at the floor otherwise.
 */
export function fitText(value: string | readonly string[], maxWidth: number, height: number, metrics: FontMetrics): FittedText {
  for (const size of FIT_SIZES) {
    const lines = linesOf(value, (maxWidth * 1000) / size, linesThatFit(height, size), metrics);
    if (lines) return { lines, size, truncated: false };
  }
  const parts = typeof value === 'string' ? [value] : value;
  const lines = cut(parts, (maxWidth * 1000) / FONT_SIZE_FLOOR, linesThatFit(height, FONT_SIZE_FLOOR), metrics);
  return { lines, size: FONT_SIZE_FLOOR, truncated: true };
}

/** One printed line of a value; a value of several lines gives one of these per line, in order. */
export interface PlacedText {
  fieldId: string;
  text: string;
  size: number;
  /** The line's width in points. */
  width: number;
  /** Set on every line of a value that was cut. */
  truncated: boolean;
  /** 0 for the first line of its value. */
  line: number;
  /** Where the line starts and its baseline, in points, rounded to 1/100 pt. */
  x: number;
  y: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Fits a value into its field and places each line by the field's alignment; the block of lines is
 * centred vertically on its capitals (first line's cap height to last line's baseline).
 */
export function placeText(f: Af1800Field, value: string | readonly string[], metrics: FontMetrics): PlacedText[] {
  const { lines, size, truncated } = fitText(value, f.maxWidth, f.height, metrics);
  const leading = LINE_HEIGHT * size;
  const block = (lines.length - 1) * leading + CAP_HEIGHT * size;
  const bottom = f.y + (f.height - block) / 2;
  const placed: PlacedText[] = [];
  lines.forEach((text, line) => {
    if (!text) return;
    const width = (textUnits(text, metrics) * size) / 1000;
    const slack = f.maxWidth - width;
    const offset = f.align === 'left' ? 0 : f.align === 'center' ? slack / 2 : slack;
    // Rounding may move the text by 0.005 pt; the padding on either side absorbs it.
    const x = round2(f.x + (f.width - f.maxWidth) / 2 + offset);
    const y = round2(bottom + (lines.length - 1 - line) * leading);
    placed.push({ fieldId: f.id, text, size, width, truncated, line, x, y });
  });
  return placed;
}
