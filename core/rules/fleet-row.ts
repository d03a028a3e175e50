import type { FleetRow } from '../schema/fleet.ts';
import type { FeedRow } from '../schema/feeds.ts';
import { displayName } from '../schema/user.ts';
import { daysFromToday, fleetClock, type FleetClock } from './fleet-row-clock.ts';
import { DEFAULT_TIME_ZONE } from './org-clock.ts';
import { pdfLink } from './fleet-row-display.ts';
import type { FleetSources } from './fleet-row-sources.ts';
import { emptySummary, summarize, type FleetSummary } from './fleet-summary.ts';

export { daysToEticColor, fuelBar, pdfLink, ETIC_GREEN_DAYS, FUEL_HIGH_PERCENT, FUEL_LOW_PERCENT } from './fleet-row-display.ts';
export type { EticColor, FuelBar } from './fleet-row-display.ts';
export { RECENT_WINDOW_DAYS, VISITS_TO_MX_WINDOW_DAYS } from './fleet-row-clock.ts';
export type { FleetSources } from './fleet-row-sources.ts';

const digit = (iso: string, at: number) => iso.charCodeAt(at) - 48;
/** The UTC day of a timestamp in the feeds' form as the number yyyyMMdd, read without a parse or a new string. */
function dayNumber(iso: string): number {
  const year = digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3);
  return year * 10_000 + (digit(iso, 5) * 10 + digit(iso, 6)) * 100 + digit(iso, 8) * 10 + digit(iso, 9);
}

/** What a summary's windowed facts count on the day of `clock`. */
function counted(s: FleetSummary, clock: FleetClock) {
  let recentFixes = 0;
  for (const [key, fixes] of Object.values(s.fixes)) if (key >= clock.recentStart) recentFixes += fixes;
  let recentNotes = 0;
  for (const key of Object.values(s.notes)) if (key >= clock.recentStart) recentNotes++;
  let recentlyRepaired = 0;
  for (const key of Object.values(s.repairs)) if (key >= clock.recentStart) recentlyRepaired++;
  const visitDays = new Set<number>();
  // A visit's day is the organization's: the UTC day read from the text itself where the zone is UTC.
  for (const key of Object.values(s.visits))
    if (key >= clock.visitsStart) visitDays.add(clock.zone === DEFAULT_TIME_ZONE ? dayNumber(key) : daysFromToday(clock, key));
  let openWaivers = 0;
  let fixedWaivers = 0;
  for (const status of Object.values(s.waivers)) {
    if (status === 'open') openWaivers++;
    else fixedWaivers++;
  }
  // On TDY today: not completed (the summary keeps no other), started on or before today, and without an end or ending today or later.
  let onTdy = false;
  for (const [start, end] of Object.values(s.tdys)) if (start <= clock.todayDate && (end === null || end >= clock.todayDate)) onTdy = true;
  return { recentFixes, recentNotes, recentlyRepaired, visits: visitDays.size, openWaivers, fixedWaivers, onTdy };
}

/** Names a row needs: workflows by id, users by id, and the captions of the discrepancies rows name. */
export interface FleetNames {
  titles: Map<number, string>;
  users: Map<string, string>;
  /** Discrepancy id -> the caption of its picture (annotationCaptions). */
  captions: ReadonlyMap<string, string>;
}

const NO_CAPTIONS: ReadonlyMap<string, string> = new Map();

/**
 * The caption (picture annotation) of each discrepancy that has a captioned picture: of its pictures,
 * the first with a caption, in id order (a discrepancy has one picture, its inspection photo, as a
 * rule). Most Recent Annotation shows it in place of the discrepancy's text, so an edited caption
 * shows in Fleet Details (docs/fleet-details.md).
 */
export function annotationCaptions(pictures: readonly Pick<FeedRow<'discrepancyPictures'>, 'mxId' | 'mxPictureId' | 'annotation'>[]): Map<string, string> {
  const firstIds = new Map<string, string>();
  const captions = new Map<string, string>();
  for (const p of pictures) {
    if (!p.annotation) continue;
    const first = firstIds.get(p.mxId);
    if (first !== undefined && first < p.mxPictureId) continue;
    firstIds.set(p.mxId, p.mxPictureId);
    captions.set(p.mxId, p.annotation);
  }
  return captions;
}

/** The discrepancies whose text or caption rows show: each summary's newest one. */
export function annotationIds(summaries: Iterable<FleetSummary>): string[] {
  const ids: string[] = [];
  for (const s of summaries) if (s.annotationId !== '') ids.push(s.annotationId);
  return ids;
}

