import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// What the screenshot specs share (screenshots.spec.ts: the shell and the screens; screenshots-vehicle.spec.ts:
// the vehicle tabs), split in two files so that they run side by side.

/** The sizes the product is judged at: a tablet and a desktop. */
export const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** Saved as test-results/screenshots/{name}-{width}.png, to be looked at after a run. */
export const shot = (page: Page, name: string, size: { width: number }, fullPage = false) =>
  page.screenshot({ animations: 'disabled', fullPage, path: path.join(test.info().project.outputDir, 'screenshots', `${name}-${size.width}.png`) });

export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
