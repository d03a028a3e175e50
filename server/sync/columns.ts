import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export interface SyncColumnSet {
  id: PgColumn;
  orgId: PgColumn;
  rev: PgColumn;
  deletedAt: PgColumn;
}

/** The sync columns of a table built with syncColumns(); fails loudly for a table without them. */
export function syncColumnsOf(table: PgTable): SyncColumnSet {
  const cols = getTableColumns(table) as Record<string, PgColumn | undefined>;
  const { id, orgId, rev, deletedAt } = cols;
  if (!id || !orgId || !rev || !deletedAt) throw new Error('table lacks the sync columns');
  return { id, orgId, rev, deletedAt };
}
