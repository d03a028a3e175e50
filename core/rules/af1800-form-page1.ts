import type { Af1800Page1, Af1800Signature } from '../schema/af1800.ts';
import type { FeedRow } from '../schema/feeds.ts';
import type { People } from './af1800-form-people.ts';
import { inspectionShift } from './af1800-form-shift.ts';
import { dayOf } from './org-clock.ts';
import type { Af1800Index, VehicleMonth } from './af1800-form-sources.ts';

type Organization = FeedRow<'organizations'>;

/**
 * The VCO named on the form: the organization's primary contact (part 2 §5 chooses it among the vco
 * users), else the first active vco user by last and first name, else nobody.
 */
export function vcoName(organization: Organization | null, people: People): string {
  const contactId = organization?.contactInfo[0]?.primaryContactUserId ?? null;
  if (people.has(contactId)) return people.fullName(contactId);
  const vcos = [...people.all()]
    .filter((u) => u.role === 'vco' && u.active)
    .sort((a, b) => cmp(a.lastName, b.lastName) || cmp(a.firstName, b.firstName) || cmp(a.userId, b.userId));
  return vcos[0] ? people.fullName(vcos[0].userId) : '';
}

const cmp = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

/**
 * One box per day (of the organization's zone) and shift that the vehicle was inspected in. The first inspection of a shift
 * signs its box, as on paper, where the box is initialled when the first check is done. Amendments (a
 * discrepancy reported against an earlier inspection) inspect nothing and sign nothing.
 */
export function signatures(records: VehicleMonth, index: Af1800Index): Af1800Signature[] {
  const shiftTimes = index.organization?.shiftTimes ?? [];
  const boxes = new Map<string, Af1800Signature>();
  for (const { row, at } of records.inspections) {
    if (row.parentInspectionId !== null) continue;
    const day = Number(dayOf(at, index.zone).slice(8, 10));
    const shift = inspectionShift(row, at, shiftTimes, index.zone);
    const key = `${day}/${shift}`;
    if (!boxes.has(key)) boxes.set(key, { day, shift, name: index.people.initials(row.inspectorId, row.inspector) });
  }
  return [...boxes.values()].sort((a, b) => a.day - b.day || a.shift - b.shift);
}

export function page1(index: Af1800Index, vehicle: FeedRow<'vehicles'>, records: VehicleMonth, now: Date): Af1800Page1 {
  const org = index.organization;
  const contact = org?.contactInfo[0];
  return {
    date: now.toISOString(),
    vehicleType: vehicle.vehicleType,
    regNumber: vehicle.regNumber,
    organization: org?.name ?? '',
    location: org?.location ?? '',
    basePhoneNo: contact?.basePhoneNumber ?? '',
    vcoName: vcoName(org, index.people),
    vcoPhoneNo: contact?.primaryContactPhoneNumber ?? '',
    signatures: signatures(records, index),
  };
}
