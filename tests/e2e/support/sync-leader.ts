import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

/**
 * A Chromium of our own whose tabs can really be frozen. Playwright turns on focus emulation in
 * every page it creates, which keeps the page "visible", and Chromium does not freeze a visible page:
 * `Page.setWebLifecycleState {state: 'frozen'}` then answers success and changes nothing. Attached
 * with `noDefaults`, the browser's own context gets no focus emulation, so its tabs behave as in a
 * real browser window: only the front tab is visible, a background tab is throttled, and a frozen
 * one stops (timers, tasks, workers) while keeping its Web Locks.
 */
export async function launchFreezableChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-freeze-'));
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless', ...CHROMIUM_ARGS, '--window-size=1440,900', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so closing it ends its helper processes too, not only the browser.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr.on('data', (data: Buffer) => {
      output += String(data);
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
  const context = browser.contexts()[0]!;
  return {
    context,
    async close() {
      await browser.close().catch(() => undefined);
      const exited = new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL'); // the group is already gone
      }
      await exited;
      // A helper process may still be flushing into the profile for a moment after the kill.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** How many pushes and pulls a tab has sent since it was watched (a pull may come from its worker). */
export function syncRequests(page: Page) {
  let pushes = 0;
  let pulls = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname === '/data/v1/sync/push') pushes++;
    if (request.method() === 'GET' && url.pathname === '/data/v1/sync/pull') pulls++;
  });
  return { pushes: () => pushes, pulls: () => pulls };
}

/**
 * Freezes a tab as the browser does a background tab, through the DevTools protocol, and thaws it.
 * Chromium still hands BroadcastChannel messages to a frozen page's script while holding back its
 * IndexedDB answers, so a Dexie live query woken by another tab's write would open a transaction
 * the frozen tab never finishes, and every other tab would wait up to 60 s for those stores. The
 * debugger therefore also holds the tab's main thread: nothing at all runs in it until it resumes.
 */
export async function lifecycle(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  return {
    async freeze() {
      await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.pause');
    },
    async resume() {
      await cdp.send('Debugger.resume');
      await cdp.send('Debugger.disable');
      await cdp.send('Page.setWebLifecycleState', { state: 'active' });
    },
  };
}

export interface LeaderBeat {
  leaderId: string;
  at: number;
}

/** The leader's heartbeat in the tab's mirror (src/sync/leader-heartbeat.ts), read with plain IndexedDB. */
export function readHeartbeat(page: Page): Promise<LeaderBeat | null> {
  return page.evaluate(async () => {
    const mirror = (await indexedDB.databases()).find((d) => d.name?.startsWith('fleet-mirror-'));
    if (!mirror?.name) return null;
    const name = mirror.name;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const entry = await new Promise<{ value?: LeaderBeat } | undefined>((resolve, reject) => {
        const get = db.transaction('meta').objectStore('meta').get('leaderHeartbeat');
        get.onsuccess = () => resolve(get.result as { value?: LeaderBeat } | undefined);
        get.onerror = () => reject(get.error);
      });
      return entry?.value ?? null;
    } finally {
      db.close();
    }
  });
}
