import { describe, expect, it } from 'vitest';
import { stringifyWithVerbatim } from './verbatim-json.ts';

describe('stringifyWithVerbatim', () => {
  const present = (row: { id: string; results: unknown; note: string }) => ({ inspectionId: row.id, results: row.results, note: row.note });

  it("puts a column's JSON text where the presenter put the column, giving the same value as parsing it", () => {
    const text = '[{"value": "a $& b $1", "ruleId": "r1", "comment": "He said \\"ok\\""}, {"n": 1.50}]';
    const json = stringifyWithVerbatim({ id: 'i1', results: text, note: 'x' }, ['results'], present);
    expect(JSON.parse(json)).toEqual({ inspectionId: 'i1', results: JSON.parse(text), note: 'x' });
  });

  it('writes null for an SQL null, and nothing when the presenter leaves the column out', () => {
    expect(JSON.parse(stringifyWithVerbatim({ id: 'i1', results: null, note: 'x' }, ['results'], present))).toEqual({
      inspectionId: 'i1',
      results: null,
      note: 'x',
    });
    const dropped = stringifyWithVerbatim({ id: 'i1', results: '[1]', note: 'x' }, ['results'], (row) => ({ id: row.id, results: null }));
    expect(JSON.parse(dropped)).toEqual({ id: 'i1', results: null });
  });

  it("leaves other fields alone even when they hold text like the column's", () => {
    const json = stringifyWithVerbatim({ id: 'i1', results: '[2]', note: 'results' }, ['results'], present);
    expect(JSON.parse(json)).toEqual({ inspectionId: 'i1', results: [2], note: 'results' });
  });

  it('skips a verbatim column the row was read without (answers that come later)', () => {
    const json = stringifyWithVerbatim({ id: 'i1', note: 'x' } as { id: string; results: unknown; note: string }, ['results'], present);
    expect(JSON.parse(json)).toEqual({ inspectionId: 'i1', note: 'x' });
  });
});
