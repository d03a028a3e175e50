/** Sizes of the shell (part 1 §2 "Shell" and §9). */

/** Below this window width the sidebar collapses to icons unless the user chose otherwise. */
export const SIDEBAR_AUTO_COLLAPSE_BELOW_PX = 1200;

/** Media query for "narrower than the auto-collapse breakpoint" (the .02 avoids a 1-px overlap). */
export const NARROW_WINDOW_QUERY = `(max-width: ${SIDEBAR_AUTO_COLLAPSE_BELOW_PX - 0.02}px)`;

/** The left sidebar: wide enough for the longest link label, collapsed as wide as the updates rail. */
export const SIDEBAR_EXPANDED_WIDTH = 280;
export const SIDEBAR_COLLAPSED_WIDTH = 75;

/** The right-hand Fleet Updates panel (spec: 75 px collapsed with a count badge, 500 px expanded). */
export const FLEET_UPDATES_COLLAPSED_WIDTH = 75;
export const FLEET_UPDATES_EXPANDED_WIDTH = 500;

/**
 * The panel opens by itself only where the main area keeps at least ~840 px beside an open sidebar
 * (280 + 500 + 820): on a 1440 px desktop or a 1024 px tablet the grids need the room more.
 */
export const FLEET_UPDATES_AUTO_EXPAND_FROM_PX = 1600;
export const WIDE_WINDOW_QUERY = `(min-width: ${FLEET_UPDATES_AUTO_EXPAND_FROM_PX}px)`;

/** localStorage keys of the user's layout choices. */
export const SIDEBAR_STORAGE_KEY = 'fleet-readiness.sidebar-collapsed';
export const FLEET_UPDATES_STORAGE_KEY = 'fleet-readiness.fleet-updates-expanded';