export function fleetNames(
  workflows: readonly FeedRow<'workflows'>[],
  users: readonly FeedRow<'users'>[],
  captions: ReadonlyMap<string, string> = NO_CAPTIONS,
): FleetNames {
  const titles = new Map<number, string>();
  for (const w of workflows) titles.set(w.workflowId, w.title);
  const names = new Map<string, string>();
  for (const u of users) {
    const name = displayName(u);
    if (name) names.set(u.userId, name);
  }
  return { titles, users: names, captions };
}

/** A vehicle's Fleet Details row on the day of `clock`, from its summary (docs/fleet-details.md defines every field). */
export function fleetRow(v: FeedRow<'vehicles'>, s: FleetSummary, clock: FleetClock, names: FleetNames): FleetRow {
  const current = v.status[0];
  const status = current?.status ?? 'valid';
  const eticDate = v.eticDate ?? current?.eticDate ?? null;
  const inMx = status === 'inMx';
  const inspected = s.inspectionId !== '';
  const c = counted(s, clock);
  const row: FleetRow = {
    vehicleId: v.vehicleId,
    pdf: null,
    regNumber: v.regNumber,
    wrm: v.wrm,
    sectionId: v.sectionId,
    vehicleType: v.vehicleType,
    status,
    onTdy: c.onTdy,
    workflowTitle: v.workflowId === null ? null : (names.titles.get(v.workflowId) ?? null),
    inspectionDate: inspected ? s.inspectionKey : null,
    inspector: inspected ? ((s.inspectorId !== null ? names.users.get(s.inspectorId) : undefined) ?? s.inspector) : null,
    fuelLevel: s.fuelId !== '' ? s.fuelLevel : v.fuelLevel,
    eticDate,
    daysToEtic: eticDate === null ? null : daysFromToday(clock, eticDate),
    inCommission: v.decommissionDate === null,
    nextMxDate: s.nextMxKey || null,
    nextMxType: s.nextMxId !== '' ? s.nextMxType : null,
    nextLtiDate: s.nextLtiKey || null,
    nextPmiDate: s.nextPmiKey || null,
    openWaivers: c.openWaivers,
    fixedWaivers: c.fixedWaivers,
    recentlyRepaired: c.recentlyRepaired,
    // A vehicle in the shop now is on a visit that is not completed yet.
    visitsToMx: c.visits + (inMx ? 1 : 0),
    daysInMx: inMx && current ? Math.max(0, -daysFromToday(clock, current.validFrom)) : null,
    recentNotes: c.recentNotes,
    recentFixes: c.recentFixes,
    mostRecentAnnotation: s.annotationId !== '' ? (names.captions.get(s.annotationId) ?? s.annotation) : null,
    completionDate: s.completionKey || null,
  };
  row.pdf = pdfLink(row);
  return row;
}

/** What Fleet Details rows are made of once the histories are summed up: one summary per vehicle. */
export interface SummarizedFleet {
  vehicles: readonly FeedRow<'vehicles'>[];
  workflows: readonly FeedRow<'workflows'>[];
  users: readonly FeedRow<'users'>[];
  /** By vehicle id; a vehicle without one has no records. */
  summaries: ReadonlyMap<string, FleetSummary>;
  /** The pictures of the summaries' annotation discrepancies (annotationIds), for their captions. */
  discrepancyPictures?: readonly Pick<FeedRow<'discrepancyPictures'>, 'mxId' | 'mxPictureId' | 'annotation'>[];
}

/** The rows of `fleet.vehicles`, in their order, on the day of `now`. */
export function fleetRowsFromSummaries(fleet: SummarizedFleet, now: Date, zone?: string): FleetRow[] {
  const clock = fleetClock(now, zone);
  const names = fleetNames(fleet.workflows, fleet.users, annotationCaptions(fleet.discrepancyPictures ?? []));
  return fleet.vehicles.map((v) => fleetRow(v, fleet.summaries.get(v.vehicleId) ?? emptySummary(v.vehicleId), clock, names));
}

/**
 * The Fleet Details rows: one per vehicle, in the order of `sources.vehicles`, decommissioned ones too
 * (inCommission false; the screens hide them). Each vehicle's records are summed up from scratch
 * (core/rules/fleet-summary.ts), each source read once, so the cost is linear in the number of records.
 */
export function deriveFleetRows(sources: FleetSources, now: Date, zone?: string): FleetRow[] {
  const summaries = summarize(
    sources.vehicles.map((v) => v.vehicleId),
    sources,
    now,
  );
  return fleetRowsFromSummaries(
    { vehicles: sources.vehicles, workflows: sources.workflows, users: sources.users, summaries, discrepancyPictures: sources.discrepancyPictures },
    now,
    zone,
  );
}
