import { describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows.ts';
import type { GridColumn } from './types.ts';

interface Row {
  reg: string;
  days: number | null;
  ok: boolean;
}

const columns: GridColumn<Row>[] = [
  { id: 'reg', header: 'Reg', value: (r) => r.reg },
  { id: 'days', header: 'Days', value: (r) => r.days },
  { id: 'ok', header: 'OK', value: (r) => r.ok },
];

const rows: Row[] = [
  { reg: 'ab-10', days: 3, ok: true },
  { reg: 'AB-9', days: null, ok: false },
  { reg: 'Cd 2', days: -2, ok: true },
  { reg: 'ab-1', days: 10, ok: false },
  { reg: 'EF 3', days: 3, ok: false },
];
const regs = (list: Row[]) => list.map((r) => r.reg);

describe('sortRows', () => {
  it('puts blanks last in both directions', () => {
    expect(sortRows(rows, columns, [{ id: 'days', desc: true }]).map((r) => r.days)).toEqual([10, 3, 3, -2, null]);
    expect(sortRows(rows, columns, [{ id: 'days', desc: false }]).map((r) => r.days)).toEqual([-2, 3, 3, 10, null]);
  });

  it('orders text with numbers as numbers and without regard to case', () => {
    expect(regs(sortRows(rows, columns, [{ id: 'reg', desc: false }]))).toEqual(['ab-1', 'AB-9', 'ab-10', 'Cd 2', 'EF 3']);
    expect(regs(sortRows(rows, columns, [{ id: 'reg', desc: true }]))).toEqual(['EF 3', 'Cd 2', 'ab-10', 'AB-9', 'ab-1']);
  });

  it('breaks ties with the next sorted column, then keeps the order the rows came in', () => {
    expect(regs(sortRows(rows, columns, [{ id: 'days', desc: false }]))).toEqual(['Cd 2', 'ab-10', 'EF 3', 'ab-1', 'AB-9']);
    expect(
      regs(
        sortRows(rows, columns, [
          { id: 'days', desc: false },
          { id: 'reg', desc: true },
        ]),
      ),
    ).toEqual(['Cd 2', 'EF 3', 'ab-10', 'ab-1', 'AB-9']);
    expect(regs(sortRows(rows, columns, [{ id: 'ok', desc: true }]))).toEqual(['ab-10', 'Cd 2', 'AB-9', 'ab-1', 'EF 3']);
  });

  it('keeps the order the rows came in without a sort, or with only unknown columns, and never reorders its input', () => {
    const input = rows.slice();
    expect(regs(sortRows(input, columns, []))).toEqual(regs(rows));
    expect(regs(sortRows(input, columns, [{ id: 'gone', desc: true }]))).toEqual(regs(rows));
    sortRows(input, columns, [{ id: 'reg', desc: false }]);
    expect(input).toEqual(rows);
  });
});
