import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Spec files run two at a time (one per core), each in an organization of its own; the tests of a
  // file run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A sign-in now waits for the first sync's answers too (AppShell.waitSynced), a few seconds on a busy run.
  timeout: 90_000,
  // A dialog that saves online waits up to OUTCOME_WAIT_MS (6 s) for the server's verdict before it
  // closes; on a busy run the default 5 s wait ends before the app does.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
