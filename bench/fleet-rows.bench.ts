// Fleet Details rows: deriveFleetRows over 5,000 vehicles with a year of history: the data set of
// bench/fleet-data.ts (server/seed's generator, organizations of 250 merged into one, turned into feed rows
// by the sync tables' own toApi functions and read back from the bench cache as storage would return
// them), shared with bench/fleet-grid.bench.ts. Beside it, in the same run, two baselines that compute the
// same rows per vehicle with sorts, filters and Date objects: one that first groups every source by
// vehicle in Maps, and the naive one that filters every whole source for each vehicle (timed on a
// sample and scaled to the fleet, as the full run would take a quarter of an hour). The grouped
// baseline's rows are compared with deriveFleetRows' on the whole fleet: the bench fails if any differs.
// BENCH_FLEET_VEHICLES, BENCH_FLEET_DAYS and BENCH_FLEET_TODAY change the data. CPU time and the load
// average are printed beside wall time, as other work on the machine stretches wall time; the best of
// several runs is the figure least disturbed by it.
import { deriveFleetRows, RECENT_WINDOW_DAYS, VISITS_TO_MX_WINDOW_DAYS, type FleetSources } from '../core/rules/fleet-row.ts';
import { pdfLink } from '../core/rules/fleet-row-display.ts';
import { feedSchemas, type FeedName } from '../core/schema/feeds.ts';
import type { FleetRow } from '../core/schema/fleet.ts';
import { fleetDataOptions, loadFleetSources } from './fleet-data.ts';
import { loadAverage, measure, table } from './measure.ts';

const OPTIONS = fleetDataOptions();
/** The derivation runs in the morning after the history's last day. */
const NOW = new Date(OPTIONS.today.getTime() + 9 * 3_600_000);
const NAIVE_SAMPLE = 100;
const RUNS = 9;
const DAY_MS = 86_400_000;

type Records = Exclude<keyof FleetSources, 'vehicles' | 'workflows' | 'users' | 'discrepancyPictures'>;
type Finder = <K extends Records>(kind: K, vehicleId: string) => FleetSources[K];

/** The shared data set; every source is named after its feed: the rows are checked against the feed schemas. */
async function loadSources(): Promise<{ sources: FleetSources; generatedSeconds: number | null }> {
  const loaded = await loadFleetSources(OPTIONS);
  for (const [feed, rows] of Object.entries(loaded.sources) as [FeedName, unknown[]][]) for (const row of rows.slice(0, 500)) feedSchemas[feed].parse(row);
  return loaded;
}

function groupBy<T extends { vehicleId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.vehicleId);
    if (group) group.push(row);
    else groups.set(row.vehicleId, [row]);
  }
  return groups;
}

const ms = (iso: string) => new Date(iso).getTime();
const isoOf = (time: number) => new Date(time).toISOString();
/** The first of `rows` by `time` descending (or ascending), ties by id descending (ascending). */
function first<T>(rows: T[], time: (row: T) => number, id: (row: T) => string, ascending = false): T | undefined {
  const sign = ascending ? 1 : -1;
  return [...rows].sort((a, b) => sign * (time(a) - time(b)) || sign * (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0))[0];
}

