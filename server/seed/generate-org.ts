import { SHIFT_DAYS, type ShiftDay } from '../../core/schema/organization.ts';
import { DEMO_USERS, demoEmail } from './demo-users.ts';
import { DEFAULT_TIME_ZONE, standardOffsetMinutes } from '../../core/rules/org-clock.ts';
import { localToUtcShiftTime } from '../../core/rules/shift-time.ts';
import { AREA_CODES, DEMO_BASES, LOCATIONS, SECTION_NAMES, VEHICLE_TYPES, type VehicleTypeSpec } from './catalog.ts';
import { dayStart, person, type OrgContext, type SeedPerson } from './context.ts';
import type { Rng } from './random.ts';
import type { SeedOptions, SeedTables } from './types.ts';

export function orgName(number: number): string {
  return `Wing ${number} Vehicle Operations`;
}

export function orgSlug(number: number): string {
  return `wing-${number}`;
}

/** The start hour of each shift on the organization's clock: shift 1 days, shift 2 swings, shift 3 mids. */
const SHIFT_START_HOURS: Record<1 | 2 | 3, number> = { 1: 6, 2: 14, 3: 22 };
const SHIFTS = [1, 2, 3] as const;

/** The zone's standard offset in minutes at the seed's today (how shift times are stored: core/rules/shift-time.ts). */
const standardOffset = (ctx: OrgContext) => standardOffsetMinutes(ctx.timeZone, ctx.today);

/** The same shifts every day of the week, stored as the organization's zone gives them (HHmm + z). */
function shiftTimes(ctx: OrgContext): ShiftDay[] {
  const stored = (hour: number) => localToUtcShiftTime(`${String(hour).padStart(2, '0')}:00`, standardOffset(ctx))!;
  return SHIFT_DAYS.map((day) => ({
    day,
    shifts: SHIFTS.map((shift) => ({ shift, start: stored(SHIFT_START_HOURS[shift]), end: stored(SHIFT_START_HOURS[shift === 3 ? 1 : ((shift + 1) as 2 | 3)]) })),
  }));
}

/**
 * The hours after a seed day's start (a UTC midnight) that a shift starts on the organization's
 * clock, earlier than 24: a shift that starts after the UTC day (a mid shift west of UTC) is the
 * previous night's, so that no inspection of the history lies after the seed's today.
 */
export function shiftStartHours(ctx: OrgContext, shift: 1 | 2 | 3): number {
  const hours = SHIFT_START_HOURS[shift] - standardOffset(ctx) / 60;
  return hours >= 24 ? hours - 24 : hours;
}

/** The organization's ids, people and sections; rows are added by seedOrganization. */
export function createOrgContext(
  root: Rng,
  number: number,
  days: number,
  today: Date,
  tables: SeedTables,
  answers = true,
  zone: SeedOptions['timeZone'] = DEFAULT_TIME_ZONE,
): OrgContext {
  const rng = root.fork(`org-${number}`);
  const ids = rng.fork('ids');
  const orgId = ids.id();
  const sectionCount = Math.min(SECTION_NAMES.length, rng.int(3, 4));
  const sections = SECTION_NAMES.slice(0, sectionCount).map((name) => ({ id: ids.id(), name }));
  const people: Record<string, SeedPerson> = {};
  for (const spec of DEMO_USERS) people[spec.local] = { id: ids.id(), name: `${spec.firstName} ${spec.lastName}` };
  const base = zone === 'bases' ? DEMO_BASES[(number - 1) % DEMO_BASES.length]! : null;
  const timeZone = base?.timeZone ?? (zone === 'bases' ? DEFAULT_TIME_ZONE : zone);
  return {
    rng,
    number,
    orgId,
    slug: orgSlug(number),
    name: orgName(number),
    days,
    today,
    people,
    sections,
    tables,
    answers,
    timeZone,
    location: base?.location ?? null,
  };
}

const phone = (rng: Rng, area: string) => `(${area}) 555-01${rng.digits(2)}`;

