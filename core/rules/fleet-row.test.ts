import { describe, expect, it } from 'vitest';
import type { FeedRow } from '../schema/feeds.ts';
import { fleetRowSchema } from '../schema/fleet.ts';
import { discrepancyRow, idSequence, inspectionRow, userRow, vehicleRow, workflowRow } from '../testing/feed-rows.ts';
import { deriveFleetRows, type FleetSources } from './fleet-row.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
/** The moment `days` days before NOW (fractions allowed). */
const ago = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const audit = { creatorId: null, creatorName: null, creationDate: ago(60), lastModifierId: null, lastModifierName: null, lastModificationDate: ago(60) };

const id = idSequence();

/** Valid for the last 200 days (`state` and `since` make status[0]), on workflow 101. */
function vehicle(over: Partial<FeedRow<'vehicles'>> & { state?: FeedRow<'vehicles'>['status'][number]['status']; since?: string } = {}): FeedRow<'vehicles'> {
  const { state = 'valid', since = ago(200), ...rest } = over;
  const eticDate = rest.eticDate ?? null;
  return vehicleRow({ workflowId: 101, status: [{ status: state, eticDate, validFrom: since, userId: null }], ...rest });
}

/** Yesterday, by u1 whose name is stored as 'Stored Name'. */
const inspection = (over: Partial<FeedRow<'inspections'>> = {}) =>
  inspectionRow({ inspectionId: id('i'), inspectionDate: ago(1), inspectorId: 'u1', inspector: 'Stored Name', ...over });

const discrepancy = (over: Partial<FeedRow<'discrepancies'>> = {}) => discrepancyRow({ mxId: id('d'), dateDiscovered: ago(5), ...over });

const visit = (over: { mxDate?: string; completed?: boolean; completionDate?: string | null; vehicleId?: string }) => ({
  vehicleId: 'v1',
  regNumber: '23L0451',
  mxDate: ago(-10),
  completed: false,
  completionDate: null,
  ...audit,
  ...over,
});
const scheduledMx = (over: Parameters<typeof visit>[0] & { mxType?: string } = {}): FeedRow<'scheduledMx'> => ({
  mxId: id('m'),
  mxType: 'Oil change',
  ...visit(over),
});
const lti = (over: Parameters<typeof visit>[0] = {}): FeedRow<'ltis'> => ({ ltiId: id('l'), passed: null, notes: null, ...visit(over) });
const pmi = (over: Parameters<typeof visit>[0] = {}): FeedRow<'pmis'> => ({ pmiId: id('p'), passed: null, notes: null, ...visit(over) });

const waiver = (status: FeedRow<'waivers'>['status'], vehicleId = 'v1'): FeedRow<'waivers'> => ({
  waiverId: id('w'),
  vehicleId,
  regNumber: '23L0451',
  ruleId: 'AF1800-20',
  waiverType: 'warning',
  explanation: 'Awaiting part',
  status,
  closingDate: status === 'open' ? null : ago(2),
  ...audit,
});

const tdy = (startDate: string, endDate: string | null, completed = false): FeedRow<'tdys'> => ({
  tdyId: id('t'),
  vehicleId: 'v1',
  regNumber: '23L0451',
  startDate,
  endDate,
  description: 'Exercise support',
  completed,
  ...audit,
});

const note = (creationDate: string, vehicleId = 'v1'): FeedRow<'notes'> => ({
  noteId: id('n'),
  vehicleId,
  regNumber: '23L0451',
  note: 'Parked at the north lot',
  userId: 'u2',
  userName: 'Dee Spatcher',
  creationDate,
  lastModificationDate: creationDate,
});

const user = (userId: string, firstName: string, lastName: string) => userRow({ userId, firstName, lastName });
const workflow = (workflowId: number, title: string) => workflowRow({ workflowId, title });

