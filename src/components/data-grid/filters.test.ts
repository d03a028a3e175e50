import { describe, expect, it } from 'vitest';
import { countActiveFilters, filterRows, isFilterActive, searchText, setOptionsOf, valueText } from './filters.ts';
import type { FilterState, GridColumn } from './types.ts';

interface Vehicle {
  reg: string;
  section: string | null;
  wrm: boolean;
  active: boolean;
  inspected: string | null;
  visits: number | null;
}

function vehicle(reg: string, overrides: Partial<Vehicle> = {}): Vehicle {
  return { reg, section: 'Alpha', wrm: false, active: true, inspected: null, visits: 0, ...overrides };
}

const columns: GridColumn<Vehicle>[] = [
  { id: 'reg', header: 'Reg Number', value: (v) => v.reg, filter: 'TEXT' },
  { id: 'section', header: 'Section', value: (v) => v.section, filter: 'SET' },
  { id: 'wrm', header: 'WRM', value: (v) => v.wrm, filter: 'BOOLEAN' },
  { id: 'active', header: 'Active', value: (v) => v.active, filter: 'TOGGLE' },
  { id: 'inspected', header: 'Inspection Date', value: (v) => v.inspected, filter: 'DATE_TIME' },
  { id: 'visits', header: 'Visits to Mx', value: (v) => v.visits, filter: 'NUMBER_RANGE' },
  { id: 'notes', header: 'Notes', value: (v) => `notes of ${v.reg}` },
];

const regs = (rows: readonly Vehicle[]) => rows.map((v) => v.reg);

