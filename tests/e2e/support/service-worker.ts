import { expect, type Page } from '@playwright/test';

/** The page's service worker registration as the browser reports it: what a failed wait prints. */
async function workerState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const state = (w: ServiceWorker | null | undefined) => w?.state ?? 'none';
    if (!registration) return `controller ${navigator.serviceWorker.controller ? 'set' : 'none'}, no registration`;
    return `controller ${navigator.serviceWorker.controller ? 'set' : 'none'}, active ${state(registration.active)}, waiting ${state(registration.waiting)}, installing ${state(registration.installing)}`;
  });
}

/**
 * Waits until the service worker controls the page (it has precached the app, so the page can reload and
 * open every screen offline). A fresh context installs it after the sign-in; on a loaded machine that
 * takes a while. A failed wait says where the worker stood.
 */
export async function waitForWorkerControl(page: Page, timeout = 60_000): Promise<void> {
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await expect.poll(controlled, { timeout, intervals: [250, 500, 1000] }).toBe(true);
  } catch {
    throw new Error(`The service worker did not take control of the page within ${timeout / 1000} s: ${await workerState(page)}`);
  }
}