function sources(over: Partial<FleetSources> = {}): FleetSources {
  const none = { workflows: [], inspections: [], discrepancies: [], scheduledMx: [], ltis: [], pmis: [], waivers: [], tdys: [], notes: [], users: [] };
  return { vehicles: [vehicle()], ...none, ...over };
}

/** The row of the only vehicle. */
const rowOf = (over: Partial<FleetSources> = {}) => deriveFleetRows(sources(over), NOW)[0]!;

describe('deriveFleetRows: the vehicle', () => {
  it('copies registration, WRM, section and type from the vehicle', () => {
    const row = rowOf({ vehicles: [vehicle({ regNumber: 'B-2041', wrm: true, sectionId: 'sec9', vehicleType: 'Forklift' })] });
    expect([row.vehicleId, row.regNumber, row.wrm, row.sectionId, row.vehicleType]).toEqual(['v1', 'B-2041', true, 'sec9', 'Forklift']);
  });

  it('takes the status from status[0], valid when the vehicle has none', () => {
    expect(rowOf({ vehicles: [vehicle({ state: 'invalid' })] }).status).toBe('invalid');
    expect(rowOf({ vehicles: [vehicle({ status: [] })] }).status).toBe('valid');
  });

  it('names the workflow by its title, null without one or when it is unknown', () => {
    const workflows = [workflow(101, 'AF-1800 Full (Miles)'), workflow(7, 'Forklift daily')];
    expect(rowOf({ workflows }).workflowTitle).toBe('AF-1800 Full (Miles)');
    expect(rowOf({ workflows, vehicles: [vehicle({ workflowId: null })] }).workflowTitle).toBeNull();
    expect(rowOf({ workflows, vehicles: [vehicle({ workflowId: 999 })] }).workflowTitle).toBeNull();
  });

  it("keeps the vehicle's ETIC", () => {
    expect(rowOf({ vehicles: [vehicle({ state: 'invalid', eticDate: '2026-03-22T01:00:00.000Z' })] }).eticDate).toBe('2026-03-22T01:00:00.000Z');
    expect(rowOf().eticDate).toBeNull();
  });

  it('counts whole UTC days to the ETIC, negative once passed, null without one', () => {
    expect(rowOf({ vehicles: [vehicle({ state: 'invalid', eticDate: '2026-03-22T01:00:00.000Z' })] }).daysToEtic).toBe(7);
    expect(rowOf({ vehicles: [vehicle({ state: 'invalid', eticDate: '2026-03-15T23:59:00.000Z' })] }).daysToEtic).toBe(0);
    expect(rowOf({ vehicles: [vehicle({ state: 'invalid', eticDate: '2026-03-14T23:00:00.000Z' })] }).daysToEtic).toBe(-1);
    expect(rowOf().daysToEtic).toBeNull();
  });

  it('is in commission without a decommission date; a decommissioned vehicle keeps its row', () => {
    const rows = deriveFleetRows(sources({ vehicles: [vehicle(), vehicle({ vehicleId: 'v2', decommissionDate: ago(30) })] }), NOW);
    expect(rows.map((r) => [r.vehicleId, r.inCommission])).toEqual([
      ['v1', true],
      ['v2', false],
    ]);
  });

  it('counts the days in maintenance from the start of the current inMx status, null in any other status', () => {
    expect(rowOf({ vehicles: [vehicle({ state: 'inMx', since: '2026-03-12T23:30:00.000Z' })] }).daysInMx).toBe(3);
    expect(rowOf({ vehicles: [vehicle({ state: 'inMx', since: '2026-03-15T06:00:00.000Z' })] }).daysInMx).toBe(0);
    expect(rowOf({ vehicles: [vehicle({ state: 'invalid', since: ago(3) })] }).daysInMx).toBeNull();
  });
});

