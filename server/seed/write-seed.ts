import { setImmediate } from 'node:timers/promises';
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import { analyze } from '../db/analyze.ts';
import type { Tx } from '../db/client.ts';
import type { FileStore } from '../files/store.ts';
import { hashPassword } from '../auth/passwords.ts';
import { copyRows, pgliteTransaction } from './copy-rows.ts';
import { SEED_TABLES, type SeedBlob, type SeedData, type SeedOrganization, type SeedTableName } from './types.ts';

export interface SeedSummary {
  organizations: SeedOrganization[];
  rows: Record<SeedTableName, number>;
  totalRows: number;
  /** Write transactions, each with its own organization revision. */
  transactions: number;
  files: number;
  seconds: number;
}

/** Rows per insert and per write transaction. */
export const SEED_CHUNK_ROWS = 500;

type AnyRow = Record<string, unknown>;

/**
 * Writes generated seed data: the placeholder files' content (the file store, once), then every table of
 * each organization in order, in chunks, each chunk in its own `ctx.write` so that its rows carry the
 * organization revision of the transaction that wrote them. Every user gets the hash of the demo
 * password, computed once.
 */
export interface SeedOptions {
  chunkRows?: number;
  /**
   * Refresh the planner's statistics at the end (default). A caller that writes many seeds one after
   * another (the fleet benches, an organization at a time) refreshes them once after the last:
   * `analyze` reads a sample of every table, 2.8 s on the 5,000-vehicle bench database.
   */
  analyze?: boolean;
}

export async function writeSeed(
  ctx: Pick<AppContext, 'db' | 'write' | 'files'>,
  data: SeedData,
  { chunkRows = SEED_CHUNK_ROWS, analyze: refresh = true }: SeedOptions = {},
): Promise<SeedSummary> {
  const started = performance.now();
  await writeBlobs(ctx.files, data.blobs);
  const passwordHash = await hashPassword(data.password);
  const rows = {} as Record<SeedTableName, number>;
  let transactions = 0;
  const names = Object.keys(SEED_TABLES) as SeedTableName[];
  const byOrg = new Map(names.map((name) => [name, groupByOrg(data.tables[name] as AnyRow[])]));
  for (const org of data.organizations) {
    for (const name of names) {
      let orgRows = byOrg.get(name)?.get(org.orgId) ?? [];
      if (name === 'users') orgRows = orgRows.map((u) => ({ ...u, passwordHash }));
      for (let i = 0; i < orgRows.length; i += chunkRows) {
        const chunk = orgRows.slice(i, i + chunkRows);
        await ctx.write(org.orgId, undefined, ({ tx, rev }) => insertRows(tx, SEED_TABLES[name], name, chunk, rev));
        transactions++;
        // PGlite answers on this thread, its promises settling as microtasks: without a turn of the event
        // loop between transactions, nothing else this process serves (a request, a socket, a worker's
        // message) would be heard until the whole seed was written.
        await setImmediate();
      }
      rows[name] = (rows[name] ?? 0) + orgRows.length;
    }
  }
  // Thousands of rows just arrived: the planner needs to know (PGlite has no autovacuum to tell it).
  if (refresh) await analyze(ctx.db);
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  return { organizations: data.organizations, rows, totalRows, transactions, files: data.blobs.length, seconds: (performance.now() - started) / 1000 };
}

function groupByOrg(rows: AnyRow[]): Map<string, AnyRow[]> {
  const groups = new Map<string, AnyRow[]>();
  for (const row of rows) {
    const orgId = row.orgId as string;
    let group = groups.get(orgId);
    if (!group) groups.set(orgId, (group = []));
    group.push(row);
  }
  return groups;
}

/**
 * Writes the rows, grouped by the fields they give (columns a row leaves out keep their defaults). On
 * PGlite each group is one COPY (server/seed/copy-rows.ts). Elsewhere it is one multi-row insert through
 * jsonb_populate_recordset, the rows travelling as one JSON parameter: about three times faster than
 * Drizzle's `insert().values()` for the same rows, whose SQL building costs more than the insert itself.
 */
async function insertRows(tx: Tx, table: PgTable, name: string, rows: AnyRow[], rev: number): Promise<void> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const bySignature = new Map<string, AnyRow[]>();
  for (const row of rows) {
    const signature = Object.keys(row)
      .filter((k) => row[k] !== undefined)
      .join(',');
    let group = bySignature.get(signature);
    if (!group) bySignature.set(signature, (group = []));
    group.push(row);
  }
  const pglite = pgliteTransaction(tx);
  for (const [signature, group] of bySignature) {
    const keys = [...signature.split(','), 'rev'];
    const used = keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`Seed rows of ${name} have a field "${key}" that the table does not have`);
      return column;
    });
    const valuesOf = (row: AnyRow) => keys.map((key) => (key === 'rev' ? rev : row[key]));
    if (pglite) {
      await copyRows(pglite, getTableName(table), used, group.map(valuesOf));
      continue;
    }
    const records = group.map((row) => {
      const record: AnyRow = {};
      valuesOf(row).forEach((value, i) => (record[used[i]!.name] = value));
      return record;
    });
    const list = sql.join(
      used.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    await tx.execute(sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(records)}::jsonb)`);
  }
}

/** Content-addressed, as uploads are: a content the store has is the same content. */
async function writeBlobs(files: FileStore, blobs: readonly SeedBlob[]): Promise<void> {
  for (const blob of blobs) if (!(await files.blobs.has(blob.sha256))) await files.keepBytes(blob.bytes);
}
