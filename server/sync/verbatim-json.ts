import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { syncColumnsOf } from './columns.ts';

/*
 * A jsonb column passed to a device as it is stored (an inspection's answers, most of a first sync's
 * bytes) is read as its JSON text and put into the answer's JSON as that text: parsing it into objects
 * only to serialize them again cost the pull a third of its time (docs/performance.md). PostgreSQL
 * writes jsonb with a space after each ':' and ',', valid JSON that parses to the same values.
 */

/** A jsonb column's value as JSON text (null for SQL null). */
export function jsonText(column: PgColumn): SQL<string | null> {
  return sql<string | null>`${column}::text`;
}

/**
 * Where a verbatim column's text goes in a row's JSON: PostgreSQL's text and jsonb can hold no NUL
 * character, so the marker's escaped form never occurs in the JSON of anything read from the database.
 */
const marker = (column: string) => `\u0000${column}`;

/** The columns to select from `table`: all but `leave`, those in `verbatim` as JSON text. */
export function columnsWithVerbatim(table: PgTable, verbatim: readonly string[], leave: ReadonlySet<string>): Record<string, PgColumn | SQL> {
  const columns: Record<string, PgColumn | SQL> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (leave.has(name)) continue;
    columns[name] = verbatim.includes(name) ? jsonText(column) : column;
  }
  return columns;
}

/**
 * The first `limit` rows of `table` matching `where` in `order`, with `columns` (from columnsWithVerbatim).
 * The rows are chosen by id first, then read: in one select, PostgreSQL writes the text of every matching
 * row's verbatim columns before it sorts and cuts, which made a page of answers slower the more followed it
 * (530 ms instead of 200 ms for the first of twelve pages).
 */
export function limitedRead(tx: Queryable, table: PgTable, columns: Record<string, PgColumn | SQL>, where: SQL | undefined, order: SQL[], limit: number) {
  const { id } = syncColumnsOf(table);
  const chosen = tx
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return tx
    .select(columns)
    .from(table)
    .where(inArray(id, chosen))
    .orderBy(...order);
}

/**
 * JSON of what `present` makes of `row`, whose `verbatim` columns were read as JSON text: `present`
 * sees a marker in each, and wherever a marker reaches the JSON the column's text stands instead.
 */
export function stringifyWithVerbatim<R extends Record<string, unknown>>(row: R, verbatim: readonly string[], present: (row: R) => unknown): string {
  const texts: [string, string][] = [];
  const marked: Record<string, unknown> = { ...row };
  for (const name of verbatim) {
    if (!(name in row)) continue;
    texts.push([JSON.stringify(marker(name)), (row[name] as string | null) ?? 'null']);
    marked[name] = marker(name);
  }
  let json = JSON.stringify(present(marked as R));
  // A function as the replacement: the column's text is put in as it is, `$` and all.
  for (const [at, text] of texts) json = json.replace(at, () => text);
  return json;
}