describe('deriveFleetRows: inspections', () => {
  it('dates the row by the latest inspection, whatever the input order, ignoring amendments', () => {
    const latest = inspection({ inspectionDate: ago(1) });
    const amendment = inspection({ inspectionDate: ago(0.1), parentInspectionId: latest.inspectionId });
    const row = rowOf({ inspections: [inspection({ inspectionDate: ago(3) }), amendment, latest, inspection({ inspectionDate: ago(2) })] });
    expect(row.inspectionDate).toBe(ago(1));
    expect(rowOf().inspectionDate).toBeNull();
  });

  it("names the latest inspection's inspector from the users, else by the name stored on the inspection", () => {
    const users = [user('u1', 'Ian', 'Spector'), user('u2', 'Dee', 'Spatcher')];
    expect(rowOf({ users, inspections: [inspection({ inspectionDate: ago(2), inspectorId: 'u2' }), inspection({ inspectionDate: ago(1) })] }).inspector).toBe(
      'Ian Spector',
    );
    expect(rowOf({ users, inspections: [inspection({ inspectorId: 'gone' })] }).inspector).toBe('Stored Name');
    expect(rowOf({ users }).inspector).toBeNull();
  });

  it('reads the fuel level of the newest inspection that reported one, else the vehicle', () => {
    const inspections = [
      inspection({ inspectionDate: ago(3), fuelLevel: 0.25 }),
      inspection({ inspectionDate: ago(2), fuelLevel: 0.75 }),
      inspection({ inspectionDate: ago(1) }),
    ];
    expect(rowOf({ inspections }).fuelLevel).toBe(0.75);
    expect(rowOf({ vehicles: [vehicle({ fuelLevel: 0.5 })] }).fuelLevel).toBe(0.5);
    expect(rowOf().fuelLevel).toBeNull();
  });

  it('adds up the fixes made on the spot in inspections of the last 30 days', () => {
    const inspections = [
      inspection({ inspectionDate: ago(1), numFixes: 2 }),
      inspection({ inspectionDate: ago(29), numFixes: 1 }),
      inspection({ inspectionDate: ago(31), numFixes: 5 }),
    ];
    expect(rowOf({ inspections }).recentFixes).toBe(3);
  });
});

