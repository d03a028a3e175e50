import type { FeedRow } from '../schema/feeds.ts';
import type { InspectionResult } from '../schema/inspection.ts';
import { SHIFT_DAYS } from '../schema/organization.ts';
import { discrepancyRow, inspectionResultRow, inspectionRow, organizationRow, userRow, vehicleRow, workflowRuleRow } from './feed-rows.ts';
import type { Af1800Sources } from '../rules/af1800-form-sources.ts';

/*
 * The AF1800 form tests' rows: the shared builders (feed-rows.ts) with what these tests
 * assert on top (the organization and its contact, the people who sign and report, the vehicle's
 * registration and type, shifts left to the shift times) and ids and dates by position, so that each
 * test states only what its rule reads.
 */

export const SHIFT_TIMES: FeedRow<'organizations'>['shiftTimes'] = SHIFT_DAYS.map((day) => ({
  day,
  shifts: [
    { shift: 1, start: '0600z', end: '1400z' },
    { shift: 2, start: '1400z', end: '2200z' },
    { shift: 3, start: '2200z', end: '0600z' },
  ],
}));

export function org(overrides: Partial<FeedRow<'organizations'>> = {}): FeedRow<'organizations'> {
  return organizationRow({
    name: 'Wing 1 Vehicle Operations',
    location: 'Joint Base Example',
    contactInfo: [{ primaryContactUserId: 'vco1', primaryContactPhoneNumber: '(555) 555-0101', basePhoneNumber: '(555) 555-0100' }],
    shiftTimes: SHIFT_TIMES,
    ...overrides,
  });
}

export function user(userId: string, firstName: string, lastName: string, overrides: Partial<FeedRow<'users'>> = {}): FeedRow<'users'> {
  return userRow({ userId, firstName, lastName, role: 'dispatcher', ...overrides });
}

export const USERS = [
  user('vco1', 'Avery', 'Morgan', { role: 'vco' }),
  user('insp1', 'Sam', 'Patel', { role: 'inspector' }),
  user('insp2', 'Lee', 'Chen', { role: 'inspector' }),
  user('disp1', 'Morgan', 'Diaz'),
  user('mx1', 'Riley', 'Brooks', { role: 'jrSuper' }),
];

export function vehicle(vehicleId = 'v1', overrides: Partial<FeedRow<'vehicles'>> = {}): FeedRow<'vehicles'> {
  return vehicleRow({ vehicleId, regNumber: `REG-${vehicleId}`, vehicleType: 'Pickup Truck', ...overrides });
}

/** Inspected by Sam Patel (insp1), with no shift recorded: the shift times tell it. */
export function inspection(inspectionId: string, inspectionDate: string, overrides: Partial<FeedRow<'inspections'>> = {}): FeedRow<'inspections'> {
  return inspectionRow({ inspectionId, inspectionDate, inspectorId: 'insp1', inspector: 'Sam Patel', shift: null, ...overrides });
}

/** An answer and the inspection it belongs to: sources() puts it into that inspection's results. */
export type ResultOf = InspectionResult & { inspectionId: string };

/** A pass/fail answer for a boolean value, a threshold reading for a number, with an overview titled by the rule id. */
export function result(resultId: string, inspectionId: string, ruleId: string, value: boolean | number, overrides: Partial<InspectionResult> = {}): ResultOf {
  const isPassing = typeof value === 'boolean' ? value : true;
  const ruleType = typeof value === 'boolean' ? 'passFail' : 'threshold';
  return {
    inspectionId,
    ...inspectionResultRow({
      resultId,
      ruleId,
      result: { isPassing, value },
      overview: { title: ruleId, description: null, ruleType, fields: {} },
      type: ruleType,
      ...overrides,
    }),
  };
}

/** Found by Sam Patel (insp1), its text 'Discrepancy {mxId}'; as built, open and reported to nobody. */
export function discrepancy(mxId: string, dateDiscovered: string, overrides: Partial<FeedRow<'discrepancies'>> = {}): FeedRow<'discrepancies'> {
  return discrepancyRow({ mxId, dateDiscovered, discrepancy: `Discrepancy ${mxId}`, inspectorId: 'insp1', ...overrides });
}

export function workflowRule(ruleId: string, title: string, overrides: Partial<FeedRow<'workflowRules'>> = {}): FeedRow<'workflowRules'> {
  return workflowRuleRow({ ruleId, title, ...overrides });
}

/**
 * The sources of a form; `inspectionResults` are put into their inspections' results in the order
 * given (the rule orders them by position), as the feed delivers an inspection with its answers.
 */
export function sources({ inspectionResults = [], ...overrides }: Partial<Af1800Sources> & { inspectionResults?: readonly ResultOf[] } = {}): Af1800Sources {
  const inspections = (overrides.inspections ?? []).map((row) => {
    const answers = inspectionResults.filter((r) => r.inspectionId === row.inspectionId).map(({ inspectionId: _, ...answer }) => answer);
    return answers.length > 0 ? { ...row, results: answers } : row;
  });
  return { organization: org(), users: USERS, workflowRules: [], discrepancies: [], ...overrides, inspections };
}
