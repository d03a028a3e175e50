import { fleetRowSchema, type FleetRow } from '../../../core/schema/fleet.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';
import type { FetchTimes } from '../api.ts';
import { benchState } from './bench-state.ts';

/** The baseline's rows: one plain GET of the server's Fleet Details rows, as a screen without a mirror would. */
export async function fetchBulk(db: MirrorDb, accessToken: string): Promise<FetchTimes> {
  const start = performance.now();
  const response = await fetch('/data/v2/fleet/bulk', { headers: { authorization: `Bearer ${accessToken}` } });
  const headersAt = performance.now();
  const text = await response.text();
  if (!response.ok) throw new Error(`GET /data/v2/fleet/bulk: HTTP ${response.status} ${text.slice(0, 200)}`);
  const json: unknown = JSON.parse(text);
  const doneAt = performance.now();
  // The app checks every response with its schema before use (docs/architecture.md); timed on its own.
  const rows: FleetRow[] = fleetRowSchema.array().parse(json);
  const checkedAt = performance.now();
  // Section names are not part of the rows; the screen needs them either way.
  const sections = (await db.feed('sections').toArray()) as Section[];
  benchState.fetched = { rows, sections };
  return { headersMs: headersAt - start, totalMs: doneAt - start, zodMs: checkedAt - doneAt, bytes: text.length, rows: rows.length };
}
