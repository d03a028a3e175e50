import { createRoot, type Root } from 'react-dom/client';
import { fleetOverviewPath, fleetOverviewSchema, type FleetOverview } from '../../../core/schema/fleet-overview.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';
import { readOverview } from '../../../src/features/overview/use-overview.ts';
import type { OverviewFetchTimes, OverviewMountTimes } from '../api.ts';
import { BenchApp, benchEngine, benchSession } from './bench-app.tsx';
import { afterPaint, whenDom } from './dom.ts';

let root: Root | null = null;

async function orgIdOf(db: MirrorDb): Promise<string> {
  const [organization] = await db.feed('organizations').toArray();
  if (!organization) throw new Error('the mirror holds no organization');
  return organization.orgId;
}

/** The donuts and the lists' badges as a person sees them (Availability's badges come with the lists). */
const shown = () =>
  document.querySelectorAll('[role="img"][aria-label^="All Vehicles: "], [role="img"][aria-label^="WRM Vehicles: "]').length +
    document.querySelectorAll('[aria-label*="vehicle types meeting their MEL"]').length ===
  3;

/** Renders the real Overview (whole fleet) and waits until its donuts and badges are in the DOM. */
export async function mountOverview(db: MirrorDb): Promise<OverviewMountTimes> {
  if (root) throw new Error('unmount first');
  const session = benchSession(await orgIdOf(db));
  const start = performance.now();
  root = createRoot(document.getElementById('root')!);
  root.render(<BenchApp db={db} engine={benchEngine(db)} screen="overview" session={session} />);
  const domAt = await whenDom(shown, 'the donuts and badges of the Overview');
  const paintAt = await afterPaint();
  return { domMs: domAt - start, paintMs: paintAt - start };
}

export function unmountOverview(): void {
  root?.unmount();
  root = null;
}

/** The whole fleet's overview as the screen computes it from the mirror: its read and rule timed. */
export async function deviceOverview(db: MirrorDb): Promise<{ ms: number; overview: FleetOverview }> {
  const orgId = await orgIdOf(db);
  const start = performance.now();
  const { overview } = await readOverview(db, orgId, 'fleet-bench-user', { scope: 'fleet', chosen: null }, new Date());
  return { ms: performance.now() - start, overview };
}

/** GET .../fleet from the server, as a screen without a mirror would ask it, checked with its schema. */
export async function fetchOverview(db: MirrorDb, accessToken: string): Promise<OverviewFetchTimes & { overview: FleetOverview }> {
  const url = fleetOverviewPath.build({ orgId: await orgIdOf(db) });
  const start = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
  const headersAt = performance.now();
  const text = await response.text();
  if (!response.ok) throw new Error(`GET .../fleet: HTTP ${response.status} ${text.slice(0, 200)}`);
  const overview = fleetOverviewSchema.parse(JSON.parse(text));
  return { headersMs: headersAt - start, totalMs: performance.now() - start, bytes: text.length, overview };
}
