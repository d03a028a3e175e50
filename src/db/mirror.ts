import Dexie, { type Table } from 'dexie';
import type { UploadState } from '../../core/schema/file.ts';
import type { FleetSummary } from '../../core/rules/fleet-summary.ts';
import type { InspectionDetail } from '../../core/schema/inspection.ts';
import { FEED_NAMES, type FeedName, type FeedRow } from '../../core/schema/feeds.ts';
import { mirrorStoreOf } from '../../core/schema/resource.ts';
import { RESOURCES } from '../../core/schema/resources.ts';
import { fleetSummariesMiddleware, SUMMARIES, SUMMARIES_STORE, summarizeAll } from './fleet-summaries.ts';
import { BUCKET_STORE, BUCKETED_TABLES, INSPECTION_MONTHS, LOCATED_BUCKET_STORE, VEHICLE_HISTORIES } from './bucketed-tables.ts';
import { RowLocations } from './row-locations.ts';
import type { InspectionDraft } from './inspection-draft.ts';
import { jsonRecordsMiddleware } from './json-records.ts';
import { bucketsMiddleware, moveIntoBuckets } from './month-buckets.ts';
import { collectOpenRecords, OPEN_RECORDS, OPEN_RECORDS_STORE, openRecordsMiddleware } from './open-records.ts';

/** A mirrored row: the feed's row as the API shapes it, under the server row id of its change. */
export type MirrorRow<N extends FeedName> = FeedRow<N> & { id: string };

/** A mutation waiting for the server, or refused by it (part of the outbox). */
export interface OutboxEntry {
  /** Auto-increment: the order mutations were made in, and the `seq` pushed to the server. */
  seq?: number;
  /** 21-character nanoid; the server records (clientId, id) so a retry never applies twice. */
  id: string;
  /** The mutator's name (the mutators are listed in src/data/mutators.ts). */
  name: string;
  /** The mutator's arguments, replayed on rebase (secret fields are never stored: see `held`). */
  args: unknown;
  /**
   * The version of the mutator's arguments `args` was made with (absent: 1). When an app update
   * changes a mutator's arguments, stored entries are upgraded as the mirror opens (src/sync/upgrade.ts).
   */
  v?: number;
  request: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
  /**
   * pending: not yet accepted; sent: applied by the server, waiting for the pull that carries it;
   * held: it needs a secret (a new user's password) that only the tab in `holder` keeps, in memory,
   * so only that tab sends it.
   */
  state: 'pending' | 'sent' | 'held';
  /** For a held entry: the tab that keeps its secret (src/sync/secrets.ts). */
  holder?: string;
  /** Mirror rows the mutation changes, as `table:id`; their server copies are kept in `shadows`. */
  touches: string[];
  createdAt: string;
  /** Revision that carries the change once the server applied it. */
  rev?: number | null;
  /** Last transient failure, for the sync indicator. */
  lastError?: string;
  /**
   * Files the change names by content (sha256): it is not sent until the upload queue has handed each
   * to the server (src/sync/uploader.ts), and a refused upload ends it with the server's message.
   */
  files?: string[];
}

/**
 * A mutation the server refused, or that this device set aside without sending (see `httpStatus`):
 * rolled back, listed for the user with the message, its arguments kept (secrets removed) so it can
 * be edited and sent again.
 */
export interface RejectedEntry {
  id: string;
  name: string;
  request: OutboxEntry['request'];
  /** The mutator's arguments without secret fields; absent on entries rejected by older versions. */
  args?: unknown;
  /** The argument version of `args`. */
  v?: number;
  /** Set when this change was not sent because the change that created its record was refused. */
  causedBy?: string;
  message: string;
  /** Further messages of the server's answer, e.g. a weak password's suggestions. */
  details?: string[];
  /** The server's status; 0 when the device set the change aside without the server's verdict. */
  httpStatus: number;
  createdAt: string;
  rejectedAt: string;
  /** The change carried files: a refusal is shown at once, in a dialog the user acknowledges (part 1 §8 'Upload fails'). */
  files?: string[];
  /** The user has seen the refusal's dialog (set by OK). */
  acknowledged?: boolean;
}

/** The server copy of a row that pending mutations changed (null: the server has no such row). */
export interface ShadowEntry {
  key: string;
  table: FeedName;
  id: string;
  row: Record<string, unknown> | null;
}

/** Key-value state of sync: cursor, clientId, lastSyncedAt, ... */
export interface MetaEntry {
  key: string;
  value: unknown;
}

/**
 * A file in the upload queue (src/sync/uploader.ts): the content a change names by `hash` (its sha256),
 * kept in the mirror until the server has it, whatever happens to the network, the tab or the sign-in,
 * and after that as this device's copy for viewing offline (pruned with PRUNE_UPLOADED_AFTER_MS).
 */
