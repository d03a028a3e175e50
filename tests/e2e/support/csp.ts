import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CSP_VIOLATION_LOG } from '../../../server/http/csp-report.ts';

/** The host of the probe script a spec loads on purpose to prove violations are reported. */
export const CSP_PROBE_HOST = 'csp-probe.invalid';

/** The violations browsers reported to the server so far (server/http/csp-report.ts), probes aside. */
export function reportedViolations({ probes = false } = {}): string[] {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set: run the e2e suite through its global setup');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes(CSP_VIOLATION_LOG) && line.includes(CSP_PROBE_HOST) === probes);
}

/** CSP refusals the page's console shows (the document's own; workers report to the server only). */
export function consoleViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text) && !text.includes(CSP_PROBE_HOST)) seen.push(text);
  });
  return seen;
}
