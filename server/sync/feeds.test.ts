import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { feedSchemas } from '../../core/schema/feeds.ts';
import { inspectionResultRow } from '../../core/testing/feed-rows.ts';
import { syncTables } from '../modules/index.ts';

/**
 * Sample rows are built from each table's columns: every column filled ("full") or every nullable
 * column null ("sparse"). Columns holding enumerations, numeric workflow ids or JSON get a valid value.
 */
const overrides: Record<string, Record<string, unknown>> = {
  '*': {
    id: 'V1StGXR8_Z5jdHi6B-myT',
    workflowId: '9007199254740991',
    frequency: 'weekly',
    ruleType: 'threshold',
    newRuleType: 'CUSTOM',
    fields: { threshold: 2, absMin: 0, absMax: 4, units: 'quarters', fixable: true },
    lookup: { target: 3 },
    // A record's file_id is its content's sha256.
    fileId: 'b'.repeat(64),
  },
  organizations: { shiftTimes: [{ day: 'Monday', shifts: [{ shift: 1, start: '0600z', end: '1400z' }] }] },
  users: { role: 'sectionLead' },
  userSettings: { value: { filters: [{ id: 'regNumber', value: 'AB' }] } },
  vehicles: { status: 'inMx' },
  vehicleStatuses: { status: 'invalid' },
  workflows: { id: '4503599627370496' },
  inspections: {
    // An answer with an overview and a number: the parts a sparse answer leaves null.
    results: [inspectionResultRow({ result: { isPassing: true, value: 3 }, overview: { title: 'Fuel', description: null, ruleType: 'threshold', fields: {} } })],
  },
  discrepancies: { af1800StatusCode: 'D-P' },
  waivers: { waiverType: 'fatal', status: 'fixed' },
  files: { sha256: 'a'.repeat(64) },
  liveEvents: {
    eventType: 'discrepancy',
    payload: { discrepancy: 'Cracked mirror', disregard: true, estCompletionDate: '2025-01-02T03:04:05.000Z' },
  },
};

function sampleValue(column: PgColumn, key: string): unknown {
  switch (column.columnType) {
    case 'PgText':
      return `x${key}`;
    case 'PgBoolean':
      return true;
    case 'PgInteger':
    case 'PgBigInt53':
      return 1;
    case 'PgReal':
      return 0.5;
    case 'PgTimestamp':
      return new Date('2025-03-04T05:06:07.000Z');
    case 'PgDateString':
      return '2025-03-04';
    default:
      throw new Error(`no sample for ${column.columnType} (${key}): add an override`);
  }
}

function sampleRow(feed: string, columns: Record<string, PgColumn>, sparse: boolean): Record<string, unknown> {
  const specific = { ...overrides['*'], ...overrides[feed] };
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => {
      if (key === 'deletedAt') return [key, null];
      if (sparse && !column.notNull) return [key, null];
      return [key, key in specific ? specific[key] : sampleValue(column, key)];
    }),
  );
}

describe('the feeds of the sync pull, wherever they are registered (server/sync or a module)', () => {
  it('has one feed schema for each entry, with unique names, and a letters-only name for cursors', () => {
    const names = syncTables.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(feedSchemas).sort());
    for (const name of names) expect(name).toMatch(/^[A-Za-z]+$/);
  });

  describe.each(syncTables.map((t) => [t.name, t] as const))('%s', (name, entry) => {
    const columns = getTableColumns(entry.table) as Record<string, PgColumn>;
    const schema = feedSchemas[name as keyof typeof feedSchemas];

    it('has the sync columns', () => {
      for (const key of ['id', 'orgId', 'rev', 'deletedAt', 'createdAt', 'updatedAt']) expect(columns).toHaveProperty(key);
      expect(getTableName(entry.table)).toMatch(/^[a-z_0-9]+$/);
    });

    it.each([
      ['a full row', false],
      ['a sparse row', true],
    ])('serializes %s to its zod schema', (_label, sparse) => {
      // The whole history: a feed that keeps part of an old row out of the mirror serializes all of it.
      const api = entry.toApi(sampleRow(name, columns, sparse), { wholeHistory: true });
      const result = schema.safeParse(api);
      expect(result.error?.issues ?? []).toEqual([]);
      // Nothing the serializer produced is dropped by the schema: the shapes agree field for field.
      expect(result.data).toEqual(api);
    });
  });
});
