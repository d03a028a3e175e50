import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import type { FileSpec } from '../support/files.ts';
import { SignInPage } from './sign-in-page.ts';

/** How a rule is answered in a walk through the inspection: by its title, else passed. */
export interface RuleAnswers {
  /** Failed with this comment and photo. */
  fail?: { title: string; comment: string; photo: FileSpec };
  /** Failed and fixed on the spot. */
  fix?: { title: string; comment: string };
}

/** The inspection app at /inspect, driven by touch as on a tablet. */
export class InspectApp {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }

  async signIn(account: Account): Promise<void> {
    await this.page.goto('/inspect');
    await new SignInPage(this.page).submit(account.email, account.password);
    await expect(this.page.getByRole('heading', { name: 'Choose a vehicle' })).toBeVisible({ timeout: 30_000 });
  }

  /** Finds a vehicle by typing part of its registration, and opens its start screen. */
  async choose(regNumber: string): Promise<void> {
    await this.page.getByLabel('Registration').fill(regNumber.slice(0, 5).toLowerCase());
    await this.page.getByRole('link', { name: new RegExp(`^${regNumber},`) }).tap();
    await expect(this.page.getByRole('heading', { level: 1, name: regNumber })).toBeVisible();
  }

  async tapButton(name: string | RegExp): Promise<void> {
    await this.page.getByRole('button', { name, exact: typeof name === 'string' }).tap();
  }

  /** A reading the rule on screen takes and passes: its target, else its threshold, else its lowest. */
  async passingReading(): Promise<number> {
    const text = await this.page.getByRole('main').innerText();
    const number = (re: RegExp) => (re.exec(text) ? Number(re.exec(text)![1]) : null);
    return number(/Target (-?[\d.]+)/) ?? number(/Passes at (-?[\d.]+)/) ?? number(/Readings from (-?[\d.]+)/) ?? 5;
  }

  /** The rule on screen ("Rule 3 of 12"), or null on the review. */
  async ruleIndex(): Promise<{ index: number; count: number } | null> {
    const progress = this.page.getByText(/^Rule \d+ of \d+$/);
    await expect(progress.or(this.page.getByRole('heading', { name: 'Review' }))).toBeVisible();
    if (!(await progress.isVisible())) return null;
    const [, index, count] = /^Rule (\d+) of (\d+)$/.exec(await progress.innerText()) ?? [];
    return { index: Number(index), count: Number(count) };
  }

  /** Answers the rule on screen (its title given): as `answers` says for it, else passing. */
  async answer(title: string, answers: RuleAnswers = {}): Promise<void> {
    if (await this.page.getByRole('group', { name: 'Fuel level' }).isVisible()) await this.tapButton('¾');
    else if (await this.page.getByLabel('Reading').isVisible()) {
      await this.page.getByLabel('Reading').fill(String(await this.passingReading()));
      if (await this.page.getByRole('button', { name: 'Pass', exact: true }).isVisible()) await this.tapButton('Pass');
    } else if (title === answers.fail?.title) {
      await this.tapButton('Fail');
      await this.page.getByLabel('Comment').fill(answers.fail.comment);
      await this.page.getByLabel(`Photo of ${title}`).setInputFiles(answers.fail.photo);
      await expect(this.page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
    } else if (title === answers.fix?.title) {
      await this.tapButton('Fail');
      await this.page.getByLabel('Comment').fill(answers.fix.comment);
      await this.page.getByText('Fixed on the spot').tap();
    } else await this.tapButton('Pass');
  }

  /** Answers every rule from the one on screen to the review; answers the titles asked, in order. */
  async answerAll(answers: RuleAnswers = {}): Promise<string[]> {
    const titles: string[] = [];
    for (let at = await this.ruleIndex(); at !== null;) {
      const title = (await this.heading.innerText()).trim();
      titles.push(title);
      await this.answer(title, answers);
      const last = at.index === at.count;
      await this.tapButton(last ? 'Review' : 'Next');
      const next = last ? this.page.getByRole('heading', { name: 'Review' }) : this.page.getByText(`Rule ${at.index + 1} of ${at.count}`, { exact: true });
      await expect(next, `after ${title}`).toBeVisible();
      at = await this.ruleIndex();
    }
    return titles;
  }
}