export interface BlobEntry {
  hash: string;
  blob: Blob;
  mimeType: string;
  filename: string;
  createdAt: string;
  /** Version 1 kept only this; from version 6 `state` says where the upload stands. */
  uploaded: boolean;
  /** Part 1 §3 upload item states: added (waiting), uploading, aborted (interrupted, retried), finished, error (refused), cancelled. */
  state: UploadState;
  /** Bytes the server has confirmed or the request has sent, of blob.size. */
  sentBytes: number;
  /** Failed attempts so far (the backoff grows with them). */
  attempts: number;
  /** Not retried before this time (epoch ms). */
  retryAt: number;
  /**
   * The server's `Retry-After` (a 429 when too many uploads are in flight): not sent again before this
   * time (epoch ms), even when woken (online, focus, 'Sync now'), which otherwise clears retryAt. Not indexed.
   */
  notBefore?: number;
  /** The last failure: the server's refusal (state error) or the network's (aborted). */
  lastError?: string;
  /** When the server confirmed it (ISO). */
  finishedAt?: string;
}

/**
 * An inspection's detail fetched from the server (GET .../inspection/{inspectionId}) because the feed
 * does not carry its results (inspections before inspectionDetailMirrorStart), kept so that it opens
 * offline later (src/data/inspections/keep.ts). It is server data like the feeds: a reset clears it.
 */
export interface KeptInspection {
  inspectionId: string;
  /** As the server answered it, checked against inspectionDetailSchema. */
  detail: InspectionDetail;
  /** When it was fetched (ISO). */
  fetchedAt: string;
}

/**
 * The last answer of a call computed by the server (insights, the monthly report), kept so that its
 * screen opens offline and says how old it is (src/data/kept-answers.ts). Server data like the feeds:
 * a reset clears it.
 */
export interface KeptAnswer {
  /** The call's path with its query, as asked. */
  key: string;
  /** The path without its query: the latest answer of a call is found by it when the exact query was never asked. */
  call: string;
  answer: unknown;
  /** When it was fetched (ISO). */
  fetchedAt: string;
}

/** Indexes beyond the primary key `id`, per feed, as version 1 made them; each later change is a new version below. */
const FEED_INDEXES: Partial<Record<FeedName, string>> = {
  users: 'sectionId, email',
  userSettings: 'field',
  vehicles: 'regNumber',
  vehicleManagement: 'vehicleId',
  vehicleStatuses: 'vehicleId',
  workflowRules: 'workflowId',
  inspections: 'vehicleId',
  inspectionPictures: 'inspectionId',
  discrepancies: 'vehicleId',
  discrepancyPictures: 'mxId',
  scheduledMx: 'vehicleId',
  ltis: 'vehicleId',
  pmis: 'vehicleId',
  washes: 'vehicleId',
  waivers: 'vehicleId',
  waiverPictures: 'waiverId',
  waiverCards: 'vehicleId',
  tdys: 'vehicleId',
  notes: 'vehicleId',
  documents: 'vehicleId',
  liveEvents: 'eventTime',
};

/** The stores as version 1 made them (a test opens a mirror as an older app left it). */
export function storesV1(): Record<string, string> {
  const stores: Record<string, string> = {
    outbox: '++seq, &id, state',
    rejected: 'id, rejectedAt',
    shadows: 'key',
    meta: 'key',
    blobs: 'hash, uploaded',
  };
  for (const name of FEED_NAMES) stores[name] = ['id', FEED_INDEXES[name]].filter(Boolean).join(', ');
  // A feed since retired: inspection answers travel in their inspection's row from version 5 on.
  stores.inspectionResults = 'id, inspectionId';
  return stores;
}

/**
 * The stores of the resources with a contract, as their contracts declare them. They are the latest
 * version's: a contract that changes its indexes needs a new version (src/db/mirror-stores.test.ts
 * holds the stores each version was released with).
 */
export function resourceStores(): Record<string, string> {
  return Object.fromEntries(RESOURCES.map((r) => [r.feed, mirrorStoreOf(r)]));
}

/** The mirror's version: raise it with every change of its stores. */
export const MIRROR_VERSION = 14;

export type FeedTables = { [N in FeedName]: Table<MirrorRow<N>, string> };

/**
 * The IndexedDB mirror of one user in one organization: every synced table, the outbox, shadows of
 * rows with pending changes, rejected mutations, blobs and sync state. A schema change is a new
 * `version(n)` with its upgrade, never an edit of an old one.
 */
export class MirrorDb extends Dexie {
  declare outbox: Table<OutboxEntry, number>;
  declare rejected: Table<RejectedEntry, string>;
  declare shadows: Table<ShadowEntry, string>;
  declare meta: Table<MetaEntry, string>;
  declare blobs: Table<BlobEntry, string>;
  declare fleetSummaries: Table<FleetSummary, string>;
  declare keptInspections: Table<KeptInspection, string>;
  declare keptAnswers: Table<KeptAnswer, string>;
  declare inspectionDrafts: Table<InspectionDraft, string>;
  /** Where the inspections live, for their reads and deletes by id (src/db/row-locations.ts). */
  readonly locations = new RowLocations(BUCKETED_TABLES);