describe('deriveFleetRows: maintenance', () => {
  it('shows the earliest scheduled maintenance not completed, overdue ones included', () => {
    const scheduled = [
      scheduledMx({ mxDate: ago(-20), mxType: 'Tire rotation' }),
      scheduledMx({ mxDate: ago(2), mxType: 'Oil change' }),
      scheduledMx({ mxDate: ago(5), completed: true, completionDate: ago(4), mxType: 'Brake check' }),
    ];
    expect(rowOf({ scheduledMx: scheduled })).toMatchObject({ nextMxDate: ago(2), nextMxType: 'Oil change' });
    expect(rowOf()).toMatchObject({ nextMxDate: null, nextMxType: null });
  });

  it('shows the earliest LTI not completed', () => {
    const ltis = [lti({ mxDate: ago(-90) }), lti({ mxDate: ago(-3) }), lti({ mxDate: ago(-1), completed: true, completionDate: ago(0) })];
    expect(rowOf({ ltis }).nextLtiDate).toBe(ago(-3));
    expect(rowOf().nextLtiDate).toBeNull();
  });

  it('shows the earliest PMI not completed', () => {
    const pmis = [pmi({ mxDate: ago(-40) }), pmi({ mxDate: ago(-180) }), pmi({ mxDate: ago(-2), completed: true, completionDate: ago(0) })];
    expect(rowOf({ pmis }).nextPmiDate).toBe(ago(-40));
    expect(rowOf().nextPmiDate).toBeNull();
  });

  it('counts repairs completed in the last 30 days, not fixes on the spot, disregarded reports or code N', () => {
    const discrepancies = [
      discrepancy({ dateDiscovered: ago(10), actualCompletionDate: ago(8), af1800StatusCode: 'C-P' }),
      discrepancy({ dateDiscovered: ago(40), actualCompletionDate: ago(29), af1800StatusCode: 'C' }),
      discrepancy({ dateDiscovered: ago(3), actualCompletionDate: ago(3), af1800StatusCode: 'C-T' }),
      discrepancy({ dateDiscovered: ago(10), actualCompletionDate: ago(9), disregard: true }),
      discrepancy({ dateDiscovered: ago(10), actualCompletionDate: ago(9), af1800StatusCode: 'N' }),
      discrepancy({ dateDiscovered: ago(60), actualCompletionDate: ago(31) }),
      discrepancy({ dateDiscovered: ago(2) }),
    ];
    expect(rowOf({ discrepancies }).recentlyRepaired).toBe(2);
  });

  it('counts visits to maintenance as distinct days of the last year with completed work, plus one while in the shop', () => {
    const mx = { scheduledMx: [scheduledMx({ completed: true, completionDate: '2026-03-01T10:00:00.000Z' }), scheduledMx({ mxDate: ago(-5) })] };
    const row = rowOf({
      ...mx,
      ltis: [lti({ completed: true, completionDate: '2026-03-01T15:00:00.000Z' }), lti({ completed: true, completionDate: ago(400) })],
      pmis: [pmi({ completed: true, completionDate: '2025-12-01T10:00:00.000Z' })],
      discrepancies: [
        discrepancy({ dateDiscovered: ago(20), actualCompletionDate: ago(12), af1800StatusCode: 'N' }),
        discrepancy({ dateDiscovered: ago(3), actualCompletionDate: ago(3) }),
      ],
    });
    expect(row.visitsToMx).toBe(3);
    expect(rowOf({ ...mx, vehicles: [vehicle({ state: 'inMx', since: ago(1) })] }).visitsToMx).toBe(2);
  });

  it("counts visits by the organization's days", () => {
    // 1 March 10:00 and 15:00 UTC are one day in UTC; in Tokyo 15:00 UTC is already 2 March.
    const ltis = [lti({ completed: true, completionDate: '2026-03-01T10:00:00.000Z' }), lti({ completed: true, completionDate: '2026-03-01T15:00:00.000Z' })];
    const visits = (zone: string) => deriveFleetRows(sources({ ltis }), NOW, zone)[0]!.visitsToMx;
    expect(visits('UTC')).toBe(1);
    expect(visits('Asia/Tokyo')).toBe(2);
    expect(visits('America/Anchorage')).toBe(1);
  });

  it('dates the completion by the latest completed maintenance visit or repair, ever', () => {
    const completed = { scheduledMx: [scheduledMx({ completed: true, completionDate: ago(500) }), scheduledMx({ mxDate: ago(1) })] };
    expect(rowOf(completed).completionDate).toBe(ago(500));
    expect(rowOf({ ...completed, pmis: [pmi({ completed: true, completionDate: ago(40) })] }).completionDate).toBe(ago(40));
    expect(rowOf({ ...completed, discrepancies: [discrepancy({ dateDiscovered: ago(9), actualCompletionDate: ago(6) })] }).completionDate).toBe(ago(6));
    expect(rowOf({ discrepancies: [discrepancy({ dateDiscovered: ago(3), actualCompletionDate: ago(3) })] }).completionDate).toBeNull();
  });

  it('shows the text of the newest discrepancy that was not disregarded', () => {
    const discrepancies = [
      discrepancy({ dateDiscovered: ago(4), discrepancy: 'Horn inoperative' }),
      discrepancy({ dateDiscovered: ago(2), discrepancy: 'Cracked windshield' }),
      discrepancy({ dateDiscovered: ago(1), discrepancy: 'Seat torn', disregard: true }),
    ];
    expect(rowOf({ discrepancies }).mostRecentAnnotation).toBe('Cracked windshield');
    expect(rowOf().mostRecentAnnotation).toBeNull();
  });

  it('shows the caption of that discrepancy’s picture in place of its text, so an edited caption shows', () => {
    const newest = discrepancy({ dateDiscovered: ago(2), discrepancy: 'Cracked windshield' });
    const older = discrepancy({ dateDiscovered: ago(4), discrepancy: 'Horn inoperative' });
    const picture = (mxPictureId: string, mxId: string, annotation: string | null) =>
      ({ id: mxPictureId, mxPictureId, mxId, sha256: 'a'.repeat(64), filename: null, url: '', annotation }) as FeedRow<'discrepancyPictures'>;
    const discrepancies = [older, newest];
    expect(rowOf({ discrepancies, discrepancyPictures: [picture('p1', newest.mxId, null)] }).mostRecentAnnotation).toBe('Cracked windshield');
    expect(rowOf({ discrepancies, discrepancyPictures: [picture('p1', older.mxId, 'Horn button')] }).mostRecentAnnotation).toBe('Cracked windshield');
    const captioned = [picture('p2', newest.mxId, 'Crack, driver side'), picture('p1', newest.mxId, 'Crack runs from the driver side')];
    expect(rowOf({ discrepancies, discrepancyPictures: captioned }).mostRecentAnnotation).toBe('Crack runs from the driver side');
  });
});