describe('filterRows: each filter kind and the search', () => {
  it('returns the rows unchanged without filters or search', () => {
    const rows = [vehicle('A1'), vehicle('B2')];
    expect(filterRows(rows, columns, {})).toBe(rows);
    expect(filterRows(rows, columns, {}, '   ')).toBe(rows);
  });

  describe('TEXT', () => {
    const rows = [vehicle('AB-1234'), vehicle('ab-9999'), vehicle('XY-1234')];

    it('is a case-insensitive contains', () => {
      expect(regs(filterRows(rows, columns, { reg: { kind: 'TEXT', text: 'aB' } }))).toEqual(['AB-1234', 'ab-9999']);
      expect(regs(filterRows(rows, columns, { reg: { kind: 'TEXT', text: '1234' } }))).toEqual(['AB-1234', 'XY-1234']);
    });

    it('ignores surrounding spaces and lets every row through when blank', () => {
      expect(regs(filterRows(rows, columns, { reg: { kind: 'TEXT', text: '  xy ' } }))).toEqual(['XY-1234']);
      expect(filterRows(rows, columns, { reg: { kind: 'TEXT', text: '  ' } })).toHaveLength(3);
    });

    it('does not match a null value', () => {
      const textSection: GridColumn<Vehicle>[] = [{ id: 'section', header: 'Section', value: (v) => v.section, filter: 'TEXT' }];
      const withNull = [vehicle('A', { section: null }), vehicle('B', { section: 'Null Point' })];
      expect(regs(filterRows(withNull, textSection, { section: { kind: 'TEXT', text: 'null' } }))).toEqual(['B']);
    });
  });

  describe('SET', () => {
    const rows = [vehicle('A', { section: 'Alpha' }), vehicle('B', { section: 'Bravo' }), vehicle('N', { section: null })];

    it('shows only the listed values', () => {
      expect(regs(filterRows(rows, columns, { section: { kind: 'SET', values: ['Bravo'] } }))).toEqual(['B']);
    });

    it('Select All (every value listed) shows every row', () => {
      const all = setOptionsOf(columns[1]!, rows).map((option) => option.value);
      expect(all).toEqual(['Alpha', 'Bravo', '']);
      expect(regs(filterRows(rows, columns, { section: { kind: 'SET', values: all } }))).toEqual(['A', 'B', 'N']);
    });

    it('Deselect All (nothing listed) hides every row', () => {
      expect(filterRows(rows, columns, { section: { kind: 'SET', values: [] } })).toEqual([]);
    });

    it('lists a blank value as the empty string', () => {
      expect(regs(filterRows(rows, columns, { section: { kind: 'SET', values: [''] } }))).toEqual(['N']);
      expect(setOptionsOf(columns[1]!, rows).at(-1)).toEqual({ value: '', label: '(Blank)' });
    });

    it('compares booleans as true/false and prefers the column’s own options', () => {
      const setWrm: GridColumn<Vehicle> = {
        id: 'wrm',
        header: 'WRM',
        value: (v) => v.wrm,
        filter: 'SET',
        setOptions: [
          { value: 'true', label: 'WRM' },
          { value: 'false', label: 'Not WRM' },
        ],
      };
      const mixed = [vehicle('W', { wrm: true }), vehicle('N', { wrm: false })];
      expect(regs(filterRows(mixed, [setWrm], { wrm: { kind: 'SET', values: ['true'] } }))).toEqual(['W']);
      expect(setOptionsOf(setWrm, mixed).map((o) => o.label)).toEqual(['WRM', 'Not WRM']);
    });
  });

  describe('BOOLEAN', () => {
    const rows = [vehicle('Y', { wrm: true }), vehicle('N', { wrm: false })];

    it('yes shows true rows, no shows false rows', () => {
      expect(regs(filterRows(rows, columns, { wrm: { kind: 'BOOLEAN', value: true } }))).toEqual(['Y']);
      expect(regs(filterRows(rows, columns, { wrm: { kind: 'BOOLEAN', value: false } }))).toEqual(['N']);
    });

    it('treats a null value as no', () => {
      const nullable: GridColumn<{ reg: string; flag: boolean | null }>[] = [{ id: 'flag', header: 'Flag', value: (r) => r.flag, filter: 'BOOLEAN' }];
      const result = filterRows([{ reg: 'X', flag: null }], nullable, { flag: { kind: 'BOOLEAN', value: false } });
      expect(result).toHaveLength(1);
    });
  });

  describe('TOGGLE', () => {
    const rows = [vehicle('ACTIVE', { active: true }), vehicle('INACTIVE', { active: false })];

    it('off hides the rows whose value is false', () => {
      expect(regs(filterRows(rows, columns, { active: { kind: 'TOGGLE', on: false } }))).toEqual(['ACTIVE']);
    });

    it('on shows the rows whose value is false too', () => {
      expect(regs(filterRows(rows, columns, { active: { kind: 'TOGGLE', on: true } }))).toEqual(['ACTIVE', 'INACTIVE']);
    });
  });

  describe('DATE_TIME', () => {
    const rows = [
      vehicle('EARLY', { inspected: '2025-03-01T08:00:00.000Z' }),
      vehicle('FROM', { inspected: '2025-03-10T00:00:00.000Z' }),
      vehicle('MID', { inspected: '2025-03-15T12:30:00.000Z' }),
      vehicle('TO', { inspected: '2025-03-20T23:59:59.999Z' }),
      vehicle('LATE', { inspected: '2025-03-21T00:00:00.000Z' }),
      vehicle('NEVER', { inspected: null }),
    ];
    const range = (from: string | null, to: string | null): FilterState => ({ inspected: { kind: 'DATE_TIME', from, to } });

    it('is an inclusive range', () => {
      expect(regs(filterRows(rows, columns, range('2025-03-10T00:00:00.000Z', '2025-03-20T23:59:59.999Z')))).toEqual(['FROM', 'MID', 'TO']);
    });

    it('leaves an end open when it is null', () => {
      expect(regs(filterRows(rows, columns, range('2025-03-15T12:30:00.000Z', null)))).toEqual(['MID', 'TO', 'LATE']);
      expect(regs(filterRows(rows, columns, range(null, '2025-03-10T00:00:00.000Z')))).toEqual(['EARLY', 'FROM']);
    });

    it('lets every row through with both ends open, and hides rows without a date otherwise', () => {
      expect(filterRows(rows, columns, range(null, null))).toHaveLength(6);
      expect(regs(filterRows(rows, columns, range('2000-01-01T00:00:00.000Z', null)))).not.toContain('NEVER');
    });

    it('compares instants, whatever the offset they are written with', () => {
      const local = [vehicle('OFFSET', { inspected: '2025-03-10T01:00:00+02:00' })];
      expect(filterRows(local, columns, range('2025-03-09T23:00:00.000Z', '2025-03-09T23:00:00.000Z'))).toHaveLength(1);
    });
  });

  describe('NUMBER_RANGE', () => {
    const rows = [vehicle('ZERO', { visits: 0 }), vehicle('TWO', { visits: 2 }), vehicle('FIVE', { visits: 5 }), vehicle('NONE', { visits: null })];
    const num = (op: 'eq' | 'gt' | 'lt', value: number): FilterState => ({ visits: { kind: 'NUMBER_RANGE', op, value } });

    it('equals', () => {
      expect(regs(filterRows(rows, columns, num('eq', 2)))).toEqual(['TWO']);
      expect(regs(filterRows(rows, columns, num('eq', 0)))).toEqual(['ZERO']);
    });

    it('greater than and less than are strict', () => {
      expect(regs(filterRows(rows, columns, num('gt', 2)))).toEqual(['FIVE']);
      expect(regs(filterRows(rows, columns, num('lt', 2)))).toEqual(['ZERO']);
    });

    it('uses the integer part of the filter value', () => {
      expect(regs(filterRows(rows, columns, num('eq', 2.9)))).toEqual(['TWO']);
    });

    it('reads numeric text in the rows and never matches a blank', () => {
      const textual: GridColumn<{ n: string | null }>[] = [{ id: 'n', header: 'N', value: (r) => r.n, filter: 'NUMBER_RANGE' }];
      const data = [{ n: '7' }, { n: '' }, { n: null }, { n: 'seven' }];
      expect(filterRows(data, textual, { n: { kind: 'NUMBER_RANGE', op: 'gt', value: -1 } })).toEqual([{ n: '7' }]);
    });

    it('lets every row through when the value is not a number', () => {
      expect(filterRows(rows, columns, num('eq', Number.NaN))).toHaveLength(4);
    });
  });

  it('combines filters: a row must pass every one', () => {
    const rows = [
      vehicle('AB-1', { section: 'Alpha', wrm: true, visits: 3 }),
      vehicle('AB-2', { section: 'Alpha', wrm: false, visits: 3 }),
      vehicle('AB-3', { section: 'Bravo', wrm: true, visits: 3 }),
      vehicle('AB-4', { section: 'Alpha', wrm: true, visits: 1 }),
      vehicle('XY-5', { section: 'Alpha', wrm: true, visits: 3 }),
      vehicle('AB-6', { section: 'Alpha', wrm: true, visits: 3, active: false }),
    ];
    const filters: FilterState = {
      reg: { kind: 'TEXT', text: 'ab' },
      section: { kind: 'SET', values: ['Alpha'] },
      wrm: { kind: 'BOOLEAN', value: true },
      visits: { kind: 'NUMBER_RANGE', op: 'gt', value: 2 },
      active: { kind: 'TOGGLE', on: false },
    };
    expect(regs(filterRows(rows, columns, filters))).toEqual(['AB-1']);
  });

  it('ignores filters of unknown columns and of a kind the column does not offer', () => {
    const rows = [vehicle('A'), vehicle('B')];
    const stale: FilterState = {
      gone: { kind: 'TEXT', text: 'zzz' },
      reg: { kind: 'SET', values: [] },
      notes: { kind: 'TEXT', text: 'zzz' },
    };
    expect(filterRows(rows, columns, stale)).toHaveLength(2);
  });

  describe('search', () => {
    const rows = [vehicle('AB-1', { section: 'Motor Pool' }), vehicle('CD-2', { section: 'Fuels', wrm: true }), vehicle('EF-3', { section: null, visits: 42 })];

    it('matches any column’s value, case-insensitive', () => {
      expect(regs(filterRows(rows, columns, {}, 'motor'))).toEqual(['AB-1']);
      expect(regs(filterRows(rows, columns, {}, 'cd-'))).toEqual(['CD-2']);
      expect(regs(filterRows(rows, columns, {}, '42'))).toEqual(['EF-3']);
      expect(regs(filterRows(rows, columns, {}, 'NOTES OF EF'))).toEqual(['EF-3']);
    });

    it('matches booleans as Yes/No, as they show', () => {
      const wrmOnly = columns.filter((c) => c.id === 'reg' || c.id === 'wrm');
      expect(regs(filterRows(rows, wrmOnly, {}, 'yes'))).toEqual(['CD-2']);
    });

    it('does not match across two columns', () => {
      expect(filterRows(rows, columns, {}, 'AB-1Motor')).toEqual([]);
    });

    it('applies together with the filters', () => {
      expect(regs(filterRows(rows, columns, { wrm: { kind: 'BOOLEAN', value: false } }, 'ef'))).toEqual(['EF-3']);
    });

    it('looks only in the given search columns (the visible ones), with the filters on every column', () => {
      const visible = columns.filter((c) => c.id === 'reg');
      expect(filterRows(rows, columns, {}, 'motor', visible)).toEqual([]);
      const haystacks = rows.map((row) => searchText(row, visible));
      expect(regs(filterRows(rows, columns, { visits: { kind: 'NUMBER_RANGE', op: 'eq', value: 42 } }, 'ef', visible, haystacks))).toEqual(['EF-3']);
    });
  });
});

