import {
  af1800MonthOf,
  af1800MonthRange,
  assembleAf1800Form,
  assembleAf1800Report,
  currentAf1800Month,
  formatAf1800Month,
  type Af1800Sources,
} from '../../../core/rules/af1800-form.ts';
import { af1800FormSchema, af1800ReportSchema, type Af1800Form, type Af1800Month } from '../../../core/schema/af1800.ts';
import { inspectionDetailMirrorStart } from '../../../core/schema/inspection.ts';
import { getMeta } from '../../db/meta.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { orgTimeZoneOf } from '../../data/organization/time-zone.ts';

/** The vehicle's current form, or its form of a given month. */
export type FormMonth = 'current' | Af1800Month;

/** What an AF1800 link opens: one vehicle's form. */
export interface VehicleAf1800Target {
  vehicleId: string;
  regNumber: string;
  month: FormMonth;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Whether the mirror holds the month's records: the device keeps inspection details from the first
 * day of the previous month on (docs/architecture.md "Data and sync"), so the current and the previous
 * month are made on the device, offline too; older months come from the server.
 */
export function mirrorHoldsMonth(month: Af1800Month, now: Date, zone: string): boolean {
  return af1800MonthRange(month, zone).start >= inspectionDetailMirrorStart(now).getTime();
}

/**
 * Whether the form is made here: the mirror holds the month, its first sync has brought every record
 * (Fleet Details shows the server's rows before that, with their form links), and the answers that
 * sync left for later (src/sync/fill-answers.ts) are all in; until then, the server makes it.
 */
async function madeHere(db: MirrorDb, month: Af1800Month, now: Date, zone: string): Promise<boolean> {
  if (!mirrorHoldsMonth(month, now, zone)) return false;
  const [bootstrapped, answersPending] = await Promise.all([getMeta(db, 'bootstrapped'), getMeta(db, 'answersPending')]);
  return bootstrapped === true && answersPending === undefined;
}

export function monthOf(which: FormMonth, now: Date, zone: string): Af1800Month {
  return which === 'current' ? currentAf1800Month(now, zone) : which;
}

/**
 * The form an inspection is recorded on: its month's (in the organization's zone), or the current
 * form when that month is the current one (the Inspections tab's monthly AF-1800 link).
 */
export function inspectionFormMonth(inspectionDate: string, now: Date, zone: string): FormMonth {
  const month = af1800MonthOf(new Date(inspectionDate), zone);
  const current = currentAf1800Month(now, zone);
  return month.year === current.year && month.month === current.month ? 'current' : month;
}

async function mirrorSources(db: MirrorDb): Promise<Af1800Sources> {
  const [organizations, users, workflowRules, inspections, discrepancies] = await Promise.all([
    db.feed('organizations').toArray(),
    db.feed('users').toArray(),
    db.feed('workflowRules').toArray(),
    db.feed('inspections').toArray(),
    db.feed('discrepancies').toArray(),
  ]);
  return { organization: organizations[0] ?? null, users, workflowRules, inspections, discrepancies };
}

type Read = SyncEngine['read'];

/** One vehicle's form: from the mirror when it holds the month, else from the server. */
export async function loadVehicleForm(db: MirrorDb, read: Read, vehicleId: string, which: FormMonth, now: Date): Promise<Af1800Form> {
  const zone = await orgTimeZoneOf(db);
  const month = monthOf(which, now, zone);
  if (await madeHere(db, month, now, zone)) {
    const vehicle = await db.feed('vehicles').get(vehicleId);
    if (!vehicle) throw new Error('This vehicle is not on this device.');
    return assembleAf1800Form(await mirrorSources(db), vehicle, month, now);
  }
  return read(`/data/v1/vehicles/${encodeURIComponent(vehicleId)}/files/af1800/${month.year}/${pad2(month.month)}`, af1800FormSchema);
}

/** Every vehicle's form of the month that has data; [] when none has (the modal says so). */
export async function loadMonthlyReport(db: MirrorDb, read: Read, orgId: string, month: Af1800Month, now: Date): Promise<Af1800Form[]> {
  if (await madeHere(db, month, now, await orgTimeZoneOf(db))) {
    const [sources, vehicles] = await Promise.all([mirrorSources(db), db.feed('vehicles').toArray()]);
    return assembleAf1800Report({ ...sources, vehicles }, month, now).forms;
  }
  const report = await read(`/data/v1/organizations/${encodeURIComponent(orgId)}/reports/af1800/${month.year}/${pad2(month.month)}`, af1800ReportSchema);
  return report.forms;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026': the {month year} of the combined report's title. */
export function monthYear(month: Af1800Month): string {
  return `${MONTH_NAMES[month.month - 1]} ${month.year}`;
}

/** Modal titles (part 2 §2.8). */
export function vehicleFormTitle(regNumber: string, which: FormMonth): string {
  return which === 'current' ? `Current AF1800 for ${regNumber}` : `${formatAf1800Month(which)} AF1800 for ${regNumber}`;
}

export const reportTitle = (month: Af1800Month) => `Combined AF1800 reports for ${monthYear(month)}`;

/** Downloads are named after the report with .pdf (part 1 §9); '/' cannot be in a file name. */
export function pdfFileName(title: string): string {
  return `${title.replace(/[\\/:*?"<>|]+/g, '-')}.pdf`;
}
