import type { PullResponse, SyncChange } from '../../core/schema/sync.ts';
import { pullResponseSchema } from '../../core/schema/sync.ts';

/** What a pull needs of a client: a GET answering its status and parsed body (the API tests' client, or a bench's). */
interface Api {
  get(path: string): Promise<{ status: number; body: unknown }>;
}

/** Pulls pages until the feed is exhausted, applying them to a map keyed `table/id`, as a client mirror would. */
export async function pullAll(api: Api, options: { cursor?: string; limit?: number; clientId?: string; answers?: 'later'; rows?: Map<string, SyncChange> } = {}) {
  const rows = options.rows ?? new Map<string, SyncChange>();
  let cursor = options.cursor ?? '';
  const pages: PullResponse[] = [];
  for (let i = 0; i < 10_000; i++) {
    const qs = new URLSearchParams({
      cursor,
      limit: String(options.limit ?? 1000),
      ...(options.clientId ? { clientId: options.clientId } : {}),
      ...(options.answers ? { answers: options.answers } : {}),
    });
    const res = await api.get(`/data/v1/sync/pull?${qs}`);
    if (res.status !== 200) throw new Error(`pull failed: ${res.status} ${JSON.stringify(res.body)}`);
    const page = pullResponseSchema.parse(res.body);
    pages.push(page);
    if (page.reset) {
      rows.clear();
      cursor = '';
      continue;
    }
    for (const c of page.changes) {
      if (c.op === 'delete') rows.delete(`${c.t}/${c.id}`);
      else rows.set(`${c.t}/${c.id}`, c);
    }
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { rows, cursor, pages };
}
