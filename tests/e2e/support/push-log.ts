import type { Page } from '@playwright/test';
import { pushResponseSchema, type MutationResult } from '../../../core/schema/sync.ts';

/** Every per-mutation answer the server gave to the page's pushes, in order. */
export function recordPushes(page: Page): MutationResult[] {
  const results: MutationResult[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/data/v1/sync/push') || response.status() !== 200) return;
    const body = pushResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (body.success) results.push(...body.data.results);
  });
  return results;
}
