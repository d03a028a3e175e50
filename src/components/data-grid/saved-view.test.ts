import { describe, expect, it } from 'vitest';
import { saveSetting } from '../../data/settings/save-setting.ts';
import { defaultColumnsState, parseStoredColumns, parseStoredFilters, reconcileColumns, reconcileFilters, savedViewSchema } from './saved-view.ts';
import type { FilterState, GridColumn, SavedView } from './types.ts';

interface User {
  given: string;
  family: string;
  role: string;
  active: boolean;
}

const columns: GridColumn<User>[] = [
  { id: 'givenName', header: 'Given Name', value: (u) => u.given, filter: 'TEXT' },
  { id: 'familyName', header: 'Family Name', value: (u) => u.family, filter: 'TEXT', minWidth: 100, maxWidth: 150 },
  { id: 'role', header: 'Role', value: (u) => u.role, filter: 'SET' },
  { id: 'active', header: 'Active', value: (u) => u.active, filter: 'TOGGLE', hideable: false },
];

const view: SavedView = {
  filters: {
    givenName: { kind: 'TEXT', text: 'ann' },
    role: { kind: 'SET', values: ['vco', 'dispatcher'] },
    active: { kind: 'TOGGLE', on: false },
    inspected: { kind: 'DATE_TIME', from: '2025-03-01T00:00:00.000Z', to: null },
    visits: { kind: 'NUMBER_RANGE', op: 'gt', value: 3 },
    wrm: { kind: 'BOOLEAN', value: true },
  },
  columns: { order: ['role', 'givenName', 'familyName', 'active'], hidden: ['familyName'], widths: { role: 220 } },
};

describe('saved view schema', () => {
  it('accepts a view as the grid saves it, after the JSON round trip of saveSetting', () => {
    const value = saveSetting.parse({ userId: 'u'.repeat(21), values: { userAdminFilter: view.filters } }).values.userAdminFilter;
    expect(parseStoredFilters(value)).toEqual(view.filters);
    expect(parseStoredColumns(JSON.parse(JSON.stringify(view.columns)))).toEqual(view.columns);
    expect(savedViewSchema.safeParse(view).success).toBe(true);
  });

  it.each([
    ['nothing stored', undefined],
    ['null', null],
    ['a string', 'givenName=ann'],
    ['an array', [{ kind: 'TEXT', text: 'x' }]],
    ['an unknown kind', { givenName: { kind: 'REGEX', text: 'x' } }],
    ['a missing field', { givenName: { kind: 'TEXT' } }],
    ['a wrong type', { role: { kind: 'SET', values: 'vco' } }],
    ['a non-integer number', { visits: { kind: 'NUMBER_RANGE', op: 'eq', value: 2.5 } }],
    ['an unknown operator', { visits: { kind: 'NUMBER_RANGE', op: 'gte', value: 2 } }],
    ['a date that is no date', { inspected: { kind: 'DATE_TIME', from: 'yesterday', to: null } }],
  ])('ignores a malformed filter value: %s', (_name, stored) => {
    expect(parseStoredFilters(stored)).toBeNull();
  });

  it.each([
    ['nothing stored', undefined],
    ['an older product’s column state', [{ colId: 'givenName', width: 120, hide: false }]],
    ['a missing part', { order: ['givenName'], hidden: [] }],
    ['a negative width', { order: [], hidden: [], widths: { givenName: -5 } }],
    ['ids that are not text', { order: [1, 2], hidden: [], widths: {} }],
  ])('ignores a malformed columns value: %s', (_name, stored) => {
    expect(parseStoredColumns(stored)).toBeNull();
  });
});

describe('reconcileColumns', () => {
  it('keeps a valid state as it is', () => {
    expect(reconcileColumns(columns, view.columns)).toEqual(view.columns);
  });

  it('drops unknown columns and inserts new ones after the column they follow', () => {
    const state = { order: ['removed', 'role', 'givenName'], hidden: ['removed'], widths: { removed: 300 } };
    // familyName follows givenName in the definition, active follows role.
    expect(reconcileColumns(columns, state)).toEqual({
      order: ['role', 'active', 'givenName', 'familyName'],
      hidden: [],
      widths: {},
    });
    expect(reconcileColumns(columns, { order: ['active'], hidden: [], widths: {} }).order).toEqual(['givenName', 'familyName', 'role', 'active']);
  });

  it('shows columns that may not be hidden, and keeps widths within bounds', () => {
    const state = { order: ['givenName', 'familyName', 'role', 'active'], hidden: ['active', 'role', 'role'], widths: { familyName: 999, givenName: 10.4 } };
    expect(reconcileColumns(columns, state)).toEqual({
      order: ['givenName', 'familyName', 'role', 'active'],
      hidden: ['role'],
      widths: { familyName: 150, givenName: 40 },
    });
  });

  it('defaults to the columns as defined, all shown', () => {
    expect(defaultColumnsState(columns)).toEqual({ order: ['givenName', 'familyName', 'role', 'active'], hidden: [], widths: {} });
  });
});

describe('reconcileFilters', () => {
  it('keeps filters whose column offers that kind', () => {
    const filters: FilterState = {
      givenName: { kind: 'TEXT', text: 'ann' },
      role: { kind: 'TEXT', text: 'vco' },
      gone: { kind: 'BOOLEAN', value: true },
      active: { kind: 'TOGGLE', on: true },
    };
    expect(reconcileFilters(columns, filters)).toEqual({ givenName: { kind: 'TEXT', text: 'ann' }, active: { kind: 'TOGGLE', on: true } });
  });
});
