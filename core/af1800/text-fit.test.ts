import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { af1800Field, type Af1800Field } from './geometry.ts';
import { fontTables } from './font-tables.ts';
import { ELLIPSIS, FIT_SIZES, fitText, FONT_SIZE_FLOOR, LINE_HEIGHT, linesThatFit, placeText, textUnits, type FontMetrics } from './text-fit.ts';

let metrics: FontMetrics;
beforeAll(async () => {
  metrics = fontTables(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).metrics;
});

const widthAt = (text: string, size: number) => (textUnits(text, metrics) * size) / 1000;

describe('fitText', () => {
  it('steps down from 8 pt by 10 % to a floor of 8 x 0.9^3, the last step not below 6 pt', () => {
    expect(FIT_SIZES).toEqual([8, 7.2, 6.48]);
    expect(FONT_SIZE_FLOOR).toBe(6.48);
  });

  it('keeps text that fits at 8 pt on one line', () => {
    expect(fitText('JD', 74, 20, metrics)).toEqual({ lines: ['JD'], size: 8, truncated: false });
  });

  it('counts the lines a box holds, with room for a descender above and below', () => {
    expect([8, 7.2, 6.48].map((size) => linesThatFit(10, size))).toEqual([1, 1, 1]);
    expect([8, 7.2, 6.48].map((size) => linesThatFit(17, size))).toEqual([1, 2, 2]);
    expect([8, 7.2, 6.48].map((size) => linesThatFit(25, size))).toEqual([2, 3, 3]);
  });

  it('wraps at 8 pt, after spaces, before it shrinks', () => {
    const fitted = fitText('Staff Sergeant Montgomery', 70, 20, metrics);
    expect(fitted).toEqual({ lines: ['Staff Sergeant', 'Montgomery'], size: 8, truncated: false });
  });

  it('shrinks a step when the lines the box holds are not enough', () => {
    const text = 'Staff Sergeant Montgomery';
    const fitted = fitText(text, 90, 10, metrics);
    const i = FIT_SIZES.indexOf(fitted.size);
    expect(i).toBeGreaterThan(0);
    expect(fitted.lines).toEqual([text]);
    expect(widthAt(text, fitted.size)).toBeLessThanOrEqual(90);
    expect(widthAt(text, FIT_SIZES[i - 1]!)).toBeGreaterThan(90);
  });

  it('breaks after a hyphen or slash inside a word, never inside a word otherwise', () => {
    expect(fitText('EMP-900000-MAINT', 38, 25, metrics)).toEqual({ lines: ['EMP-', '900000-', 'MAINT'], size: 7.2, truncated: false });
    expect(fitText('12345678901234567', 38, 25, metrics).truncated).toBe(true);
  });

  it('prints lines given as lines, unbroken: the readings of a miles/hours cell', () => {
    expect(fitText(['67,846 mi', '2,906 hrs'], 38, 25, metrics)).toEqual({ lines: ['67,846 mi', '2,906 hrs'], size: 8, truncated: false });
    expect(fitText(['1,234,567 mi', '2,906 hrs'], 38, 25, metrics)).toEqual({ lines: ['1,234,567 mi', '2,906 hrs'], size: 6.48, truncated: false });
  });

  it('cuts text still too long at the floor on its last line, with an ellipsis that fits', () => {
    const text = 'Coolant leak at the lower radiator hose, found during the morning inspection and reported to the shop';
    const fitted = fitText(text, 80, 17, metrics);
    expect(fitted).toMatchObject({ size: FONT_SIZE_FLOOR, truncated: true });
    expect(fitted.lines).toHaveLength(2);
    const last = fitted.lines.at(-1)!;
    expect(last.endsWith(ELLIPSIS)).toBe(true);
    expect(last.at(-2)).not.toBe(' ');
    for (const line of fitted.lines) expect(widthAt(line, FONT_SIZE_FLOOR)).toBeLessThanOrEqual(80);
    const printed = `${fitted.lines.join(' ')}`.slice(0, -1);
    expect(text.startsWith(printed)).toBe(true);
  });

  it('prints nothing where not even the ellipsis fits', () => {
    expect(fitText('Anything', 1, 10, metrics)).toMatchObject({ lines: [''], truncated: true });
  });

  it('measures and encodes a character the font lacks as a question mark, without throwing', async () => {
    const tables = fontTables(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica));
    expect(tables.metrics.units(0x4e00)).toBe(tables.metrics.units(63));
    expect(tables.literal('A\u4e00\u2026(x)\\')).toBe('(A?\x85\\(x\\)\\\\)');
  });

  it('measures without kerning, as a Tj draws it', () => {
    expect(textUnits('AV', metrics)).toBe(metrics.units(65) + metrics.units(86));
  });
});

describe('placeText', () => {
  const inside = (f: Af1800Field, t: ReturnType<typeof placeText>[number]) =>
    t.x >= f.x + 2 - 0.01 && t.x + t.width <= f.x + f.width - 2 + 0.01 && t.y - 0.207 * t.size >= f.y - 0.01 && t.y + 0.718 * t.size <= f.y + f.height + 0.01;

  it('places by alignment inside the box', () => {
    const left = af1800Field('p1.organization');
    const center = af1800Field('p1.day01.shift1');
    const right = af1800Field('p2.milesHours.miles');
    const [l] = placeText(left, 'Org', metrics);
    const [c] = placeText(center, 'JD', metrics);
    const [r] = placeText(right, '48213', metrics);
    expect(l!.x).toBe(left.x + 2);
    expect(Math.abs(c!.x + c!.width / 2 - (center.x + center.width / 2))).toBeLessThan(0.01);
    expect(Math.abs(r!.x + r!.width - (right.x + right.width - 2))).toBeLessThan(0.01);
    for (const [f, t] of [
      [left, l!],
      [center, c!],
      [right, r!],
    ] as const)
      expect(inside(f, t)).toBe(true);
  });

  it('places the lines of a value one below the other, the block centred and inside the box', () => {
    const f = af1800Field('p2.row01.milesHours');
    const lines = placeText(f, ['67,846 mi', '2,906 hrs'], metrics);
    expect(lines.map((t) => [t.text, t.line, t.size])).toEqual([
      ['67,846 mi', 0, 8],
      ['2,906 hrs', 1, 8],
    ]);
    expect(lines[0]!.y - lines[1]!.y).toBeCloseTo(LINE_HEIGHT * 8, 1);
    for (const t of lines) expect(inside(f, t)).toBe(true);
    const middle = (lines[0]!.y + 0.718 * 8 + lines[1]!.y) / 2;
    expect(Math.abs(middle - (f.y + f.height / 2))).toBeLessThan(0.02);
  });
});
