import type { BrowserContext, Page } from '@playwright/test';

/**
 * When an element first appeared in a page, as the page saw it. Playwright's waits poll (after 0, 20,
 * 50, 100 and 100 ms, then every 500 ms), so `Date.now()` taken when a wait returns is late by up to
 * half a second, more on a busy main thread: a reload of Fleet Details timed that way took 1.1 s where
 * the page had shown its rows after 0.6 to 0.8 s. `noteFirstSeen` installs, before any of the page's
 * own scripts, an observer that notes the time each selector first matches (checked after every change
 * to the DOM, as the grid bench's `whenDom` does); `firstSeenAt` reads it once a wait has seen the element.
 */
export async function noteFirstSeen(target: Page | BrowserContext, selectors: Record<string, string>): Promise<void> {
  await target.addInitScript((wanted: Record<string, string>) => {
    const seen: Record<string, number> = {};
    Object.assign(window, { firstSeen: seen });
    const observer = new MutationObserver(() => {
      for (const [name, selector] of Object.entries(wanted)) {
        // The wall clock's time (the page's origin plus its clock), comparable with Node's Date.now().
        if (!(name in seen) && document.querySelector(selector)) seen[name] = performance.timeOrigin + performance.now();
      }
      if (Object.keys(seen).length === Object.keys(wanted).length) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selectors);
}

/** The wall-clock time (ms since the epoch) at which the page first showed `name`'s selector. */
export async function firstSeenAt(page: Page, name: string): Promise<number> {
  const at = await page.evaluate((n) => (window as unknown as { firstSeen?: Record<string, number> }).firstSeen?.[n], name);
  if (at === undefined) throw new Error(`The page's observer never saw ${name}: was noteFirstSeen called before the page loaded?`);
  return at;
}
