import type { Locator } from '@playwright/test';

/**
 * The grid's first data row. Only data rows carry an aria-rowindex (the header's is 1): the row that
 * says 'Loading...' or 'No Data' is a row too, so "a second row" is no sign that the rows have come.
 */
export function firstDataRow(grid: Locator): Locator {
  return grid.locator('tbody tr[aria-rowindex="2"]');
}