  constructor(name: string) {
    super(name);
    this.version(1).stores(storesV1());
    // Fleet Details reads the last week's inspections by date, a vehicle's latest inspection and latest
    // fuel reading newest first (a null fuel level leaves a record out of a compound index), and the
    // inspections with fixes and the notes of the recent window by date, instead of the whole history
    // (src/features/fleet/read-fleet-sources.ts).
    this.version(2).stores({
      inspections: 'id, vehicleId, inspectionDate, [vehicleId+inspectionDate], [vehicleId+inspectionDate+fuelLevel], [numFixes+inspectionDate]',
      notes: 'id, vehicleId, creationDate',
    });
    this.version(3).stores(resourceStores());
    // One summary per vehicle (src/db/fleet-summaries.ts) replaces Fleet Details' reads of the inspection
    // history, and with them the indexes those reads needed: fewer indexes, faster writes of a pull.
    this.version(4)
      .stores({ ...resourceStores(), inspections: 'id, vehicleId, [vehicleId+inspectionDate]', [SUMMARIES]: SUMMARIES_STORE })
      .upgrade((tx) => summarizeAll(tx));
    // An inspection's answers are part of its row (feed inspections), no longer rows of their own. The
    // server starts every device's mirror over for it (a new feed horizon), so nothing is moved here.
    this.version(5).stores({ inspectionResults: null });
    // The upload queue finds its waiting files by state (IndexedDB cannot index version 1's boolean).
    this.version(6)
      .stores({ blobs: 'hash, state' })
      .upgrade((tx) =>
        tx
          .table('blobs')
          .toCollection()
          .modify((b: BlobEntry) => {
            b.state ??= b.uploaded ? 'finished' : 'added';
            b.sentBytes ??= 0;
            b.attempts ??= 0;
            b.retryAt ??= 0;
          }),
      );
    // Older inspections' details fetched on demand, kept for reading offline (KeptInspection).
    this.version(7).stores({ keptInspections: 'inspectionId' });
    // The records not completed, kept apart for the Overview (src/db/open-records.ts).
    this.version(8)
      .stores({ [OPEN_RECORDS]: OPEN_RECORDS_STORE })
      .upgrade((tx) => collectOpenRecords(tx));
    // The server's last answers to insights and reports, for reading offline (KeptAnswer).
    this.version(9).stores({ keptAnswers: 'key, [call+fetchedAt]' });
    // A vehicle's inspections are found by the first part of [vehicleId+inspectionDate] (Dexie's virtual
    // index; every inspection has a date): an index fewer to write for each of a first sync's inspections.
    this.version(10).stores({ inspections: 'id, [vehicleId+inspectionDate]' });
    // The shorter vehicle histories are kept one record per vehicle, a twentieth of the records to write
    // (src/db/bucketed-tables.ts, src/db/month-buckets.ts); the app still reads and writes them as rows.
    this.version(11)
      .stores(Object.fromEntries(VEHICLE_HISTORIES.map((b) => [b.store, BUCKET_STORE])))
      .upgrade((tx) => moveIntoBuckets(tx, VEHICLE_HISTORIES));
    // Inspections are kept one record per vehicle and month, their answers filled a vehicle at a time
    // (server/sync/answers.ts): a first sync writes a twentieth of the records.
    this.version(12)
      .stores({ [INSPECTION_MONTHS.store]: BUCKET_STORE })
      .upgrade((tx) => moveIntoBuckets(tx, [INSPECTION_MONTHS]));
    // Without an index on their ids, found where they are located (src/db/row-locations.ts): the index
    // was a third of a first sync's writes (docs/performance.md "IndexedDB writes in Chromium").
    this.version(13).stores({ [INSPECTION_MONTHS.store]: LOCATED_BUCKET_STORE });
    // The inspection app's inspections of this device, drafts and submitted (src/inspect/drafts.ts).
    this.version(MIRROR_VERSION).stores({ inspectionDrafts: 'inspectionId, vehicleId' });
    this.use(bucketsMiddleware(BUCKETED_TABLES, this.locations));
    // Fleet Details reads every summary on each open: kept as JSON text, they read several times faster.
    this.use(jsonRecordsMiddleware({ [SUMMARIES]: SUMMARIES_STORE }));
    this.use(fleetSummariesMiddleware);
    this.use(openRecordsMiddleware);
  }

  /** The mirror table of a feed. */
  feed<N extends FeedName>(name: N): FeedTables[N] {
    return this.table(name) as unknown as FeedTables[N];
  }
}

export const MIRROR_PREFIX = 'fleet-mirror-';

/** One database per user and organization, so two accounts on one device never mix. */
export function mirrorName(userId: string, orgId: string): string {
  return `${MIRROR_PREFIX}${orgId}-${userId}`;
}

export function openMirror(userId: string, orgId: string): MirrorDb {
  return new MirrorDb(mirrorName(userId, orgId));
}
