import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { af1800Field, type Af1800Field } from './geometry.ts';
import { fontTables } from './font-tables.ts';
import { ELLIPSIS, FIT_SIZES, fitText, FONT_SIZE_FLOOR, placeText, textUnits, type FontMetrics } from './text-fit.ts';

let metrics: FontMetrics;
beforeAll(async () => {
  metrics = fontTables(await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)).metrics;
});

const widthAt = (text: string, size: number) => (textUnits(text, metrics) * size) / 1000;

describe('fitText', () => {
  it('steps down from 8 pt by 10 % to a floor of 8 x 0.9^6', () => {
    expect(FIT_SIZES).toEqual([8, 7.2, 6.48, 5.832, 5.2488, 4.7239, 4.2515]);
    expect(FONT_SIZE_FLOOR).toBe(4.2515);
  });

  it('keeps text that fits at 8 pt', () => {
    expect(fitText('JD', 74, metrics)).toMatchObject({ text: 'JD', size: 8, truncated: false });
  });

  it('takes the first step at which the text fits', () => {
    const text = 'Staff Sergeant Montgomery';
    const fitted = fitText(text, 70, metrics);
    const i = FIT_SIZES.indexOf(fitted.size);
    expect(i).toBeGreaterThan(0);
    expect(fitted.width).toBeLessThanOrEqual(70);
    expect(widthAt(text, FIT_SIZES[i - 1]!)).toBeGreaterThan(70);
    expect(fitted.text).toBe(text);
  });

  it('cuts text still too wide at the floor and ends it with an ellipsis that fits', () => {
    const text = 'Coolant leak at the lower radiator hose, found during the morning inspection and reported to the shop';
    const fitted = fitText(text, 80, metrics);
    expect(fitted).toMatchObject({ size: FONT_SIZE_FLOOR, truncated: true });
    expect(fitted.text.endsWith(ELLIPSIS)).toBe(true);
    expect(fitted.text.at(-2)).not.toBe(' ');
    expect(text.startsWith(fitted.text.slice(0, -1))).toBe(true);
    expect(fitted.width).toBeLessThanOrEqual(80);
    // One more character (past the spaces trimmed from the end) would not have fitted.
    let next = fitted.text.length - 1;
    while (text[next] === ' ') next++;
    const longer = `${text.slice(0, next + 1)}${ELLIPSIS}`;
    expect(widthAt(longer, FONT_SIZE_FLOOR)).toBeGreaterThan(80);
  });

  it('prints nothing where not even the ellipsis fits', () => {
    expect(fitText('Anything', 1, metrics)).toMatchObject({ text: '', truncated: true });
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
  const inside = (f: Af1800Field, t: ReturnType<typeof placeText>) =>
    t.x >= f.x + 2 - 0.01 && t.x + t.width <= f.x + f.width - 2 + 0.01 && t.y - 0.207 * t.size >= f.y && t.y + 0.718 * t.size <= f.y + f.height;

  it('places by alignment inside the box', () => {
    const left = af1800Field('p1.organization');
    const center = af1800Field('p1.day01.shift1');
    const right = af1800Field('p2.milesHours.miles');
    const l = placeText(left, 'Org', metrics);
    const c = placeText(center, 'JD', metrics);
    const r = placeText(right, '48213', metrics);
    expect(l.x).toBe(left.x + 2);
    expect(Math.abs(c.x + c.width / 2 - (center.x + center.width / 2))).toBeLessThan(0.01);
    expect(Math.abs(r.x + r.width - (right.x + right.width - 2))).toBeLessThan(0.01);
    for (const [f, t] of [
      [left, l],
      [center, c],
      [right, r],
    ] as const)
      expect(inside(f, t)).toBe(true);
  });
});
