import { describe, expect, it } from 'vitest';
import { AF1800_DAYS, AF1800_PAGE3_ITEMS, AF1800_ROWS_PER_PAGE, AF1800_SHIFTS } from '../schema/af1800.ts';
import { AF1800_FIELDS, af1800Field, findAf1800Field, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, TEXT_PAD, type Box } from './geometry.ts';
import { FONT_SIZE_START } from './text-fit.ts';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('AF1800 geometry', () => {
  it('has one field per value of the form', () => {
    const count = (page: number, kind = 'text') => AF1800_FIELDS.filter((f) => f.page === page && f.kind === kind).length;
    expect(count(1)).toBe(9 + AF1800_DAYS * AF1800_SHIFTS);
    expect(count(2)).toBe(3 + AF1800_ROWS_PER_PAGE * 10 + 8);
    expect(count(3)).toBe(3 + AF1800_PAGE3_ITEMS.length);
    expect(count(3, 'check')).toBe(AF1800_PAGE3_ITEMS.length);
    expect(new Set(AF1800_FIELDS.map((f) => f.id)).size).toBe(AF1800_FIELDS.length);
  });

  it('finds fields by id', () => {
    expect(af1800Field('p1.day31.shift3').page).toBe(1);
    expect(af1800Field('p2.row19.employeeNumber').page).toBe(2);
    expect(af1800Field('p3.item39.check').kind).toBe('check');
    expect(findAf1800Field('p1.day32.shift1')).toBeUndefined();
    expect(() => af1800Field('p9.nothing')).toThrow();
  });

  it('keeps every box within the page margins, with room for 8 pt text', () => {
    for (const f of AF1800_FIELDS) {
      expect(f.x, f.id).toBeGreaterThanOrEqual(MARGIN);
      expect(f.y, f.id).toBeGreaterThanOrEqual(MARGIN);
      expect(f.x + f.width, f.id).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN);
      expect(f.y + f.height, f.id).toBeLessThanOrEqual(PAGE_HEIGHT - MARGIN);
      expect(f.maxWidth, f.id).toBe(f.width - 2 * TEXT_PAD);
      // Descender (0.207 em) below and cap height (0.718 em) above a centred baseline.
      expect(f.height, f.id).toBeGreaterThanOrEqual((0.207 + 0.718) * FONT_SIZE_START + 1);
    }
  });

  it('never lets two boxes of a page overlap', () => {
    for (const page of [1, 2, 3]) {
      const fields = AF1800_FIELDS.filter((f) => f.page === page);
      for (let i = 0; i < fields.length; i++) {
        for (let j = i + 1; j < fields.length; j++) expect(overlaps(fields[i]!, fields[j]!), `${fields[i]!.id} / ${fields[j]!.id}`).toBe(false);
      }
    }
  });

  it('lays days out in order, two blocks side by side', () => {
    const a = af1800Field('p1.day01.shift1');
    const b = af1800Field('p1.day02.shift1');
    const c = af1800Field('p1.day17.shift1');
    expect(b.y).toBeLessThan(a.y);
    expect(c.y).toBe(a.y);
    expect(c.x).toBeGreaterThan(af1800Field('p1.day01.shift3').x);
  });
});