/** The same definitions as core/rules/fleet-row.ts, written the plain way: per vehicle, sort and filter its records. */
function referenceRow(v: FleetSources['vehicles'][number], find: Finder, titles: Map<number, string>, names: Map<string, string>): FleetRow {
  const now = NOW.getTime();
  const today = Math.floor(now / DAY_MS);
  const todayDate = NOW.toISOString().slice(0, 10);
  const recentStart = now - RECENT_WINDOW_DAYS * DAY_MS;
  const visitsStart = now - VISITS_TO_MX_WINDOW_DAYS * DAY_MS;
  const inspections = find('inspections', v.vehicleId);
  const own = inspections.filter((i) => i.parentInspectionId === null);
  const latest = first(
    own,
    (i) => ms(i.inspectionDate),
    (i) => i.inspectionId,
  );
  const fuel = first(
    own.filter((i) => i.fuelLevel !== null),
    (i) => ms(i.inspectionDate),
    (i) => i.inspectionId,
  );
  const discrepancies = find('discrepancies', v.vehicleId).filter((d) => !d.disregard);
  const repairs = discrepancies.filter((d) => d.actualCompletionDate !== null && ms(d.actualCompletionDate) > ms(d.dateDiscovered));
  const annotation = first(
    discrepancies,
    (d) => ms(d.dateDiscovered),
    (d) => d.mxId,
  );
  const scheduled = find('scheduledMx', v.vehicleId);
  const ltis = find('ltis', v.vehicleId);
  const pmis = find('pmis', v.vehicleId);
  const completions = [
    ...[...scheduled, ...ltis, ...pmis].filter((m) => m.completed).map((m) => ms(m.completionDate ?? m.lastModificationDate)),
    ...repairs.map((d) => ms(d.actualCompletionDate!)),
  ];
  const nextMx = first(
    scheduled.filter((m) => !m.completed),
    (m) => ms(m.mxDate),
    (m) => m.mxId,
    true,
  );
  const nextLti = first(
    ltis.filter((m) => !m.completed),
    (m) => ms(m.mxDate),
    (m) => m.ltiId,
    true,
  );
  const nextPmi = first(
    pmis.filter((m) => !m.completed),
    (m) => ms(m.mxDate),
    (m) => m.pmiId,
    true,
  );
  const waivers = find('waivers', v.vehicleId);
  const current = v.status[0];
  const status = current?.status ?? 'valid';
  const etic = v.eticDate ?? current?.eticDate ?? null;
  const inMx = status === 'inMx';
  const row: FleetRow = {
    vehicleId: v.vehicleId,
    pdf: null,
    regNumber: v.regNumber,
    wrm: v.wrm,
    sectionId: v.sectionId,
    vehicleType: v.vehicleType,
    status,
    onTdy: find('tdys', v.vehicleId).some((t) => !t.completed && t.startDate <= todayDate && (t.endDate === null || t.endDate >= todayDate)),
    workflowTitle: v.workflowId === null ? null : (titles.get(v.workflowId) ?? null),
    inspectionDate: latest ? isoOf(ms(latest.inspectionDate)) : null,
    inspector: latest ? ((latest.inspectorId ? names.get(latest.inspectorId) : undefined) ?? latest.inspector) : null,
    fuelLevel: fuel?.fuelLevel ?? v.fuelLevel,
    eticDate: etic,
    daysToEtic: etic === null ? null : Math.floor(ms(etic) / DAY_MS) - today,
    inCommission: v.decommissionDate === null,
    nextMxDate: nextMx ? isoOf(ms(nextMx.mxDate)) : null,
    nextMxType: nextMx?.mxType ?? null,
    nextLtiDate: nextLti ? isoOf(ms(nextLti.mxDate)) : null,
    nextPmiDate: nextPmi ? isoOf(ms(nextPmi.mxDate)) : null,
    openWaivers: waivers.filter((w) => w.status === 'open').length,
    fixedWaivers: waivers.filter((w) => w.status === 'fixed').length,
    recentlyRepaired: repairs.filter((d) => ms(d.actualCompletionDate!) >= recentStart && d.af1800StatusCode !== 'N').length,
    visitsToMx: new Set(completions.filter((c) => c >= visitsStart).map((c) => Math.floor(c / DAY_MS))).size + (inMx ? 1 : 0),
    daysInMx: inMx && current ? Math.max(0, today - Math.floor(ms(current.validFrom) / DAY_MS)) : null,
    recentNotes: find('notes', v.vehicleId).filter((n) => ms(n.creationDate) >= recentStart).length,
    recentFixes: inspections.filter((i) => ms(i.inspectionDate) >= recentStart).reduce((n, i) => n + i.numFixes, 0),
    mostRecentAnnotation: annotation?.discrepancy ?? null,
    completionDate: completions.length > 0 ? isoOf(Math.max(...completions)) : null,
  };
  row.pdf = pdfLink(row);
  return row;
}

function referenceRows(sources: FleetSources, vehicles: FleetSources['vehicles'], find: Finder): FleetRow[] {
  const titles = new Map(sources.workflows.map((w) => [w.workflowId, w.title]));
  const names = new Map(sources.users.map((u) => [u.userId, u.fullName]));
  return vehicles.map((v) => referenceRow(v, find, titles, names));
}

