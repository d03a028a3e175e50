import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../components/data-grid/index.ts';
import { csvField, exportView, fleetCsvFileName, toCsv, type CsvColumn } from './fleet-csv.ts';

interface Row {
  reg: string;
  note: string | null;
  days: number | null;
  ok: boolean;
}

const rows: Row[] = [
  { reg: 'AB-1', note: 'plain', days: 3, ok: true },
  { reg: '0123', note: 'has, comma', days: null, ok: false },
  { reg: 'CD 2', note: 'say "hi"\nnext line', days: -2, ok: true },
  { reg: 'EF_3', note: null, days: 10, ok: true },
];

const gridColumns: GridColumn<Row>[] = [
  { id: 'reg', header: 'Reg Number', value: (r) => r.reg, filter: 'TEXT' },
  { id: 'note', header: 'Note', value: (r) => r.note, filter: 'TEXT' },
  { id: 'days', header: 'Days', value: (r) => r.days, filter: 'NUMBER_RANGE' },
  { id: 'ok', header: 'OK', value: (r) => r.ok, filter: 'BOOLEAN' },
];

const csvColumns: CsvColumn<Row>[] = [
  { id: 'reg', header: 'Reg Number', text: (r) => r.reg, forceText: true },
  { id: 'note', header: 'Note', text: (r) => r.note ?? '' },
  { id: 'days', header: 'Days', text: (r) => (r.days === null ? '' : String(r.days)) },
  { id: 'ok', header: 'OK', text: (r) => (r.ok ? 'Yes' : 'No') },
];

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a text-forced cell as ="value", quoted', () => {
    expect(csvField('ABC-123', true)).toBe('"=""ABC-123"""');
    expect(csvField('0123', true)).toBe('"=""0123"""');
  });

  it('keeps text that a spreadsheet would run as a formula from running; negative numbers stay numbers', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-2')).toBe('-2');
    expect(csvField('@cmd')).toBe("'@cmd");
  });
});

describe('exportView and toCsv', () => {
  it('writes the visible columns in their order and the filtered, sorted rows', () => {
    const view = exportView(rows, gridColumns, csvColumns, {
      filters: { ok: { kind: 'BOOLEAN', value: true } },
      columns: { order: ['days', 'reg', 'note', 'ok'], hidden: ['ok'], widths: {} },
      sorting: [{ id: 'days', desc: true }],
      search: '',
    });
    expect(view.columns.map((c) => c.id)).toEqual(['days', 'reg', 'note']);
    expect(toCsv(view.rows, view.columns)).toBe(
      '\uFEFFDays,Reg Number,Note\r\n10,"=""EF_3""",\r\n3,"=""AB-1""",plain\r\n-2,"=""CD 2""","say ""hi""\nnext line"\r\n',
    );
  });

  it('applies the search text to the visible columns', () => {
    const view = exportView(rows, gridColumns, csvColumns, {
      filters: {},
      columns: { order: ['reg', 'note', 'days', 'ok'], hidden: ['note'], widths: {} },
      sorting: [],
      search: 'comma',
    });
    expect(view.rows).toEqual([]);
    expect(exportView(rows, gridColumns, csvColumns, { filters: {}, columns: { order: [], hidden: [], widths: {} }, sorting: [], search: 'cd' }).rows).toEqual([
      rows[2],
    ]);
  });

  it('writes an empty registration as an empty cell, not ="" ', () => {
    expect(toCsv([{ reg: '', note: null, days: null, ok: false }], csvColumns)).toBe('\uFEFFReg Number,Note,Days,OK\r\n,,,No\r\n');
  });
});

describe('fleetCsvFileName', () => {
  it('is fleet-details with day-month-year and hour-minute', () => {
    expect(fleetCsvFileName(new Date(2026, 10, 22, 14, 5))).toBe('fleet-details_22-11-2026_14-05.csv');
    expect(fleetCsvFileName(new Date(2026, 0, 3, 9, 0))).toBe('fleet-details_03-01-2026_09-00.csv');
  });
});
