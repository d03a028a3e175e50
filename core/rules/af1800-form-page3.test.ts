import { describe, expect, it } from 'vitest';
import { assembleAf1800Form } from './af1800-form.ts';
import { inspection, result, sources, vehicle, workflowRule } from '../testing/af1800-form-fixtures.ts';

const MARCH = { year: 2026, month: 3 };
const NOW = new Date('2026-03-20T12:00:00Z');
const items = (s: Parameters<typeof assembleAf1800Form>[0]) => assembleAf1800Form(s, vehicle(), MARCH, NOW).page3.items;

describe('AF1800 page 3 items 36 to 39', () => {
  it('are all four, unchecked and empty, without answers in the month', () => {
    expect(items(sources())).toEqual([36, 37, 38, 39].map((itemNo) => ({ itemNo, isChecked: false, text: '' })));
  });

  it('fill up over the month as on paper: checked once an answer found a discrepancy, with every remark on the item', () => {
    const inspections = [inspection('old', '2026-03-02T07:00:00Z'), inspection('new', '2026-03-09T07:00:00Z'), inspection('apr', '2026-04-01T07:00:00Z')];
    const inspectionResults = [
      result('r1', 'old', 'AF1800-36', false, { comment: 'Tie-down strap frayed' }),
      result('r2', 'new', 'AF1800-36', true, { comment: 'Strap replaced' }),
      result('r3', 'old', 'AF1800-38', true),
      result('r4', 'new', 'AF1800-38', false, { comment: '  Left unlocked overnight ' }),
      result('r5', 'old', 'AF1800-39', true, { comment: 'Logbook page torn' }),
      result('r6', 'new', 'AF1800-39', true, { comment: 'Logbook page torn' }),
      result('r7', 'new', 'AF1800-37', false, { isFixed: true, comment: 'Fixed on the spot by the operator' }),
      result('r8', 'apr', 'AF1800-39', false, { comment: 'April' }),
    ];
    const expected = [
      { itemNo: 36, isChecked: true, text: 'Tie-down strap frayed; Strap replaced' },
      { itemNo: 37, isChecked: true, text: 'Fixed on the spot by the operator' },
      { itemNo: 38, isChecked: true, text: 'Left unlocked overnight' },
      { itemNo: 39, isChecked: false, text: 'Logbook page torn' },
    ];
    expect(items(sources({ inspections, inspectionResults }))).toEqual(expected);
    expect(items(sources({ inspections: [...inspections].reverse(), inspectionResults: [...inspectionResults].reverse() }))).toEqual(expected);
  });

  it('leave the box unchecked while every answer passed', () => {
    const inspections = [inspection('i1', '2026-03-02T07:00:00Z'), inspection('i2', '2026-03-03T07:00:00Z')];
    const inspectionResults = [result('r1', 'i1', 'AF1800-38', true), result('r2', 'i2', 'AF1800-38', true)];
    expect(items(sources({ inspections, inspectionResults }))[2]).toEqual({ itemNo: 38, isChecked: false, text: '' });
  });

  it('count custom rules reporting against the item, their comments joined in the inspection’s order', () => {
    const inspections = [inspection('i1', '2026-03-02T07:00:00Z')];
    const workflowRules = [workflowRule('forks', 'Forks, mast and carriage', { af1800Id: 37 }), workflowRule('guard', 'Overhead guard', { af1800Id: 37 })];
    const inspectionResults = [
      result('r2', 'i1', 'guard', true, { position: 2, comment: 'Guard bolt loose' }),
      result('r1', 'i1', 'forks', false, { position: 1, comment: 'Left fork bent' }),
      result('r3', 'i1', 'unknown-rule', false, { position: 3, comment: 'Not an item' }),
    ];
    expect(items(sources({ inspections, inspectionResults, workflowRules }))[1]).toEqual({ itemNo: 37, isChecked: true, text: 'Left fork bent; Guard bolt loose' });
  });

  it('ignore other vehicles’ inspections', () => {
    const inspections = [inspection('i1', '2026-03-02T07:00:00Z', { vehicleId: 'v2' })];
    const inspectionResults = [result('r1', 'i1', 'AF1800-36', false, { comment: 'not this vehicle' })];
    expect(items(sources({ inspections, inspectionResults }))[0]).toEqual({ itemNo: 36, isChecked: false, text: '' });
  });
});