function grouped(sources: FleetSources): FleetRow[] {
  const kinds: Records[] = ['inspections', 'discrepancies', 'scheduledMx', 'ltis', 'pmis', 'waivers', 'tdys', 'notes'];
  const groups = new Map(kinds.map((kind) => [kind, groupBy<{ vehicleId: string }>(sources[kind])]));
  const find = ((kind: Records, vehicleId: string) => groups.get(kind)!.get(vehicleId) ?? []) as Finder;
  return referenceRows(sources, sources.vehicles, find);
}

function naive(sources: FleetSources, vehicles: FleetSources['vehicles']): FleetRow[] {
  const find = ((kind: Records, vehicleId: string) => (sources[kind] as { vehicleId: string }[]).filter((row) => row.vehicleId === vehicleId)) as Finder;
  return referenceRows(sources, vehicles, find);
}

function differences(a: FleetRow[], b: FleetRow[]): string[] {
  const found: string[] = [];
  a.forEach((row, i) => {
    if (JSON.stringify(row) !== JSON.stringify(b[i])) found.push(`${row.regNumber}: ${JSON.stringify(row)} vs ${JSON.stringify(b[i])}`);
  });
  return found;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** Wall and CPU milliseconds and the value of one run. */
async function timed<T>(work: () => T) {
  const cpu = process.cpuUsage();
  const run = await measure(async () => work());
  const used = process.cpuUsage(cpu);
  return { value: run.value, ms: run.seconds * 1000, cpuMs: (used.user + used.system) / 1000 };
}

export async function run(): Promise<void> {
  const loaded = await measure(loadSources);
  const { sources, generatedSeconds } = loaded.value;
  const counts = Object.entries(sources).map(([kind, rows]) => `${(rows as unknown[]).length} ${kind}`);
  const made = generatedSeconds === null ? 'from the cache' : `generated in ${generatedSeconds.toFixed(0)} s`;
  console.log(`${OPTIONS.vehicles} vehicles x ${OPTIONS.days} days (${made}), read in ${loaded.seconds.toFixed(1)} s: ${counts.join(', ')}`);
  const records = Object.values(sources).reduce((n, rows) => n + (rows as unknown[]).length, 0);

  const cold = await timed(() => deriveFleetRows(sources, NOW));
  const warm: { ms: number; cpuMs: number }[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await timed(() => deriveFleetRows(sources, NOW)));
  const reference = await timed(() => grouped(sources));
  const wrong = differences(cold.value, reference.value);
  if (wrong.length > 0) throw new Error(`${wrong.length} rows differ from the reference, e.g. ${wrong[0]}`);
  const step = Math.max(1, Math.floor(sources.vehicles.length / NAIVE_SAMPLE));
  const sample = sources.vehicles.filter((_, i) => i % step === 0).slice(0, NAIVE_SAMPLE);
  const naiveRun = await timed(() => naive(sources, sample));
  const sampleIds = new Set(sample.map((v) => v.vehicleId));
  const naiveWrong = differences(
    naiveRun.value,
    cold.value.filter((row) => sampleIds.has(row.vehicleId)),
  );
  if (naiveWrong.length > 0) throw new Error(`${naiveWrong.length} naive rows differ, e.g. ${naiveWrong[0]}`);
  const scale = sources.vehicles.length / sample.length;

  const round = (n: number) => Math.round(n * 10) / 10;
  const vehicles = sources.vehicles.length;
  const line = (measure: string, runs: { ms: number; cpuMs: number }[], times = 1) => ({
    measure,
    vehicles,
    records,
    'wall ms, best': round(Math.min(...runs.map((x) => x.ms)) * times),
    'wall ms, median': round(median(runs.map((x) => x.ms)) * times),
    'CPU ms, median': round(median(runs.map((x) => x.cpuMs)) * times),
  });
  console.log(loadAverage());
  table([
    line('deriveFleetRows, first run', [cold]),
    line(`deriveFleetRows, ${RUNS} more runs`, warm),
    line('baseline: group by vehicle, then sort/filter', [reference]),
    line(`baseline: filter every source per vehicle (${sample.length} timed, x${scale})`, [naiveRun], scale),
  ]);
}