describe('deriveFleetRows: waivers, TDY and notes', () => {
  const waivers = () => [waiver('open'), waiver('open'), waiver('fixed'), waiver('closed')];

  it('counts the open waivers', () => {
    expect(rowOf({ waivers: waivers() }).openWaivers).toBe(2);
  });

  it('counts the fixed waivers; closed ones count in neither column', () => {
    expect(rowOf({ waivers: waivers() }).fixedWaivers).toBe(1);
  });

  it('is on TDY during a TDY not completed that has started and has not ended before today', () => {
    const onTdy = (t: FeedRow<'tdys'>) => rowOf({ tdys: [t] }).onTdy;
    expect(onTdy(tdy('2026-03-10', '2026-03-20'))).toBe(true);
    expect(onTdy(tdy('2026-03-15', '2026-03-15'))).toBe(true);
    expect(onTdy(tdy('2026-03-01', null))).toBe(true);
    expect(onTdy(tdy('2026-03-16', '2026-03-20'))).toBe(false);
    expect(onTdy(tdy('2026-03-01', '2026-03-14'))).toBe(false);
    expect(onTdy(tdy('2026-03-10', '2026-03-20', true))).toBe(false);
  });

  it("is on TDY by the organization's day, not UTC's (issue 50)", () => {
    // 20:00 UTC on 14 March is 05:00 on the 15th at Kadena and 11:00 on the 14th at Anchorage.
    const evening = new Date('2026-03-14T20:00:00.000Z');
    const onTdy = (zone: string) => deriveFleetRows(sources({ tdys: [tdy('2026-03-15', '2026-03-20')] }), evening, zone)[0]!.onTdy;
    expect(onTdy('Asia/Tokyo')).toBe(true);
    expect(onTdy('UTC')).toBe(false);
    expect(onTdy('America/Anchorage')).toBe(false);
  });

  it("counts the notes written in the last 30 days: today and the 29 days before, the organization's days", () => {
    // Today is 15 March: the window starts at midnight on 14 February.
    const notes = [note(ago(0.5)), note('2026-02-14T00:05:00.000Z'), note('2026-02-13T23:55:00.000Z'), note(ago(1), 'other')];
    expect(rowOf({ notes }).recentNotes).toBe(2);
    // In Tokyo 14 February starts at 15:00 UTC on the 13th.
    expect(deriveFleetRows(sources({ notes }), NOW, 'Asia/Tokyo')[0]!.recentNotes).toBe(3);
  });
});

