import { fleetRowsFromSummaries } from '../../../core/rules/fleet-row.ts';
import { MirrorDb } from '../../../src/db/mirror.ts';
import type { FleetBenchApi } from '../api.ts';
import { benchState } from './bench-state.ts';
import { settle } from './dom.ts';
import { fetchBulk } from './fetch-bulk.ts';
import { clearMirror, fillOrg, markWhole, mirrorKey, completeMirror } from './fill.ts';
import { closeFilters, filterClick, filterCounts, openFilters, sortClick } from './interactions.ts';
import { currentRows, mount, unmount } from './mount.tsx';
import { deviceOverview, fetchOverview, mountOverview, unmountOverview } from './overview.tsx';

export function createBenchApi(): FleetBenchApi {
  const db = new MirrorDb('fleet-bench-mirror');
  return {
    mirrorKey: () => mirrorKey(db),
    clearMirror: () => clearMirror(db),
    fillOrg: (origin, org, feeds) => fillOrg(db, origin, org, feeds),
    completeMirror: (key) => completeMirror(db, key),
    mount: async (source) => {
      await markWhole(db);
      return mount(db, source);
    },
    unmount: async () => {
      unmount();
      unmountOverview();
      await settle();
    },
    mountOverview: () => mountOverview(db),
    deviceOverview: () => deviceOverview(db),
    fetchOverview: (accessToken) => fetchOverview(db, accessToken),
    rederive: async () => {
      const sources = benchState.lastDerive?.sources;
      if (!sources) throw new Error('mount the mirror source first');
      const start = performance.now();
      fleetRowsFromSummaries(sources, new Date());
      return performance.now() - start;
    },
    forgetSources: async () => {
      if (benchState.lastDerive) benchState.lastDerive.sources = null;
    },
    fetchBulk: (accessToken) => fetchBulk(db, accessToken),
    filterCounts: async () => filterCounts(),
    openFilters,
    closeFilters,
    filterClick,
    sortClick,
    settle: () => settle(),
    rows: async () => currentRows(),
  };
}
