import { describe, expect, it } from 'vitest';
import type { SectionReport } from '../../../core/schema/monthly-report.ts';
import { problemCell, REPORT_COLUMNS, REPORTS_FILE_NAME, reportsCsv } from './reports-csv.ts';

const report: SectionReport = {
  id: 's1',
  name: 'Alpha, Flight',
  vehicles: { total: 12, inOp: 2, wrm: 3 },
  inspections: { total: 40, failed: 6, notes: 4 },
  mx: {
    discrepancies: { total: 9, disregarded: 2, addressable: 7 },
    lti: { performed: 3, failed: 1 },
    pmi: { performed: 2, failed: 0 },
    scheduled: { scheduled: 5, performed: 4, failed: 1 },
  },
  problems: {
    failedInspections: [
      { vehicleId: 'v1', regNumber: 'AB-12', count: 3 },
      { vehicleId: 'v2', regNumber: 'CD-34', count: 1 },
    ],
    totalDiscrepancies: [{ vehicleId: 'v2', regNumber: 'CD-34', count: 4 }],
    addressableDiscrepancies: [],
  },
  failures: { 'AF1800-3': { title: 'Tires', count: 4 } },
};

describe('reports.csv', () => {
  it('is named reports.csv and has its 21 columns', () => {
    expect(REPORTS_FILE_NAME).toBe('reports.csv');
    expect(REPORT_COLUMNS).toHaveLength(21);
    const [header, line] = reportsCsv([report], 'This Month').replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(header).toBe(
      'Section,Range,Vehicles,InOp Vehicles,WRM Vehicles,Inspections,Failed Inspections,Inspection Notes,Discrepancies,Disregarded Discrepancies,' +
        'Addressable Discrepancies,LTIs Performed,LTIs Failed,PMIs Performed,PMIs Failed,Scheduled Mx,Scheduled Mx Performed,Scheduled Mx Missed,' +
        'Most Failed Inspections,Most Total Discrepancies,Most Addressable Discrepancies',
    );
    expect(line).toBe('"Alpha, Flight",This Month,12,2,3,40,6,4,9,2,7,3,1,2,0,5,4,1,"AB-12, (3)","CD-34, (4)",');
  });

  it("writes a problem vehicle as 'reg, (count)', the list's first", () => {
    expect(problemCell(report.problems.failedInspections)).toBe('AB-12, (3)');
    expect(problemCell([])).toBe('');
  });
});
