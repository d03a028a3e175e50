import * as s from '../db/schema/index.ts';

/**
 * The tables the seed fills, in the order they are written: what a row refers to is written before
 * it (organizations, sections and users, then vehicles, then their history and records).
 */
export const SEED_TABLES = {
  organizations: s.organizations,
  sections: s.sections,
  users: s.users,
  vehicleTypes: s.vehicleTypes,
  sectionMels: s.sectionMels,
  rules: s.rules,
  workflows: s.workflows,
  workflowRules: s.workflowRules,
  vehicles: s.vehicles,
  vehicleManagement: s.vehicleManagement,
  vehicleStatuses: s.vehicleStatuses,
  tdys: s.tdys,
  storedFiles: s.storedFiles,
  inspections: s.inspections,
  inspectionPictures: s.inspectionPictures,
  discrepancies: s.discrepancies,
  discrepancyPictures: s.discrepancyPictures,
  scheduledMx: s.scheduledMx,
  ltis: s.ltis,
  pmis: s.pmis,
  washes: s.washes,
  waivers: s.waivers,
  waiverPictures: s.waiverPictures,
  waiverCards: s.waiverCards,
  notes: s.notes,
  documents: s.documents,
  liveEvents: s.liveEvents,
} as const;

export type SeedTableName = keyof typeof SEED_TABLES;

/** A Drizzle insert row without `rev`: the writer adds the revision of the transaction that writes it. */
export type SeedRow<K extends SeedTableName> = Omit<(typeof SEED_TABLES)[K]['$inferInsert'], 'rev'>;

export type SeedTables = { [K in SeedTableName]: SeedRow<K>[] };

/** The content of a stored file; stored_files rows name it by sha256. */
export interface SeedBlob {
  sha256: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface SeedOrganization {
  orgId: string;
  /** 1-based; the organization's email domain is `wing-{number}.example.com`. */
  number: number;
  name: string;
  slug: string;
}

export interface SeedData {
  /** Every demo user's password; the writer hashes it once. */
  password: string;
  organizations: SeedOrganization[];
  tables: SeedTables;
  blobs: SeedBlob[];
}

export interface SeedOptions {
  orgs: number;
  /** Vehicles per organization. */
  vehicles: number;
  /** Days of history, ending the day before `today`. */
  days: number;
  /** The anchor: history covers the `days` days before it, schedules run after it. */
  today: Date;
  seed?: number;
  /** Number the organizations from firstOrg on (default 1), to add organizations to a seeded database. */
  firstOrg?: number;
  /**
   * Whether inspections carry their answers (default true). The fleet benches keep none (Fleet Details
   * never reads them) and skip making them, two thirds of the generator's time; every other row, id
   * and value is the same either way.
   */
  answers?: boolean;
  /**
   * The organizations' time zone (default UTC, as every test and bench expects); 'bases' gives each
   * the zone of a base of its own (npm start's demo: DEMO_BASES, one east of UTC).
   */
  timeZone?: string | 'bases';
}

export function emptyTables(): SeedTables {
  const tables = {} as Record<SeedTableName, unknown[]>;
  for (const name of Object.keys(SEED_TABLES) as SeedTableName[]) tables[name] = [];
  return tables as SeedTables;
}
