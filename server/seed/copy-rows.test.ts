import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { copyRows, pgliteTransaction } from './copy-rows.ts';

const edges = pgTable('copy_edges', {
  id: integer('id').primaryKey(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }),
  doc: jsonb('doc'),
  flag: boolean('flag'),
  ratio: doublePrecision('ratio'),
});

const ROWS = [
  { id: 1, label: '', at: new Date('2026-11-23T08:15:30.123Z'), doc: 'a string, "quoted"', flag: true, ratio: 0.1 },
  { id: 2, label: 'a, "b"\nc\r\nd', at: null, doc: { title: 'x "y", z', list: [1, null, '\\'] }, flag: false, ratio: -1e-7 },
  { id: 3, label: null, at: new Date(0), doc: null, flag: null, ratio: null },
  { id: 4, label: 'back\\slash and NULL', at: new Date('1999-12-31T23:59:59.999Z'), doc: [], flag: true, ratio: 12345.678 },
];

let database: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-rows-'));
  database = await openDatabase({ dataDir: dir });
  await database.db.execute(sql`create table copy_edges (id integer primary key, label text, at timestamptz, doc jsonb, flag boolean, ratio double precision)`);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('copyRows', () => {
  it('stores each value as given: empty strings apart from NULL, quotes, commas and line breaks, times to the millisecond, JSON strings', async () => {
    const columns = Object.values(getTableColumns(edges));
    await database.db.transaction(async (tx) => {
      const client = pgliteTransaction(tx);
      expect(client).not.toBeNull();
      await copyRows(
        client!,
        'copy_edges',
        columns,
        ROWS.map((row) => columns.map((c) => row[c.name as keyof typeof row])),
      );
    });
    expect(await database.db.select().from(edges).orderBy(edges.id)).toEqual(ROWS);
  });
});
