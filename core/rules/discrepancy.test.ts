import { describe, expect, it } from 'vitest';
import { reportedToMx, canReportDiscrepancy, completionAfterChange, odometerReadings, reportableRules, shownByDefault } from './discrepancy.ts';

const now = new Date('2026-11-24T12:00:00.000Z');
const open = { af1800StatusCode: null, actualCompletionDate: null, workDate: null };

describe('discrepancy completion (part 1 §4, part 2 §9 corrective-action codes)', () => {
  it('a closing code completes it on its work date, else now', () => {
    expect(completionAfterChange(open, { af1800StatusCode: 'C' }, now)).toBe(now.toISOString());
    expect(completionAfterChange(open, { af1800StatusCode: 'C-P', workDate: '2026-11-20T00:00:00.000Z' }, now)).toBe('2026-11-20T00:00:00.000Z');
    expect(completionAfterChange({ ...open, workDate: '2026-11-21T00:00:00.000Z' }, { af1800StatusCode: 'N' }, now)).toBe('2026-11-21T00:00:00.000Z');
  });

  it('keeps an earlier completion, and reopens on a delayed or waiver code or none', () => {
    const closed = { af1800StatusCode: 'C' as const, actualCompletionDate: '2026-11-01T00:00:00.000Z', workDate: null };
    expect(completionAfterChange(closed, { af1800StatusCode: 'C-T' }, now)).toBe('2026-11-01T00:00:00.000Z');
    expect(completionAfterChange(closed, { af1800StatusCode: 'D-P' }, now)).toBeNull();
    expect(completionAfterChange(closed, { af1800StatusCode: 'W' }, now)).toBeNull();
    expect(completionAfterChange(closed, { af1800StatusCode: null }, now)).toBeNull();
    expect(completionAfterChange(closed, { workOrder: 'x' } as never, now)).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('the recency test of Required (docs/vehicle-tabs.md)', () => {
  const old = '2026-09-01T00:00:00.000Z';
  const recent = '2026-11-10T00:00:00.000Z';
  it('shows what is open, whenever discovered', () => {
    expect(shownByDefault({ dateDiscovered: old, actualCompletionDate: null, disregard: false }, now)).toBe(true);
  });
  it('shows what was closed or disregarded only when discovered in the last 30 days', () => {
    expect(shownByDefault({ dateDiscovered: old, actualCompletionDate: recent, disregard: false }, now)).toBe(false);
    expect(shownByDefault({ dateDiscovered: old, actualCompletionDate: null, disregard: true }, now)).toBe(false);
    expect(shownByDefault({ dateDiscovered: recent, actualCompletionDate: recent, disregard: false }, now)).toBe(true);
    expect(shownByDefault({ dateDiscovered: '2026-10-25T12:00:00.000Z', actualCompletionDate: null, disregard: true }, now)).toBe(true);
    expect(shownByDefault({ dateDiscovered: '2026-10-25T11:59:59.000Z', actualCompletionDate: null, disregard: true }, now)).toBe(false);
  });
});

describe('reporting a discrepancy (part 1 §2, §5)', () => {
  const rule = (ruleId: string, af1800Id: number | null, isBoolean = true) => ({ ruleId, title: `Rule ${ruleId}`, af1800Id, isBoolean });

  it('offers only boolean rules with an AF1800 id or a numeric AF1800-{n} id, one per item, by item', () => {
    const rules = [rule('AF1800-12', null), rule('lights', 3), rule('fuel', 4, false), rule('AF1800-H', null), rule('custom', null), rule('AF1800-3', null)];
    expect(reportableRules(rules)).toEqual([
      { itemNo: 3, ruleId: 'lights', title: 'Rule lights' },
      { itemNo: 12, ruleId: 'AF1800-12', title: 'Rule AF1800-12' },
    ]);
  });

  it('is enabled only when the vehicle’s workflow is one of the organization’s active workflows', () => {
    const workflows = [
      { workflowId: 1, active: true },
      { workflowId: 2, active: false },
    ];
    expect(canReportDiscrepancy(1, workflows)).toBe(true);
    expect(canReportDiscrepancy(2, workflows)).toBe(false);
    expect(canReportDiscrepancy(3, workflows)).toBe(false);
    expect(canReportDiscrepancy(null, workflows)).toBe(false);
  });

  it('reports hours or miles as the workflow asks, miles when it asks neither', () => {
    expect(odometerReadings([{ ruleId: 'AF1800-H' }])).toEqual({ miles: false, hours: true });
    expect(odometerReadings([{ ruleId: 'AF1800-M' }, { ruleId: 'AF1800-H' }])).toEqual({ miles: true, hours: true });
    expect(odometerReadings([{ ruleId: 'AF1800-3' }])).toEqual({ miles: true, hours: false });
  });
});

describe('reported to maintenance with the report', () => {
  it('dates and names the report when it brings miles or hours, and leaves both empty otherwise', () => {
    const at = now.toISOString();
    expect(reportedToMx({ reportMiles: 1204 }, at, 'u1')).toEqual({ reportDate: at, reporterUserId: 'u1' });
    expect(reportedToMx({ reportMiles: null, reportHours: 12 }, at, 'u1')).toEqual({ reportDate: at, reporterUserId: 'u1' });
    expect(reportedToMx({}, at, 'u1')).toEqual({ reportDate: null, reporterUserId: null });
  });
});
