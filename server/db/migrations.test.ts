import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { cursorStands } from '../sync/cursor-check.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder that stops after `lastTag`, as a database an older server left. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag);
  if (upTo < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, upTo + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const opened: PGlite[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

describe('migration 0002: inspection answers stored in the inspection row', () => {
  it('moves each inspection’s live answers into it in position order, drops their table, and starts every device over', async () => {
    const client = await PGlite.create();
    opened.push(client);
    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo('0001_cursor_epoch') });
    await client.exec(`
      insert into org_clocks (org_id, rev, horizon_rev, epoch, epoch_rev) values ('o1', 10, 0, 'e1', 0);
      insert into inspections (id, org_id, rev, vehicle_id, reg_number, inspection_date, passed)
        values ('i1', 'o1', 3, 'v1', 'REG-1', '2026-11-02T08:00:00Z', false), ('i2', 'o1', 4, 'v1', 'REG-1', '2026-11-03T08:00:00Z', true);
      insert into inspection_results (id, org_id, rev, inspection_id, position, rule_id, is_passing, value, is_fixed, comment, overview, type, units) values
        ('r2', 'o1', 3, 'i1', 1, 'AF1800-15', true, '3', false, null, '{"title":"Fuel","description":null,"ruleType":"threshold","fields":{"absMax":4}}', 'threshold', 'quarters'),
        ('r1', 'o1', 3, 'i1', 0, 'AF1800-36', false, 'false', true, 'Strap frayed', null, 'passFail', null),
        ('r3', 'o1', 3, 'i1', 2, 'AF1800-2', true, null, false, null, null, 'passFail', null);
      update inspection_results set deleted_at = now() where id = 'r3';
    `);

    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo('0002_inspection_results_inline') });

    const { rows } = await client.query<{ id: string; results: unknown }>(`select id, results from inspections order by id`);
    expect(rows).toEqual([
      {
        id: 'i1',
        results: [
          {
            resultId: 'r1',
            position: 0,
            ruleId: 'AF1800-36',
            result: { isPassing: false, value: false },
            isFixed: true,
            comment: 'Strap frayed',
            overview: null,
            type: 'passFail',
            units: null,
          },
          {
            resultId: 'r2',
            position: 1,
            ruleId: 'AF1800-15',
            result: { isPassing: true, value: 3 },
            isFixed: false,
            comment: null,
            overview: { title: 'Fuel', description: null, ruleType: 'threshold', fields: { absMax: 4 } },
            type: 'threshold',
            units: 'quarters',
          },
        ],
      },
      { id: 'i2', results: [] },
    ]);
    const { rows: tables } = await client.query(`select 1 from information_schema.tables where table_name = 'inspection_results'`);
    expect(tables).toEqual([]);

    const { rows: clocks } = await client.query<{ rev: number; horizon_rev: number; epoch: string; epoch_rev: number }>(
      `select rev::int, horizon_rev::int, epoch, epoch_rev::int from org_clocks`,
    );
    const clock = { rev: clocks[0]!.rev, horizonRev: clocks[0]!.horizon_rev, epoch: clocks[0]!.epoch, epochRev: clocks[0]!.epoch_rev };
    expect(clock).toMatchObject({ rev: 11, horizonRev: 11 });
    // A device that had pulled everything (and the answers as rows of their own) starts over; a new first pull stands.
    expect(cursorStands({ epoch: 'e1', horizon: 0, rev: 10, table: null, id: null }, clock)).toBe(false);
    expect(cursorStands({ epoch: 'e1', horizon: 11, rev: 11, table: null, id: null }, clock)).toBe(true);
    // A real database started and migrated twice: 4 to 6 s on a busy machine, past the unit tests' 5 s.
  }, 60_000);
});

