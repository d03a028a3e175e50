import { is, type Column } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Tx } from '../db/client.ts';

/*
 * Seed rows written with COPY on PGlite: a year of one 250-vehicle organization (84,960 rows) took
 * 4.3 to 5.1 s as multi-row inserts of one JSON parameter and 2.3 to 3.6 s as COPY of the same rows in
 * CSV (docs/performance.md "IndexedDB writes in Chromium", the bench data). node-postgres has no COPY
 * of its own (it needs another package), and PostgreSQL's inserts are fast already: there the inserts stay.
 */

/** PGlite's own transaction under a Drizzle one, or null on node-postgres. */
export function pgliteTransaction(tx: Tx): Transaction | null {
  if (!is(tx, PgliteTransaction)) return null;
  // Drizzle keeps the driver's transaction as its session's client (drizzle-orm/pglite/session.js).
  return (tx as unknown as { session: { client: Transaction } }).session.client;
}

/** One value as a CSV field: NULL unquoted and empty, every other value quoted when it must be. */
function field(value: unknown, column: Column): string {
  if (value === null || value === undefined) return '';
  const text =
    column.getSQLType() === 'jsonb'
      ? JSON.stringify(value)
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  // An empty string quoted, or it would read as NULL.
  return text === '' || /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV, one line each, their fields in the order of `columns`. */
export function csvRows(records: readonly (readonly unknown[])[], columns: readonly Column[]): string {
  return records.map((values) => values.map((value, i) => field(value, columns[i]!)).join(',')).join('\n');
}

/** Writes the rows in one COPY: `values[i]` are a row's values in the order of `columns`. */
export async function copyRows(client: Transaction, tableName: string, columns: readonly Column[], values: readonly (readonly unknown[])[]): Promise<void> {
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  await client.query(`copy "${tableName}" (${list}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([csvRows(values, columns)]) });
}
