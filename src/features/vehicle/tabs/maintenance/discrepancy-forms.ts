import { orgTodayStart } from '../../../../shared/org-picker-dates.ts';
import { CLOSING_CODES, type ReportableRule } from '../../../../../core/rules/discrepancy.ts';
import {
  CORRECTIVE_ACTION_CODES,
  CORRECTIVE_ACTION_LABELS,
  DISCREPANCY_TEXT_MAX,
  SYSTEM_CODE_MAX,
  WORK_ORDER_MAX,
  type CorrectiveActionCode,
  type Discrepancy,
} from '../../../../../core/schema/discrepancy.ts';
import type { FieldErrors, RecordField } from '../../../../components/record-tab/fields.ts';

export interface ReportForm {
  itemNo: string | null;
  discrepancy: string;
  dateDiscovered: string | null;
  reportMilesOn: boolean;
  reportMiles: number | null;
  reportHoursOn: boolean;
  reportHours: number | null;
  uploadImage: boolean;
  image: File[];
  /** Amend a previous AF1800 (part 1 §5): the inspection the discrepancy is added to, instead of a new report. */
  amend: boolean;
  amendInspectionId: string | null;
}

export const REPORT_MESSAGES = {
  image: 'An image is required when Upload image is ticked',
  rule: 'Rule is required',
  discrepancy: 'Discrepancy is required',
  dateDiscovered: 'Date discovered is required',
  miles: 'Report miles is required',
  hours: 'Report hours is required',
  milesMin: 'Report miles must be at least 1',
  hoursMin: 'Report hours must be at least 1',
  numFixed: 'Enter a whole number',
  amend: 'Choose the AF1800 to amend',
} as const;

export const newReport = (now: Date, zone: string): ReportForm => ({
  itemNo: null,
  discrepancy: '',
  dateDiscovered: orgTodayStart(now, zone),
  reportMilesOn: false,
  reportMiles: null,
  reportHoursOn: false,
  reportHours: null,
  uploadImage: false,
  image: [],
  amend: false,
  amendInspectionId: null,
});

/** An amendment needs a (boolean) rule and miles or hours reported, part 1 §5. */
const canAmend = (form: ReportForm) => form.itemNo !== null && (form.reportMilesOn || form.reportHoursOn);

/** The report amends a previous AF1800: ticked, and still allowed by the rule and the readings. */
export const amends = (form: ReportForm) => form.amend && canAmend(form);

/** 'Amend Previous AF1800' unticks itself when what allows it goes (no rule, no reading reported). */
export function reportOnChange(form: ReportForm): ReportForm {
  return form.amend && !canAmend(form) ? { ...form, amend: false } : form;
}

/**
 * Part 1 §5: rule, text and date required; miles or hours, when their reporting is ticked, a whole
 * number of at least 1; the option is enabled once a (boolean) rule is chosen.
 */
export function reportFields(
  rules: readonly ReportableRule[],
  readings: { miles: boolean; hours: boolean },
  previous: readonly { value: string; label: string }[] = [],
): RecordField<ReportForm>[] {
  const noRule = (form: ReportForm) => form.itemNo === null;
  return [
    {
      name: 'itemNo',
      label: 'Rule',
      kind: 'select',
      required: true,
      options: rules.map((r) => ({ value: String(r.itemNo), label: `AF1800-${r.itemNo} ${r.title}` })),
    },
    { name: 'discrepancy', label: 'Discrepancy', kind: 'textarea', required: true, maxLength: DISCREPANCY_TEXT_MAX },
    { name: 'dateDiscovered', label: 'Date Discovered', kind: 'date', required: true, notAfterToday: true, hidden: amends },
    ...(readings.miles
      ? ([
          { name: 'reportMilesOn', label: 'Report Miles', kind: 'checkbox', disabled: noRule },
          { name: 'reportMiles', label: 'Report Miles (Required)', kind: 'number', disabled: (f) => noRule(f) || !f.reportMilesOn },
        ] satisfies RecordField<ReportForm>[])
      : []),
    ...(readings.hours
      ? ([
          { name: 'reportHoursOn', label: 'Report Hours', kind: 'checkbox', disabled: noRule },
          { name: 'reportHours', label: 'Report Hours (Required)', kind: 'number', disabled: (f) => noRule(f) || !f.reportHoursOn },
        ] satisfies RecordField<ReportForm>[])
      : []),
    ...(previous.length > 0
      ? ([
          { name: 'amend', label: 'Amend Previous AF1800', kind: 'checkbox', disabled: (f) => !canAmend(f) },
          { name: 'amendInspectionId', label: 'AF1800 to Amend', kind: 'select', required: true, options: previous, hidden: (f) => !amends(f) },
        ] satisfies RecordField<ReportForm>[])
      : []),
    { name: 'uploadImage', label: 'Upload image', kind: 'checkbox' },
    { name: 'image', label: 'Image', kind: 'files', required: true, files: { use: 'picture', camera: true }, hidden: (f) => !f.uploadImage },
  ];
}

