import { AF1800_DAYS, AF1800_PAGE3_ITEMS, AF1800_SHIFTS, type Af1800Form, type Af1800MaintenanceRow } from '../schema/af1800.ts';
import { CORRECTIVE_ACTION_CODES } from '../schema/discrepancy.ts';

/**
 * Deterministic AF1800 form data for the tests and the benchmark: a full month, every day and shift
 * signed, every header and page 3 field filled. Not product data; nothing in the app imports it.
 */
export interface SampleOptions {
  index?: number;
  rows?: number;
  year?: number;
  month?: number;
  /** Makes every text long enough to shrink, and some to be cut at the floor. */
  long?: boolean;
}

const iso = (year: number, month: number, day: number, hour = 9, minute = 30) => new Date(Date.UTC(year, month - 1, day, hour, minute)).toISOString();

const INITIALS = ['JD', 'AK', 'MR', 'TS', 'PL', 'BW'];
const FAULTS = ['Left headlight out', 'Coolant leak at lower hose', 'Horn inoperative', 'Wiper blade torn', 'Tire tread worn, rear right'];

export function sampleRow(i: number, year: number, month: number, long = false): Af1800MaintenanceRow {
  const day = (i % 28) + 1;
  const fault = FAULTS[i % FAULTS.length]!;
  return {
    operatorsReport: {
      itemNo: (i % 35) + 1,
      discrepancy: long ? `${fault}; ${'found during the morning inspection and reported to the shop foreman '.repeat(3)}${i}` : `${fault} (${i + 1})`,
      date: iso(year, month, day),
    },
    reportedToMx: {
      date: iso(year, month, day, 11),
      milesHours: long ? `${123456 + i} mi / ${4321 + i} h` : `${10234 + i * 17}`,
      name: long ? 'Staff Sergeant Alexandra Montgomery-Whitfield' : `Sgt Lee ${i}`,
    },
    mxReportStatus: {
      workOrder: long ? `WO-2026-${String(i).padStart(9, '0')}` : `WO${4400 + i}`,
      date: iso(year, month, Math.min(28, day + 2), 15),
      statusCode: CORRECTIVE_ACTION_CODES[i % CORRECTIVE_ACTION_CODES.length]!,
      employeeNumber: long ? `EMP-${900000 + i}-MAINT` : `E${1000 + i}`,
    },
  };
}

export function sampleForm(options: SampleOptions = {}): Af1800Form {
  const { index = 0, rows = 19, year = 2026, month = 10, long = false } = options;
  const signatures = [];
  for (let day = 1; day <= AF1800_DAYS; day++) {
    for (let shift = 1; shift <= AF1800_SHIFTS; shift++) {
      const initials = INITIALS[(day + shift + index) % INITIALS.length]!;
      signatures.push({ day, shift, name: long ? `${initials} Inspector-with-a-long-name ${day}/${shift}` : initials });
    }
  }
  const reg = `${String(index).padStart(2, '0')}L${String(1000 + index)}`;
  const text = (short: string, extra: string) => (long ? `${short} ${extra.repeat(4)}` : short);
  return {
    vehicleId: `vehicle-${String(index).padStart(15, '0')}`,
    timeZone: 'UTC',
    year,
    month,
    page1: {
      date: iso(year, month, 28, 14, 5),
      vehicleType: text('Truck, Cargo 4x4', 'Medium Tactical Vehicle '),
      regNumber: long ? `${reg}-EXTENDED-REG` : reg,
      organization: text('99th Logistics Readiness Squadron', 'Vehicle Management Flight '),
      location: text('Nellis AFB, NV', 'Building 1234, Motor Pool Annex '),
      basePhoneNo: long ? '+1 (702) 652-1234 ext. 5678 / DSN 682-1234' : '702-652-1234',
      vcoName: text('MSgt Dana Ortiz', 'Vehicle Control Officer '),
      vcoPhoneNo: long ? '+1 (702) 652-9876 ext. 4321 / DSN 682-9876' : '702-652-9876',
      signatures,
    },
    page2: {
      rows: Array.from({ length: rows }, (_, i) => sampleRow(i + index, year, month, long)),
      monthlyRequirement: {
        milesHours: { date: iso(year, month, 27), miles: 48213 + index, hours: 1290 + index, operator: text('A1C Kim', 'Operator ') },
        tirePressure: { frontPsi: 35, rearPsi: 40.5, operator: text('A1C Kim', 'Operator '), date: iso(year, month, 27) },
      },
    },
    page3: {
      items: AF1800_PAGE3_ITEMS.map((itemNo, i) => ({
        itemNo,
        isChecked: i % 2 === 0,
        text: text(`Checked, item ${itemNo} serviceable`, 'with remarks written by the operator at length '),
      })),
    },
  };
}
