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

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });

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
