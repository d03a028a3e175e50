import { describe, expect, it } from 'vitest';
import { ACTIONS_WIDTH, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, userColumnWidths } from './column-widths.ts';

const sum = (w: Record<string, number>) => Object.values(w).reduce((a, b) => a + b, 0);

describe('userColumnWidths', () => {
  it('fits every column and the actions into a 1024 px tablet (834 px of screen, 832 inside the grid border)', () => {
    expect(sum(userColumnWidths(834, true)) + ACTIONS_WIDTH).toBeLessThanOrEqual(832);
  });

  it('leaves room for a vertical scrollbar once it grows', () => {
    for (const available of [900, 1045, 1200]) expect(sum(userColumnWidths(available, true)) + ACTIONS_WIDTH).toBeLessThanOrEqual(available - 2 - 15);
  });

  it('stays between 100 and 150 px however much room there is', () => {
    for (const available of [0, 500, 830, 1045, 1400, 5000]) {
      for (const width of Object.values(userColumnWidths(available, true))) {
        expect(width).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH);
        expect(width).toBeLessThanOrEqual(MAX_COLUMN_WIDTH);
      }
    }
  });

  it('grows with the room, in steps', () => {
    expect(userColumnWidths(1045, true).email).toBeGreaterThan(userColumnWidths(830, true).email);
    expect(userColumnWidths(5000, true).email).toBe(MAX_COLUMN_WIDTH);
    expect(userColumnWidths(1000, true)).toEqual(userColumnWidths(1003, true));
  });
});
