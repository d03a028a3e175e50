import type { Af1800Month } from '../schema/af1800.ts';
import type { FeedRow } from '../schema/feeds.ts';
import type { InspectionResult } from '../schema/inspection.ts';
import { af1800ItemOf } from '../schema/rule.ts';
import { af1800MonthRange, type MonthRange } from './af1800-form-month.ts';
import { People } from './af1800-form-people.ts';
import { orgZoneOf } from './org-clock.ts';

type Inspection = FeedRow<'inspections'>;
type Result = InspectionResult;
type Discrepancy = FeedRow<'discrepancies'>;

/**
 * Everything an AF1800 form is assembled from: feed rows as the sync feed delivers them and the
 * device's mirror holds them (`db.feed(name).toArray()`), or the server reads them. Rows of other
 * vehicles and other months may be included; they are ignored. Only live rows, never tombstones, so
 * that both sides see the same thing.
 */
export interface Af1800Sources {
  /** The organization's row (feed `organizations`); null while the device has not received it. */
  organization: FeedRow<'organizations'> | null;
  /** Every user of the organization, inactive ones too: they name inspectors, reporters and the VCO. */
  users: readonly FeedRow<'users'>[];
  /** Workflow rules: they tell which AF1800 item a custom rule reports against, and its title. */
  workflowRules: readonly FeedRow<'workflowRules'>[];
  /** Inspections with their results (an inspection of the month without them counts as answering nothing). */
  inspections: readonly Inspection[];
  discrepancies: readonly Discrepancy[];
}

/** An inspection of the month with its moment (epoch ms) parsed once. */
export interface TimedInspection {
  row: Inspection;
  at: number;
}

/** One vehicle's records that a month's form is made of. */
export interface VehicleMonth {
  /** Inspections performed in the month (amendments too), oldest first. */
  inspections: TimedInspection[];
  /** The page 2 discrepancies, by discovery date. */
  discrepancies: Discrepancy[];
}

/** What a rule is, known from the workflow rules by its id. */
export interface RuleInfo {
  item: number | null;
  title: string;
  units: string | null;
}

export interface Af1800Index {
  month: Af1800Month;
  range: MonthRange;
  people: People;
  organization: FeedRow<'organizations'> | null;
  /** The organization's time zone, whose days and shifts the form counts. */
  zone: string;
  rules: Map<string, RuleInfo>;
  /** Results by inspection id, in the inspection's order; only for the month's inspections. */
  results: Map<string, Result[]>;
  vehicles: Map<string, VehicleMonth>;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Equal moments are ordered by id, so the input order never changes a form. */
const byTimeThenId = (aAt: number, aId: string, bAt: number, bId: string) => aAt - bAt || byId(aId, bId);

/**
 * Whether a discrepancy belongs on the month's page 2: not disregarded (it was entered in error or
 * judged no fault), and either discovered in the month or discovered earlier and still open when the
 * month began. Open discrepancies carry over to each new month's form until maintenance completes
 * them, as operators transfer uncorrected write-ups to the new AF1800.
 */
export function onMonthForm(d: Discrepancy, range: MonthRange): boolean {
  if (d.disregard) return false;
  const found = Date.parse(d.dateDiscovered);
  if (found >= range.end) return false;
  if (found >= range.start) return true;
  return d.actualCompletionDate === null || Date.parse(d.actualCompletionDate) >= range.start;
}

function ruleInfo(rules: readonly FeedRow<'workflowRules'>[]): Map<string, RuleInfo> {
  const info = new Map<string, RuleInfo>();
  for (const r of rules) info.set(r.ruleId, { item: af1800ItemOf(r), title: r.title, units: r.fields.units ?? null });
  return info;
}

/**
 * The sources sorted into what each vehicle's form for the month needs, in one pass per source. Pass
 * `vehicleIds` to keep only those vehicles (the others cost a map look-up per record).
 */
export function indexAf1800Sources(sources: Af1800Sources, month: Af1800Month, vehicleIds?: ReadonlySet<string>): Af1800Index {
  const zone = orgZoneOf(sources.organization);
  const range = af1800MonthRange(month, zone);
  const vehicles = new Map<string, VehicleMonth>();
  const vehicle = (id: string): VehicleMonth | undefined => {
    if (vehicleIds && !vehicleIds.has(id)) return undefined;
    let v = vehicles.get(id);
    if (!v) vehicles.set(id, (v = { inspections: [], discrepancies: [] }));
    return v;
  };
  const results = new Map<string, Result[]>();
  for (const row of sources.inspections) {
    const at = Date.parse(row.inspectionDate);
    if (at < range.start || at >= range.end) continue;
    const v = vehicle(row.vehicleId);
    if (!v) continue;
    v.inspections.push({ row, at });
    results.set(
      row.inspectionId,
      [...(row.results ?? [])].sort((a, b) => a.position - b.position || byId(a.resultId, b.resultId)),
    );
  }
  for (const d of sources.discrepancies) {
    if (onMonthForm(d, range)) vehicle(d.vehicleId)?.discrepancies.push(d);
  }
  for (const v of vehicles.values()) {
    v.inspections.sort((a, b) => byTimeThenId(a.at, a.row.inspectionId, b.at, b.row.inspectionId));
    v.discrepancies.sort((a, b) => byTimeThenId(Date.parse(a.dateDiscovered), a.mxId, Date.parse(b.dateDiscovered), b.mxId));
  }
  return {
    month,
    range,
    people: new People(sources.users),
    organization: sources.organization,
    zone,
    rules: ruleInfo(sources.workflowRules),
    results,
    vehicles,
  };
}

const EMPTY: VehicleMonth = { inspections: [], discrepancies: [] };

export function vehicleMonth(index: Af1800Index, vehicleId: string): VehicleMonth {
  return index.vehicles.get(vehicleId) ?? EMPTY;
}

/** The AF1800 item a result reports against: its workflow rule's item, else n of an 'AF1800-{n}' id. */
export function resultItem(index: Af1800Index, result: Result): number | null {
  return index.rules.get(result.ruleId)?.item ?? af1800ItemOf({ ruleId: result.ruleId, af1800Id: null });
}

/** The ISO form the feeds write (UTC, milliseconds, Z) of a feed timestamp. */
export const isoOf = (iso: string) => new Date(iso).toISOString();
