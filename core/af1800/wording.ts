import { CORRECTIVE_ACTION_CODES, CORRECTIVE_ACTION_LABELS } from '../schema/discrepancy.ts';
import type { MaintenanceColumnKey, MaintenanceGroup } from './geometry.ts';

/**
 * Every word printed on the blank AF1800. `reconstructed: true` marks wording that neither the spec nor
 * the form-data contract gives: it was written from general knowledge of AF Form 1800 ("Operator's
 * Inspection Guide and Trouble Report") and is not a copy of the official form. `false` marks wording
 * taken from the spec (part 2 §3, §9) or named by the data contract (core/schema/af1800.ts).
 */
export interface Wording {
  text: string;
  reconstructed: boolean;
}
const given = (text: string): Wording => ({ text, reconstructed: false });
const rebuilt = (text: string): Wording => ({ text, reconstructed: true });

export const FORM_TITLE = given("OPERATOR'S INSPECTION GUIDE AND TROUBLE REPORT");
export const FORM_SUBTITLE = rebuilt('(GENERAL PURPOSE VEHICLES AND EQUIPMENT)');
export const PAGE_TITLES: Record<2 | 3, Wording> = {
  2: rebuilt('DISCREPANCY AND MAINTENANCE REPORT'),
  3: rebuilt('ADDITIONAL INSPECTION ITEMS'),
};
export const FOOTER = rebuilt('AF FORM 1800 (RECONSTRUCTED LAYOUT)');
export const pageFooter = (page: 1 | 2 | 3) => rebuilt(`PAGE ${page}`);

/** Labels of the labelled cells, by field id. */
export const FIELD_LABELS: Record<string, Wording> = {
  'p1.regNumber': given('REGISTRATION NUMBER'),
  'p1.vehicleType': given('VEHICLE TYPE'),
  'p1.month': rebuilt('MONTH (MM/YYYY)'),
  'p1.organization': given('ORGANIZATION'),
  'p1.location': given('LOCATION'),
  'p1.basePhoneNo': given('BASE PHONE NO.'),
  'p1.vcoName': given('VCO NAME'),
  'p1.vcoPhoneNo': given('VCO PHONE NO.'),
  'p1.date': rebuilt('DATE PREPARED'),
  'p2.regNumber': given('REGISTRATION NUMBER'),
  'p2.month': rebuilt('MONTH (MM/YYYY)'),
  'p2.sheet': rebuilt('SHEET'),
  'p2.milesHours.date': given('DATE'),
  'p2.milesHours.miles': given('MILES'),
  'p2.milesHours.hours': given('HOURS'),
  'p2.milesHours.operator': given('OPERATOR'),
  'p2.tirePressure.frontPsi': rebuilt('FRONT (PSI)'),
  'p2.tirePressure.rearPsi': rebuilt('REAR (PSI)'),
  'p2.tirePressure.operator': given('OPERATOR'),
  'p2.tirePressure.date': given('DATE'),
  'p3.regNumber': given('REGISTRATION NUMBER'),
  'p3.vehicleType': given('VEHICLE TYPE'),
  'p3.month': rebuilt('MONTH (MM/YYYY)'),
  'p3.item36.text': rebuilt('REMARKS'),
  'p3.item37.text': rebuilt('REMARKS'),
  'p3.item38.text': rebuilt('REMARKS'),
  'p3.item39.text': rebuilt('REMARKS'),
};

export const GUIDE_HEADING = rebuilt('INSPECTION GUIDE - CHECK EACH ITEM BEFORE OPERATION (ITEMS 36-39 ON PAGE 3)');
export const GRID_HEADING = rebuilt("DAILY INSPECTION - OPERATOR'S INITIALS BY DAY AND SHIFT (DAYS AND SHIFTS IN THE ORGANIZATION'S LOCAL TIME)");
export const GRID_DAY = given('DAY');
export const gridShift = (shift: number) => given(`SHIFT ${shift}`);
export const PAGE1_NOTES: readonly Wording[] = [
  rebuilt('Initial the box for the day and shift after completing the inspection. Report each discrepancy on page 2'),
  rebuilt("and to maintenance before operating the vehicle. Dates are day/month/year (dd/MM/yy), in the organization's local time."),
];

export const GROUP_LABELS: Record<MaintenanceGroup, Wording> = {
  operatorsReport: given("OPERATOR'S REPORT"),
  reportedToMx: given('REPORTED TO MAINTENANCE'),
  mxReportStatus: given('MAINTENANCE REPORT STATUS'),
};

/** Column headings; a `\n` breaks the heading over two lines. */
export const COLUMN_LABELS: Record<MaintenanceColumnKey, Wording> = {
  itemNo: given('ITEM\nNO.'),
  discrepancy: given('DISCREPANCY'),
  operatorDate: given('DATE'),
  mxDate: given('DATE'),
  milesHours: given('MILES/\nHOURS'),
  name: given('NAME'),
  workOrder: given('WORK\nORDER NO.'),
  statusDate: given('DATE'),
  statusCode: given('STATUS\nCODE'),
  employeeNumber: given('EMPLOYEE\nNO.'),
};

export const MILES_HOURS_HEADING = given('MONTHLY REQUIREMENT - MILES/HOURS');
export const TIRE_PRESSURE_HEADING = given('MONTHLY REQUIREMENT - TIRE PRESSURE');
export const LEGEND_HEADING = given('CORRECTIVE ACTION (STATUS) CODES');
/** The legend, from the corrective-action codes of the spec (part 2 §9). */
export const LEGEND: readonly Wording[] = CORRECTIVE_ACTION_CODES.map((code) => given(`${code} - ${CORRECTIVE_ACTION_LABELS[code]}`));

export const PAGE3_NOTE = rebuilt('Mark the box (x) when the item applies and explain in the remarks.');
