// What the bench page (bench/fleet-grid/page) offers the Node side as window.fleetBench. Every time
// is measured in the page with performance.now(), so no round trip to Node is in any figure (only the
// main thread's CPU time is read from Node, around each call: bench/fleet-grid/steps.ts).

/** Where the screen's rows come from: derived from the mirror by the real hook, or fetched. */
export type RowSource = 'mirror' | 'fetch';

/** Milliseconds from the user's action until the DOM shows its result, and until the frame after. */
export interface StepTimes {
  domMs: number;
  paintMs: number;
}

export interface MountTimes extends StepTimes {
  /** Mirror only: the hook's read of the mirror (readFleetSources), from its call to its answer. */
  readMs: number | null;
  /** Mirror only: fleetRowsFromSummaries as the hook called it. */
  deriveMs: number | null;
  /** From the rows being ready (derived, or at once when fetched) until they are in the DOM. */
  renderMs: number;
  /** Mirror only: the records the rows were made of (vehicles, summaries, workflows, users). */
  records: number | null;
  /** Rows the grid counts (vehicles in commission). */
  rows: number;
}

export interface FetchTimes {
  /** Until the response headers: the server has read its database and derived the rows. */
  headersMs: number;
  /** Until the JSON body is parsed. */
  totalMs: number;
  /** Checking the parsed rows with fleetRowSchema, as the app checks every response. */
  zodMs: number;
  bytes: number;
  rows: number;
}

export interface FilterCounts {
  /** Rows shown with the Status filter hiding FMC. */
  shown: number;
  total: number;
}

export type SortDirection = 'ascending' | 'descending' | 'none';

export interface FillResult {
  rows: number;
  ms: number;
}

/** The Overview from the mirror: until its donuts and badges are in the DOM, and the frame after. */
export type OverviewMountTimes = StepTimes;

export interface OverviewFetchTimes {
  /** Until the response headers: the server has read its database and computed the overview. */
  headersMs: number;
  /** Until the body is parsed and checked with the answer's schema. */
  totalMs: number;
  bytes: number;
}

export interface FleetBenchApi {
  /** The data key the mirror was filled for, or null. */
  mirrorKey(): Promise<string | null>;
  /** Empties the mirror's feeds and forgets its key. */
  clearMirror(): Promise<void>;
  /** Adds one generated organization's feed files to the mirror. */
  fillOrg(origin: string, org: number, feeds: readonly string[]): Promise<FillResult>;
  /** Makes the mirror's derived stores from what was filled and records the data key. */
  completeMirror(key: string): Promise<void>;
  /** Renders the real Fleet Details screen and waits for its rows. */
  mount(source: RowSource): Promise<MountTimes>;
  unmount(): Promise<void>;
  /** fleetRowsFromSummaries once more over what the last mirror mount read (a warm run): its ms. */
  rederive(): Promise<number>;
  /** Drops the page's hold on those sources, so that the screen's heap is its own again. */
  forgetSources(): Promise<void>;
  /** GET /data/v2/fleet/bulk, the rows the 'fetch' source then shows. */
  fetchBulk(accessToken: string): Promise<FetchTimes>;
  filterCounts(): Promise<FilterCounts>;
  /** Opens the filter panel (the filter is set there). */
  openFilters(): Promise<void>;
  closeFilters(): Promise<void>;
  /** Unticks (hide) or ticks FMC in the panel's Status filter. */
  filterClick(hide: boolean): Promise<StepTimes>;
  /** Clicks the Reg Number header, whose sort then goes to `dir`. */
  sortClick(dir: SortDirection): Promise<StepTimes>;
  /** Renders the real Overview from the mirror and waits for its donuts and badges. */
  mountOverview(): Promise<OverviewMountTimes>;
  /** The whole fleet's overview as the screen computes it (its read of the mirror and the rule), timed. */
  deviceOverview(): Promise<{ ms: number; overview: unknown }>;
  /** GET /data/v1/organizations/{orgId}/fleet, timed, with its answer. */
  fetchOverview(accessToken: string): Promise<OverviewFetchTimes & { overview: unknown }>;
  /** Lets pending work finish and collects garbage: between measured steps. */
  settle(): Promise<void>;
  /** The rows the last mount showed (in commission), to compare the two sources. */
  rows(): Promise<unknown[]>;
}
