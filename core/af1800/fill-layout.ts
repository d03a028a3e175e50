import { AF1800_ROWS_PER_PAGE, type Af1800Form, type Af1800MaintenanceRow } from '../schema/af1800.ts';
import { findAf1800Field, checkFieldId, itemTextFieldId, rowFieldId, signatureFieldId, type Af1800PageNo, type MaintenanceColumnKey } from './geometry.ts';
import { formatDate, formatDateTime, formatMonth, formatNumber } from './format.ts';
import { placeText, type FontMetrics, type PlacedText } from './text-fit.ts';
import { cleanText } from './win-ansi.ts';

/** One printed page: which blank page it is drawn on and the values placed on it. */
export interface PlacedPage {
  template: Af1800PageNo;
  texts: PlacedText[];
}

/** The printed form of a checked box. */
export const CHECK_MARK = 'x';

/** A value to print: text, which wraps, or lines that print as given (the readings of one cell). */
export type Af1800Value = string | readonly string[];
export type Af1800Values = [fieldId: string, value: Af1800Value][];
type Values = Af1800Values;

/**
 * The readings of a 'MILES/HOURS' cell, one per line: '67,846 mi / 2,906 hrs' is two readings, and the
 * pair on one line would not fit the 44 pt column at a legible size.
 */
export const READING_SEPARATOR = ' / ';
const readings = (text: string): readonly string[] => text.split(READING_SEPARATOR);

function page1Values(form: Af1800Form): Values {
  const p = form.page1;
  const values: Values = [
    ['p1.regNumber', p.regNumber],
    ['p1.vehicleType', p.vehicleType],
    ['p1.month', formatMonth(form.year, form.month)],
    ['p1.organization', p.organization],
    ['p1.location', p.location],
    ['p1.basePhoneNo', p.basePhoneNo],
    ['p1.vcoName', p.vcoName],
    ['p1.vcoPhoneNo', p.vcoPhoneNo],
    ['p1.date', formatDateTime(p.date, form.timeZone)],
  ];
  // Two signatures for one cell are both printed (the fit rule shrinks them), in the order given.
  const cells = new Map<string, string[]>();
  for (const s of p.signatures) {
    const id = signatureFieldId(s.day, s.shift);
    const name = cleanText(s.name);
    const names = cells.get(id) ?? [];
    if (name && !names.includes(name)) names.push(name);
    cells.set(id, names);
  }
  for (const [id, names] of cells) values.push([id, names.join(', ')]);
  return values;
}

function rowValues(row: Af1800MaintenanceRow, zone: string): Record<MaintenanceColumnKey, Af1800Value> {
  return {
    itemNo: formatNumber(row.operatorsReport.itemNo),
    discrepancy: row.operatorsReport.discrepancy,
    operatorDate: formatDate(row.operatorsReport.date, zone),
    mxDate: formatDate(row.reportedToMx.date, zone),
    milesHours: readings(row.reportedToMx.milesHours),
    name: row.reportedToMx.name,
    workOrder: row.mxReportStatus.workOrder,
    statusDate: formatDate(row.mxReportStatus.date, zone),
    statusCode: row.mxReportStatus.statusCode,
    employeeNumber: row.mxReportStatus.employeeNumber,
  };
}

function page2Values(form: Af1800Form, rows: readonly Af1800MaintenanceRow[], sheet: number, sheets: number): Values {
  const values: Values = [
    ['p2.regNumber', form.page1.regNumber],
    ['p2.month', formatMonth(form.year, form.month)],
    ['p2.sheet', `${sheet} of ${sheets}`],
  ];
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(rowValues(row, form.timeZone))) values.push([rowFieldId(i + 1, key as MaintenanceColumnKey), value]);
  });
  // The month's requirements are one entry each: printed on the first sheet only.
  const { milesHours, tirePressure } = form.page2.monthlyRequirement;
  if (sheet === 1 && milesHours) {
    values.push(
      ['p2.milesHours.date', formatDate(milesHours.date, form.timeZone)],
      ['p2.milesHours.miles', formatNumber(milesHours.miles)],
      ['p2.milesHours.hours', formatNumber(milesHours.hours)],
      ['p2.milesHours.operator', milesHours.operator],
    );
  }
  if (sheet === 1 && tirePressure) {
    values.push(
      ['p2.tirePressure.frontPsi', formatNumber(tirePressure.frontPsi)],
      ['p2.tirePressure.rearPsi', formatNumber(tirePressure.rearPsi)],
      ['p2.tirePressure.operator', tirePressure.operator],
      ['p2.tirePressure.date', formatDate(tirePressure.date, form.timeZone)],
    );
  }
  return values;
}

function page3Values(form: Af1800Form): Values {
  const values: Values = [
    ['p3.regNumber', form.page1.regNumber],
    ['p3.vehicleType', form.page1.vehicleType],
    ['p3.month', formatMonth(form.year, form.month)],
  ];
  for (const item of form.page3.items) {
    if (item.isChecked) values.push([checkFieldId(item.itemNo), CHECK_MARK]);
    values.push([itemTextFieldId(item.itemNo), item.text]);
  }
  return values;
}

/** A value's text as it prints: cleaned, in its parts, without empty parts; [] when there is nothing. */
export function printedParts(value: Af1800Value): string[] {
  return (typeof value === 'string' ? [value] : value).map(cleanText).filter((part) => part !== '');
}

function place(template: Af1800PageNo, values: Values, metrics: FontMetrics): PlacedPage {
  const texts: PlacedText[] = [];
  for (const [id, value] of values) {
    const f = findAf1800Field(id);
    const parts = f ? printedParts(value) : [];
    if (f && parts.length > 0) texts.push(...placeText(f, typeof value === 'string' ? parts[0]! : parts, metrics));
  }
  return { template, texts };
}

/**
 * The values of one vehicle's form, page by page: 1, then as many page 2 sheets as its maintenance rows
 * need (at least one, 19 rows each), then 3. What the layout prints, before fitting.
 */
export function af1800PageValues(form: Af1800Form): { template: Af1800PageNo; values: Af1800Values }[] {
  const rows = form.page2.rows;
  const sheets = Math.max(1, Math.ceil(rows.length / AF1800_ROWS_PER_PAGE));
  const pages: { template: Af1800PageNo; values: Af1800Values }[] = [{ template: 1, values: page1Values(form) }];
  for (let sheet = 1; sheet <= sheets; sheet++) {
    const chunk = rows.slice((sheet - 1) * AF1800_ROWS_PER_PAGE, sheet * AF1800_ROWS_PER_PAGE);
    pages.push({ template: 2, values: page2Values(form, chunk, sheet, sheets) });
  }
  pages.push({ template: 3, values: page3Values(form) });
  return pages;
}

/** The pages of one vehicle's form, each value fitted and placed. Pure: the same form and metrics give the same pages. */
export function layoutAf1800Form(form: Af1800Form, metrics: FontMetrics): PlacedPage[] {
  return af1800PageValues(form).map(({ template, values }) => place(template, values, metrics));
}
