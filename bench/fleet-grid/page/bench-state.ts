import type { SummarizedFleet } from '../../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { RowSource } from '../api.ts';

/** The last fleetRowsFromSummaries call the screen's hook made, with what it was given and gave back. */
export interface DeriveRecord {
  ms: number;
  /** performance.now() when it returned. */
  endAt: number;
  records: number;
  /** Kept for warm runs until forgotten: holding them would slow every later garbage collection. */
  sources: SummarizedFleet | null;
  rows: FleetRow[];
}

/** The screen's read of the mirror (read-fleet-sources.ts), from its call to its answer. */
export interface ReadRecord {
  start: number;
  end: number;
}

/** What the seams in the screen's modules record and read; one page runs one mount at a time. */
export const benchState = {
  /** Set before a mount and kept until it unmounts. */
  source: 'mirror' as RowSource,
  fetched: null as { rows: FleetRow[]; sections: Section[] } | null,
  lastDerive: null as DeriveRecord | null,
  lastRead: null as ReadRecord | null,
};
