import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import { SignInPage } from './sign-in-page.ts';

/** The signed-in app: sidebar, sync indicator, user menu, Fleet Updates and the Profile dialog. */
export class AppShell {
  readonly nav: Locator;
  readonly syncStatus: Locator;
  readonly fleetUpdates: Locator;
  readonly profile: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main navigation' });
    this.syncStatus = page.getByRole('status', { name: 'Sync status' });
    this.fleetUpdates = page.getByRole('complementary', { name: 'Fleet Updates' });
    this.profile = page.getByRole('dialog', { name: 'Profile' });
  }

  /** Opens the app, signs in on the provider's page and waits for the first step after it. */
  async signIn(account: Account): Promise<void> {
    await this.page.goto('/');
    await new SignInPage(this.page).submit(account.email, account.password);
    await this.page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/signin-callback'));
  }

  /** Signs in and waits until the first full sync has finished. */
  async signInAndSync(account: Account): Promise<void> {
    await this.signIn(account);
    await this.waitSynced();
  }

  async waitSynced(): Promise<void> {
    await expect(this.syncStatus).toContainText('All changes saved', { timeout: 30_000 });
    await expect(this.syncStatus).toContainText('Last synced', { timeout: 30_000 });
    // A first sync's answers come after its records (src/sync/fill-answers.ts), and their bar shows from
    // the moment the records are in ('Last synced'): synced means they are in too.
    await expect(this.page.getByRole('progressbar', { name: 'Inspection answers' })).toHaveCount(0, { timeout: 60_000 });
  }

  link(label: string): Locator {
    return this.nav.getByRole('link', { name: label });
  }

  async openUserMenu(): Promise<void> {
    await this.nav
      .getByRole('button')
      .filter({ has: this.page.locator('.mantine-Avatar-root') })
      .click();
  }

  async openProfile(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(this.profile).toBeVisible();
  }

  async saveProfile(givenName: string, familyName: string): Promise<void> {
    await this.openProfile();
    await this.profile.getByLabel('Given Name').fill(givenName);
    await this.profile.getByLabel('Family Name').fill(familyName);
    await this.profile.getByRole('button', { name: 'Submit' }).click();
    await expect(this.profile).toBeHidden();
  }

  async showFleetUpdates(): Promise<void> {
    const show = this.page.getByRole('button', { name: 'Show Fleet Updates' });
    if (await show.isVisible()) await show.click();
    await expect(this.fleetUpdates.getByRole('heading', { name: 'Fleet Updates' })).toBeVisible();
  }
}