/** The organization row, its sections and its demo users. */
export function seedOrganization(ctx: OrgContext): void {
  const rng = ctx.rng.fork('organization');
  const { orgId, tables } = ctx;
  const founded = dayStart(ctx, -rng.int(400, 900));
  const area = rng.pick(AREA_CODES);
  const admin = person(ctx, 'admin');
  tables.organizations.push({
    id: orgId,
    orgId,
    name: ctx.name,
    location: ctx.location ?? LOCATIONS[(ctx.number - 1) % LOCATIONS.length]!,
    eolLeadTime: rng.pick([60, 90, 120]),
    mxLeadTime: rng.pick([7, 10, 14]),
    tdyLeadTime: rng.pick([7, 14]),
    washLeadTime: rng.pick([5, 7]),
    ltiLeadTime: rng.pick([14, 21, 30]),
    pmiLeadTime: rng.pick([14, 21, 30]),
    primaryContactUserId: admin.id,
    primaryContactPhoneNumber: phone(rng, area),
    basePhoneNumber: phone(rng, area),
    timeZone: ctx.timeZone,
    shiftTimes: shiftTimes(ctx),
    createdAt: founded,
    updatedAt: dayStart(ctx, -rng.int(10, 60)),
  });
  for (const section of ctx.sections) {
    tables.sections.push({ id: section.id, orgId, name: section.name, createdAt: founded, updatedAt: founded });
  }
  const firstSection = ctx.sections[0]!.id;
  for (const spec of DEMO_USERS) {
    const created = dayStart(ctx, -rng.int(100, 399));
    tables.users.push({
      id: person(ctx, spec.local).id,
      orgId,
      email: demoEmail(spec.local, ctx.slug),
      firstName: spec.firstName,
      lastName: spec.lastName,
      role: spec.role,
      isAdmin: spec.isAdmin,
      active: true,
      sectionId: spec.hasSection ? firstSection : null,
      createdAt: created,
      updatedAt: created,
    });
  }
}

/** Six always, plus the bus and the tow tractor for some organizations: 6 to 8 types. */
export function chooseVehicleTypes(ctx: OrgContext): VehicleTypeSpec[] {
  const rng = ctx.rng.fork('vehicle-types');
  const optional = new Set(['Bus 44 PAX', 'Tow Tractor']);
  const extra = rng.shuffle([...optional]).slice(0, rng.int(0, 2));
  return VEHICLE_TYPES.filter((t) => !optional.has(t.name) || extra.includes(t.name));
}

export function seedVehicleTypes(ctx: OrgContext, types: readonly VehicleTypeSpec[]): void {
  const rng = ctx.rng.fork('vehicle-type-rows');
  for (const type of types) {
    const created = dayStart(ctx, -rng.int(300, 399));
    ctx.tables.vehicleTypes.push({ id: rng.id(), orgId: ctx.orgId, name: type.name, createdAt: created, updatedAt: created });
  }
}

/**
 * Minimum equipment levels per section and vehicle type, from the vehicles in commission there:
 * mostly met, sometimes exactly at strength, so that losing one vehicle shows a shortfall.
 */
export function seedMels(ctx: OrgContext, vehicles: readonly { sectionId: string; vehicleType: string; inCommission: boolean }[]): void {
  const rng = ctx.rng.fork('mels');
  const counts = new Map<string, number>();
  for (const v of vehicles) {
    if (!v.inCommission) continue;
    const key = `${v.sectionId}\u0000${v.vehicleType}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const section of ctx.sections) {
    for (const type of VEHICLE_TYPES) {
      const count = counts.get(`${section.id}\u0000${type.name}`);
      if (!count) continue;
      const mel = rng.chance(0.25) ? count : Math.max(1, Math.round(count * rng.float(0.4, 0.8)));
      const created = dayStart(ctx, -rng.int(30, 299));
      ctx.tables.sectionMels.push({ id: rng.id(), orgId: ctx.orgId, sectionId: section.id, vehicleType: type.name, mel, createdAt: created, updatedAt: created });
    }
  }
}
