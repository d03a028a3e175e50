import type { Locator } from '@playwright/test';

/** A grid's first data row, within its table (see firstDataRow). */
export const FIRST_DATA_ROW = 'tbody tr[aria-rowindex="2"]';

/**
 * The grid's first data row. Only data rows carry an aria-rowindex (the header's is 1): the row that
 * says 'Loading...' or 'No Data' is a row too, so "a second row" is no sign that the rows have come.
 */
export function firstDataRow(grid: Locator): Locator {
  return grid.locator(FIRST_DATA_ROW);
}
