// Merges generated organizations into one. The seed generator plans a fleet per organization and keeps a
// whole organization's history in memory (1.6 million inspection answers for 250 vehicles and a year), so
// a 5,000-vehicle organization is generated as organizations of 250 and merged here: every row moves to the
// first organization, sections and workflows of the same name become the first organization's, and a
// registration number already taken gets a suffix (the database refuses two alike in one organization).
import { nameKey } from '../core/rules/name-key.ts';
import { regNumberKey } from '../core/schema/registration.ts';
import { syncTables } from '../server/modules/index.ts';
import type { SeedOrganization } from '../server/seed/types.ts';
import { FLEET_FEEDS, type FeedRows, type GeneratedOrg, type KeptTables } from './fleet-data-types.ts';

type Row = Record<string, unknown>;

const toApi = new Map(syncTables.map((t) => [t.name, t.toApi] as const));

export class FleetMerger {
  /** `parts`: how many organizations are merged, by which each MEL is multiplied (it was set for one part's fleet). */
  constructor(private readonly parts: number) {}

  private home: SeedOrganization | null = null;
  private readonly melKeys = new Set<string>();
  private readonly sectionByName = new Map<string, string>();
  private readonly workflowByTitle = new Map<string, string>();
  private readonly regKeys = new Set<string>();

  get organization(): SeedOrganization {
    if (!this.home) throw new Error('no organization merged yet');
    return this.home;
  }

  /** Moves `part` into the first organization merged; changes the rows in place and returns them. */
  merge(part: GeneratedOrg): KeptTables {
    const t = part.tables;
    this.home ??= part.organization;
    const orgId = this.home.orgId;
    if (part.organization.orgId !== orgId) t.organizations = [];
    const sections = sameNamed(t.sections as Row[], this.sectionByName, (s) => s.name as string);
    t.sections = t.sections.filter((s) => !sections.dropped.has(s.id));
    const workflows = sameNamed(t.workflows as Row[], this.workflowByTitle, (w) => (w.title as string).toLowerCase());
    t.workflows = t.workflows.filter((w) => !workflows.dropped.has(w.id));
    const regs = new Map<string, string>();
    for (const v of t.vehicles) {
      let reg = v.regNumber;
      for (let n = part.org; this.regKeys.has(regNumberKey(reg)); n += 100) reg = `${v.regNumber}${n}`;
      this.regKeys.add(regNumberKey(reg));
      if (reg !== v.regNumber) regs.set(v.id, reg);
    }
    for (const name of Object.keys(t) as (keyof KeptTables)[]) {
      for (const row of t[name] as Row[]) {
        row.orgId = orgId;
        remap(row, 'sectionId', sections.to);
        remap(row, 'workflowId', workflows.to);
        const reg = typeof row.vehicleId === 'string' ? regs.get(row.vehicleId) : undefined;
        if (reg && 'regNumber' in row) row.regNumber = reg;
      }
    }
    for (const v of t.vehicles) v.regNumber = regs.get(v.id) ?? v.regNumber;
    // A section's MEL of a type is one row: the first part's, sized for the merged fleet; later ones go.
    t.sectionMels = t.sectionMels.filter((m) => {
      const key = `${m.sectionId}|${nameKey(m.vehicleType)}`;
      if (this.melKeys.has(key)) return false;
      this.melKeys.add(key);
      m.mel *= this.parts;
      return true;
    });
    return t;
  }
}

/** Ids of `rows` that have a same-named row already (`to`), and which rows are therefore `dropped`. */
function sameNamed(rows: Row[], known: Map<string, string>, nameOf: (row: Row) => string) {
  const to = new Map<string, string>();
  const dropped = new Set<unknown>();
  for (const row of rows) {
    const existing = known.get(nameOf(row));
    if (existing === undefined) known.set(nameOf(row), row.id as string);
    else if (existing !== row.id) {
      to.set(row.id as string, existing);
      dropped.add(row.id);
    }
  }
  return { to, dropped };
}

function remap(row: Row, field: string, to: Map<string, string>): void {
  const value = row[field];
  if (typeof value === 'string') row[field] = to.get(value) ?? value;
}

/** The rows of each feed as the sync feed shapes them (each feed's toApi in server/modules/index.ts) under the feed row id. */
export function toFeedRows(t: KeptTables): FeedRows {
  const feeds = {} as FeedRows;
  for (const feed of FLEET_FEEDS) {
    const shape = toApi.get(feed);
    if (!shape) throw new Error(`the sync feed has no table ${feed}`);
    feeds[feed] = (t[feed] as Row[]).map((row) => ({ ...shape(row), id: row.id }));
  }
  return feeds;
}