describe('isFilterActive and countActiveFilters', () => {
  it('counts only filters that hide rows', () => {
    expect(isFilterActive({ kind: 'TEXT', text: ' ' })).toBe(false);
    expect(isFilterActive({ kind: 'TOGGLE', on: true })).toBe(false);
    expect(isFilterActive({ kind: 'TOGGLE', on: false })).toBe(true);
    expect(isFilterActive({ kind: 'DATE_TIME', from: null, to: null })).toBe(false);
    expect(isFilterActive({ kind: 'DATE_TIME', from: null, to: '2025-01-01T00:00:00Z' })).toBe(true);
    expect(isFilterActive({ kind: 'NUMBER_RANGE', op: 'eq', value: 0 })).toBe(true);

    const rows = [vehicle('A', { section: 'Alpha' }), vehicle('B', { section: 'Bravo' })];
    const optionsOf = (column: GridColumn<Vehicle>) => setOptionsOf(column, rows);
    expect(countActiveFilters(columns, { section: { kind: 'SET', values: ['Alpha', 'Bravo'] } }, optionsOf)).toBe(0);
    expect(countActiveFilters(columns, { section: { kind: 'SET', values: ['Alpha'] } }, optionsOf)).toBe(1);
    expect(
      countActiveFilters(columns, { reg: { kind: 'TEXT', text: 'a' }, wrm: { kind: 'BOOLEAN', value: true }, gone: { kind: 'TEXT', text: 'x' } }, optionsOf),
    ).toBe(2);
  });
});

describe('valueText', () => {
  it('shows booleans as Yes/No and null as nothing', () => {
    expect([valueText(true), valueText(false), valueText(null), valueText(0), valueText('x')]).toEqual(['Yes', 'No', '', '0', 'x']);
  });
});
