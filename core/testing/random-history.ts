import type { FeedRow } from '../schema/feeds.ts';
import { CORRECTIVE_ACTION_CODES } from '../schema/discrepancy.ts';
import { WAIVER_STATUSES } from '../schema/waiver.ts';
import { sourceId, SUMMARY_SOURCES, type SourceRow, type SummarySource } from '../rules/fleet-summary.ts';
import { discrepancyRow, inspectionRow } from './feed-rows.ts';
import { Rng } from './seeded-random.ts';

/*
 * Random histories of a few vehicles for the summary tests: records written, changed and deleted in
 * any order while time passes, with moments bunched around the windows' edges and repeated (ties) so
 * that every rule of core/rules/fleet-summary.ts meets its edge cases.
 */

const DAY_MS = 86_400_000;

/** A change to the history at the moment `at` (ISO): a record written (new or a new version, maybe under another vehicle), or deleted. */
export type HistoryOp = { at: string } & ({ kind: 'put'; source: SummarySource; row: SourceRow } | { kind: 'delete'; source: SummarySource; row: SourceRow });

const AUDIT_NAMES = { creatorId: null, creatorName: null, lastModifierId: null, lastModifierName: null };

export interface RandomHistory {
  vehicleIds: string[];
  ops: HistoryOp[];
}

/** `count` changes to the records of `vehicles` vehicles, starting at `start` and moving forward by up to two days at a time. */
export function randomHistory(seed: number, count: number, start: Date, vehicles = 3): RandomHistory {
  const rng = new Rng(seed);
  const random = () => rng.next();
  const pick = <T>(list: readonly T[]): T => rng.pick(list);
  const chance = (p: number) => rng.chance(p);
  const vehicleIds = Array.from({ length: vehicles }, (_, i) => `v${i + 1}`);
  let now = start.getTime();
  let next = 0;
  const live = new Map<string, { source: SummarySource; row: SourceRow }>();
  // Moments near the windows' edges (30 days, a year) and near now, some repeated exactly.
  const moment = () => {
    const days = pick([0, 0.5, 1, 5, 29.9, 30, 30.01, 31, 32, 33, 100, 364.9, 365, 365.01, 366, 368, 400, -3, -10]);
    const jitter = chance(0.5) ? 0 : Math.floor(random() * 4) * 3_600_000;
    return new Date(Math.floor((now - days * DAY_MS - jitter) / 60_000) * 60_000).toISOString();
  };
  const day = () => moment().slice(0, 10);
  const maybe = <T>(value: () => T): T | null => (chance(0.3) ? null : value());
  const id = (prefix: string) => `${prefix}${String(++next).padStart(4, '0')}`;

  function make(source: SummarySource, vehicleId: string, old?: SourceRow): SourceRow {
    const regNumber = `REG-${vehicleId}`;
    const o = old as Record<string, unknown> | undefined;
    const at = moment();
    switch (source) {
      case 'inspections':
        return inspectionRow({
          inspectionId: (o?.inspectionId as string) ?? id('i'),
          vehicleId,
          inspectionDate: (o?.inspectionDate as string) ?? at,
          parentInspectionId: (o?.parentInspectionId as string | null) ?? (chance(0.15) ? 'parent' : null),
          numFixes: pick([0, 0, 1, 2]),
          fuelLevel: maybe(() => pick([0.25, 0.5, 1])),
          inspectorId: pick([null, 'u1', 'u2']),
          inspector: pick([null, 'Stored Name']),
        });
      case 'discrepancies': {
        const found = chance(0.3) && o ? (o.dateDiscovered as string) : at;
        return discrepancyRow({
          mxId: (o?.mxId as string) ?? id('d'),
          vehicleId,
          dateDiscovered: found,
          discrepancy: pick(['Tail light out', 'Wiper torn', 'Horn weak']),
          disregard: chance(0.2),
          actualCompletionDate: maybe(() => (chance(0.2) ? found : moment())),
          af1800StatusCode: maybe(() => pick(CORRECTIVE_ACTION_CODES)),
        });
      }
      case 'scheduledMx':
      case 'ltis':
      case 'pmis': {
        const completed = chance(0.5);
        const visit = {
          vehicleId,
          regNumber,
          mxDate: moment(),
          completed,
          completionDate: completed ? maybe(moment) : null,
          creationDate: at,
          lastModificationDate: moment(),
          ...AUDIT_NAMES,
        };
        if (source === 'scheduledMx') return { mxId: (o?.mxId as string) ?? id('m'), mxType: pick(['Oil change', 'Brakes']), ...visit };
        if (source === 'ltis') return { ltiId: (o?.ltiId as string) ?? id('l'), passed: null, notes: null, ...visit };
        return { pmiId: (o?.pmiId as string) ?? id('p'), passed: null, notes: null, ...visit };
      }
      case 'waivers':
        return {
          waiverId: (o?.waiverId as string) ?? id('w'),
          vehicleId,
          regNumber,
          ruleId: 'AF1800-20',
          waiverType: 'warning',
          explanation: 'Awaiting part',
          status: pick(WAIVER_STATUSES),
          closingDate: null,
          creationDate: at,
          lastModificationDate: at,
          ...AUDIT_NAMES,
        } satisfies FeedRow<'waivers'>;
      case 'tdys':
        return {
          tdyId: (o?.tdyId as string) ?? id('t'),
          vehicleId,
          regNumber,
          startDate: day(),
          endDate: maybe(day),
          description: 'Exercise support',
          completed: chance(0.3),
          creationDate: at,
          lastModificationDate: at,
          ...AUDIT_NAMES,
        } satisfies FeedRow<'tdys'>;
      case 'notes': {
        const created = (o?.creationDate as string) ?? at;
        return {
          noteId: (o?.noteId as string) ?? id('n'),
          vehicleId,
          regNumber,
          note: pick(['Parked north', 'Keys at desk']),
          userId: 'u2',
          userName: 'Dee Spatcher',
          creationDate: created,
          lastModificationDate: created,
        } satisfies FeedRow<'notes'>;
      }
    }
  }

  const ops: HistoryOp[] = [];
  for (let i = 0; i < count; i++) {
    if (chance(0.15)) now += Math.floor(random() * 2 * DAY_MS);
    const at = new Date(now).toISOString();
    const existing = [...live.values()];
    const roll = random();
    if (existing.length > 0 && roll < 0.25) {
      const { source, row } = pick(existing);
      // Now and then the new version is under another vehicle (a record the server put elsewhere than
      // the device did); never an inspection, whose vehicle the server never changes.
      const vehicleId = source !== 'inspections' && chance(0.2) ? pick(vehicleIds) : row.vehicleId;
      const changed = make(source, vehicleId, row);
      live.set(`${source}:${sourceId(source, changed)}`, { source, row: changed });
      ops.push({ at, kind: 'put', source, row: changed });
    } else if (existing.length > 0 && roll < 0.35) {
      const { source, row } = pick(existing);
      live.delete(`${source}:${sourceId(source, row)}`);
      ops.push({ at, kind: 'delete', source, row });
    } else {
      const source = pick(SUMMARY_SOURCES);
      const row = make(source, pick(vehicleIds));
      live.set(`${source}:${sourceId(source, row)}`, { source, row });
      ops.push({ at, kind: 'put', source, row });
    }
  }
  return { vehicleIds, ops };
}