function reading(on: boolean, value: number | null, required: string, min: string): string | undefined {
  if (!on) return undefined;
  if (value === null) return required;
  return value < 1 ? min : undefined;
}

export function validateReport(form: ReportForm): FieldErrors<ReportForm> {
  const m = REPORT_MESSAGES;
  return {
    itemNo: form.itemNo ? undefined : m.rule,
    discrepancy: form.discrepancy.trim() ? undefined : m.discrepancy,
    dateDiscovered: form.dateDiscovered || amends(form) ? undefined : m.dateDiscovered,
    amendInspectionId: amends(form) && !form.amendInspectionId ? m.amend : undefined,
    reportMiles: reading(form.reportMilesOn, form.reportMiles, m.miles, m.milesMin),
    reportHours: reading(form.reportHoursOn, form.reportHours, m.hours, m.hoursMin),
    image: form.uploadImage && form.image.length === 0 ? m.image : undefined,
  };
}

export interface EditForm {
  reportDate: string | null;
  reportMiles: number | null;
  reportHours: number | null;
  reporterUserId: string | null;
  workOrder: string;
  af1800StatusCode: CorrectiveActionCode | null;
  mxUserId: string | null;
  systemCode: string;
  numFixed: number | null;
  disregard: boolean;
  workDate: string | null;
}

export const editFormOf = (d: Discrepancy): EditForm => ({
  reportDate: d.reportDate,
  reportMiles: d.reportMiles,
  reportHours: d.reportHours,
  reporterUserId: d.reporterUserId,
  workOrder: d.workOrder ?? '',
  af1800StatusCode: d.af1800StatusCode,
  mxUserId: d.mxUserId,
  systemCode: d.systemCode ?? '',
  numFixed: d.numFixed,
  disregard: d.disregard,
  workDate: d.workDate,
});

/** Part 1 §5 "Edit required Mx": the fields in pairs (who reported it, its reading, the work, its codes). */
export function editFields(people: readonly { value: string; label: string }[]): RecordField<EditForm>[] {
  return [
    { name: 'reportDate', label: 'Report Date', kind: 'date', notAfterToday: true },
    { name: 'reporterUserId', label: 'Reporter', kind: 'select', options: people },
    { name: 'reportMiles', label: 'Report Miles', kind: 'number' },
    { name: 'reportHours', label: 'Report Hours', kind: 'number' },
    { name: 'workOrder', label: 'Work Order', kind: 'text', maxLength: WORK_ORDER_MAX },
    {
      name: 'af1800StatusCode',
      label: 'Status Code',
      kind: 'select',
      options: CORRECTIVE_ACTION_CODES.map((code) => ({ value: code, label: `${code} – ${CORRECTIVE_ACTION_LABELS[code]}` })),
    },
    { name: 'mxUserId', label: 'Mx Employee', kind: 'select', options: people },
    { name: 'workDate', label: 'Work Date', kind: 'date', notAfterToday: true },
    { name: 'systemCode', label: 'System Code', kind: 'text', maxLength: SYSTEM_CODE_MAX },
    { name: 'numFixed', label: 'Number Fixed', kind: 'number', required: true },
    { name: 'disregard', label: 'Disregard', kind: 'checkbox' },
  ];
}

export function validateEdit(form: EditForm): FieldErrors<EditForm> {
  const m = REPORT_MESSAGES;
  return {
    reportMiles: form.reportMiles !== null && form.reportMiles < 1 ? m.milesMin : undefined,
    reportHours: form.reportHours !== null && form.reportHours < 1 ? m.hoursMin : undefined,
    numFixed: form.numFixed === null ? m.numFixed : undefined,
  };
}

/** A closing status code with no work date fills in today: the day the work was done (docs/vehicle-tabs.md). */
export function editOnChange(form: EditForm, changed: keyof EditForm, zone: string): EditForm {
  if (changed !== 'af1800StatusCode' || form.workDate !== null || form.af1800StatusCode === null) return form;
  return CLOSING_CODES.includes(form.af1800StatusCode) ? { ...form, workDate: orgTodayStart(new Date(), zone) } : form;
}
