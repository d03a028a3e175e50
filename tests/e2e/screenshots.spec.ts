import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { demoAccount } from './support/accounts.ts';

/** The sizes the product is judged at: a tablet and a desktop. */
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** Saved as test-results/screenshots/{name}-{width}.png, to be looked at after a run. */
const shot = (page: Page, name: string, size: { width: number }) =>
  page.screenshot({ animations: 'disabled', path: path.join(test.info().project.outputDir, 'screenshots', `${name}-${size.width}.png`) });

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test(`the shell fits ${size.width}x${size.height}: sidebar, Fleet Updates and the Profile dialog`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = new AppShell(page);
    await app.signInAndSync(demoAccount('admin'));
    await expectNoHorizontalOverflow(page);
    await shot(page, 'shell', size);

    await app.showFleetUpdates();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'fleet-updates', size);
    await page.getByRole('button', { name: 'Hide Fleet Updates' }).click();

    await app.openProfile();
    await expect(app.profile.getByLabel('Given Name')).toBeEditable();
    await shot(page, 'profile', size);
  });
}