describe('deriveFleetRows: the row', () => {
  it('links the monthly AF-1800 after a completed visit, the current one after an inspection, nothing without either', () => {
    expect(rowOf({ ltis: [lti({ completed: true, completionDate: ago(3) })], inspections: [inspection()] }).pdf).toBe('monthly');
    expect(rowOf({ inspections: [inspection()] }).pdf).toBe('current');
    expect(rowOf({ vehicles: [vehicle({ state: 'inMx', since: ago(2) })] }).pdf).toBe('current');
    expect(rowOf().pdf).toBeNull();
  });

  it('follows the order of the vehicles, ignores records of unknown vehicles and parses with the row schema', () => {
    const vehicles = [vehicle({ vehicleId: 'v2', regNumber: 'B-2041' }), vehicle()];
    const rows = deriveFleetRows(sources({ vehicles, notes: [note(ago(1), 'ghost')], waivers: [waiver('open', 'ghost'), waiver('open', 'v2')] }), NOW);
    expect(rows.map((r) => [r.vehicleId, r.openWaivers, r.recentNotes])).toEqual([
      ['v2', 1, 0],
      ['v1', 0, 0],
    ]);
    for (const row of rows) expect(fleetRowSchema.parse(row)).toEqual(row);
  });

  it('compares timestamps written with an offset or other fractions as moments, and answers them in UTC', () => {
    const inspections = [inspection({ inspectionDate: '2026-03-14T20:00:00.000Z' }), inspection({ inspectionDate: '2026-03-14T17:00:00-05:00' })];
    expect(rowOf({ inspections }).inspectionDate).toBe('2026-03-14T22:00:00.000Z');
    const sameSecond = [inspection({ inspectionDate: '2026-03-14T10:00:00.500Z' }), inspection({ inspectionDate: '2026-03-14T10:00:00Z' })];
    expect(rowOf({ inspections: sameSecond }).inspectionDate).toBe('2026-03-14T10:00:00.500Z');
  });

  it('derives 5,000 vehicles with a year of records each', () => {
    const count = 5_000;
    const s = sources({ vehicles: [], users: [user('u1', 'Ian', 'Spector')], workflows: [workflow(101, 'Daily')] });
    const weekly = Array.from({ length: 53 }, (_, k) => inspection({ inspectionDate: ago(365 - 7 * k), numFixes: 365 - 7 * k < 30 ? 1 : 0 }));
    for (let n = 0; n < count; n++) {
      const vehicleId = `veh${n}`;
      s.vehicles.push(vehicle({ vehicleId, regNumber: `23L${String(n).padStart(4, '0')}`, decommissionDate: n % 20 === 0 ? ago(90) : null }));
      for (const i of weekly) s.inspections.push({ ...i, vehicleId, inspectionId: `${i.inspectionId}-${n}` });
      s.discrepancies.push(discrepancy({ vehicleId, dateDiscovered: ago(20), actualCompletionDate: ago(15), discrepancy: `Fault ${n}` }));
      s.scheduledMx.push(scheduledMx({ vehicleId, completed: true, completionDate: ago(45) }), scheduledMx({ vehicleId, mxDate: ago(-n % 30) }));
      s.notes.push(note(ago(n % 2 === 0 ? 1 : 45), vehicleId));
    }
    const rows = deriveFleetRows(s, NOW);
    expect(rows).toHaveLength(count);
    expect(rows.filter((r) => !r.inCommission)).toHaveLength(count / 20);
    expect(rows.filter((r) => r.recentNotes === 1)).toHaveLength(count / 2);
    expect(rows[4_321]).toMatchObject({
      vehicleId: 'veh4321',
      inspectionDate: ago(1),
      inspector: 'Ian Spector',
      workflowTitle: 'Daily',
      recentFixes: 5,
      recentlyRepaired: 1,
      visitsToMx: 2,
      completionDate: ago(15),
      nextMxDate: ago(-4321 % 30),
      mostRecentAnnotation: 'Fault 4321',
      pdf: 'monthly',
    });
  });
});
