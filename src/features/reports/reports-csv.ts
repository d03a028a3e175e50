import type { ProblemVehicle, SectionReport } from '../../../core/schema/monthly-report.ts';
import { toCsv, type CsvColumn } from '../../shared/csv.ts';

/** Part 2 §9: a problem vehicle as 'reg, (count)'. */
export function problemCell(list: readonly ProblemVehicle[]): string {
  const top = list[0];
  return top ? `${top.regNumber}, (${top.count})` : '';
}

type Line = SectionReport & { range: string };
const n = (value: number) => String(value);

/** The 21 columns of reports.csv (part 2 §9; docs/insights-reports.md says why these 21). */
export const REPORT_COLUMNS: readonly CsvColumn<Line>[] = [
  { id: 'name', header: 'Section', text: (l) => l.name },
  { id: 'range', header: 'Range', text: (l) => l.range },
  { id: 'vehicles', header: 'Vehicles', text: (l) => n(l.vehicles.total) },
  { id: 'inOp', header: 'InOp Vehicles', text: (l) => n(l.vehicles.inOp) },
  { id: 'wrm', header: 'WRM Vehicles', text: (l) => n(l.vehicles.wrm) },
  { id: 'inspections', header: 'Inspections', text: (l) => n(l.inspections.total) },
  { id: 'failedInspections', header: 'Failed Inspections', text: (l) => n(l.inspections.failed) },
  { id: 'notes', header: 'Inspection Notes', text: (l) => n(l.inspections.notes) },
  { id: 'discrepancies', header: 'Discrepancies', text: (l) => n(l.mx.discrepancies.total) },
  { id: 'disregarded', header: 'Disregarded Discrepancies', text: (l) => n(l.mx.discrepancies.disregarded) },
  { id: 'addressable', header: 'Addressable Discrepancies', text: (l) => n(l.mx.discrepancies.addressable) },
  { id: 'lti', header: 'LTIs Performed', text: (l) => n(l.mx.lti.performed) },
  { id: 'ltiFailed', header: 'LTIs Failed', text: (l) => n(l.mx.lti.failed) },
  { id: 'pmi', header: 'PMIs Performed', text: (l) => n(l.mx.pmi.performed) },
  { id: 'pmiFailed', header: 'PMIs Failed', text: (l) => n(l.mx.pmi.failed) },
  { id: 'scheduled', header: 'Scheduled Mx', text: (l) => n(l.mx.scheduled.scheduled) },
  { id: 'scheduledPerformed', header: 'Scheduled Mx Performed', text: (l) => n(l.mx.scheduled.performed) },
  { id: 'scheduledFailed', header: 'Scheduled Mx Missed', text: (l) => n(l.mx.scheduled.failed) },
  { id: 'mostFailedInspections', header: 'Most Failed Inspections', text: (l) => problemCell(l.problems.failedInspections) },
  { id: 'mostDiscrepancies', header: 'Most Total Discrepancies', text: (l) => problemCell(l.problems.totalDiscrepancies) },
  { id: 'mostAddressable', header: 'Most Addressable Discrepancies', text: (l) => problemCell(l.problems.addressableDiscrepancies) },
];

/** reports.csv: one line per section of the answer, with the range reported ('This Month', ...). */
export function reportsCsv(sections: readonly SectionReport[], range: string): string {
  return toCsv(
    sections.map((s) => ({ ...s, range })),
    REPORT_COLUMNS,
  );
}

export const REPORTS_FILE_NAME = 'reports.csv';