describe('migration 0004: the file store in the database, records naming their content by sha256', () => {
  it('points every record at its content, keeps one holding per organization and content, and starts every device over', async () => {
    const client = await PGlite.create();
    opened.push(client);
    await migrate(drizzle(client), { migrationsFolder: migrationsUpTo('0003_fleet_summaries') });
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    await client.exec(`
      insert into org_clocks (org_id, rev, horizon_rev, epoch, epoch_rev) values ('o1', 20, 0, 'e1', 0), ('o2', 5, 0, 'e2', 0);
      insert into stored_files (id, org_id, rev, sha256, mime_type, size_bytes, filename, storage_path, created_by, created_at) values
        ('f1', 'o1', 1, '${a}', 'image/png', 10, 'first.png', '${a}', 'u1', '2026-01-01T00:00:00Z'),
        ('f2', 'o1', 2, '${a}', 'image/png', 10, 'again.png', '${a}', 'u2', '2026-02-01T00:00:00Z'),
        ('f3', 'o1', 3, '${b}', 'application/pdf', 20, 'card.pdf', '${b}', 'u1', '2026-01-01T00:00:00Z'),
        ('f4', 'o2', 1, '${a}', 'image/png', 10, 'theirs.png', '${a}', 'u9', '2026-03-01T00:00:00Z');
      insert into discrepancy_pictures (id, org_id, rev, discrepancy_id, file_id) values ('dp1', 'o1', 4, 'd1', 'f2'), ('dp2', 'o1', 4, 'd1', 'gone');
      insert into waiver_pictures (id, org_id, rev, waiver_id, file_id, filename) values ('wp1', 'o1', 5, 'w1', 'f1', 'w.png');
      insert into waiver_cards (id, org_id, rev, vehicle_id, reg_number, file_id, filename, mime_type) values ('wc1', 'o1', 6, 'v1', 'R1', 'f3', 'card.pdf', 'application/pdf');
      insert into documents (id, org_id, rev, vehicle_id, reg_number, file_id, filename, mime_type) values ('doc1', 'o1', 7, 'v1', 'R1', 'f3', 'card.pdf', 'application/pdf');
      insert into inspection_pictures (id, org_id, rev, inspection_id, file_id) values ('ip1', 'o2', 2, 'i1', 'f4');
    `);

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });

    const ids = async (table: string) => (await client.query<{ id: string; file_id: string }>(`select id, file_id from ${table} order by id`)).rows;
    expect(await ids('discrepancy_pictures')).toEqual([{ id: 'dp1', file_id: a }]);
    expect((await client.query(`select filename from discrepancy_pictures`)).rows).toEqual([{ filename: 'again.png' }]);
    expect(await ids('waiver_pictures')).toEqual([{ id: 'wp1', file_id: a }]);
    expect(await ids('waiver_cards')).toEqual([{ id: 'wc1', file_id: b }]);
    expect(await ids('documents')).toEqual([{ id: 'doc1', file_id: b }]);
    expect(await ids('inspection_pictures')).toEqual([{ id: 'ip1', file_id: a }]);
    const { rows: held } = await client.query(`select id, org_id, sha256, filename from stored_files order by id`);
    expect(held).toEqual([
      { id: 'f1', org_id: 'o1', sha256: a, filename: 'first.png' },
      { id: 'f3', org_id: 'o1', sha256: b, filename: 'card.pdf' },
      { id: 'f4', org_id: 'o2', sha256: a, filename: 'theirs.png' },
    ]);
    const { rows: columns } = await client.query(`select 1 from information_schema.columns where table_name = 'stored_files' and column_name = 'storage_path'`);
    expect(columns).toEqual([]);
    await expect(
      client.exec(`insert into stored_files (id, org_id, rev, sha256, mime_type, size_bytes) values ('f5', 'o1', 9, '${a}', 'image/png', 10)`),
    ).rejects.toThrow(/stored_files_org_sha256/);
    const { rows: clocks } = await client.query(`select org_id, rev::int, horizon_rev::int from org_clocks order by org_id`);
    expect(clocks).toEqual([
      { org_id: 'o1', rev: 21, horizon_rev: 21 },
      { org_id: 'o2', rev: 6, horizon_rev: 6 },
    ]);
  }, 60_000);
});
