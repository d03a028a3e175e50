import type { FeedRow } from '../schema/feeds.ts';
import { SHIFT_DAYS } from '../schema/organization.ts';
import type { Af1800Sources } from './af1800-form-sources.ts';

/*
 * Feed rows for the AF1800 form tests: complete rows with plain defaults, so that each test states
 * only what its rule reads.
 */

const T0 = '2026-01-01T00:00:00.000Z';

export const SHIFT_TIMES: FeedRow<'organizations'>['shiftTimes'] = SHIFT_DAYS.map((day) => ({
  day,
  shifts: [
    { shift: 1, start: '0600z', end: '1400z' },
    { shift: 2, start: '1400z', end: '2200z' },
    { shift: 3, start: '2200z', end: '0600z' },
  ],
}));

export function org(overrides: Partial<FeedRow<'organizations'>> = {}): FeedRow<'organizations'> {
  return {
    orgId: 'org1',
    name: 'Wing 1 Vehicle Operations',
    location: 'Joint Base Example',
    eolLeadTime: 30,
    mxLeadTime: 7,
    tdyLeadTime: 7,
    washLeadTime: 7,
    ltiLeadTime: 14,
    pmiLeadTime: 14,
    contactInfo: [{ primaryContactUserId: 'vco1', primaryContactPhoneNumber: '(555) 555-0101', basePhoneNumber: '(555) 555-0100' }],
    shiftTimes: SHIFT_TIMES,
    lastModificationDate: T0,
    ...overrides,
  };
}

export function user(userId: string, firstName: string, lastName: string, overrides: Partial<FeedRow<'users'>> = {}): FeedRow<'users'> {
  return {
    userId,
    firstName,
    lastName,
    givenName: firstName,
    familyName: lastName,
    fullName: `${firstName} ${lastName}`,
    email: `${userId}@example.test`,
    role: 'dispatcher',
    orgId: 'org1',
    active: true,
    isAdmin: false,
    sectionId: 's1',
    ...overrides,
  };
}

export const USERS = [
  user('vco1', 'Avery', 'Morgan', { role: 'vco' }),
  user('insp1', 'Sam', 'Patel', { role: 'inspector' }),
  user('insp2', 'Lee', 'Chen', { role: 'inspector' }),
  user('disp1', 'Morgan', 'Diaz'),
  user('mx1', 'Riley', 'Brooks', { role: 'jrSuper' }),
];

export function vehicle(vehicleId = 'v1', overrides: Partial<FeedRow<'vehicles'>> = {}): FeedRow<'vehicles'> {
  return {
    vehicleId,
    regNumber: `REG-${vehicleId}`,
    orgId: 'org1',
    vehicleType: 'Pickup Truck',
    year: 2020,
    make: 'Ford',
    model: 'F-150',
    wrm: false,
    eolDate: null,
    decommissionDate: null,
    lastReportedHours: null,
    lastReportedMileage: null,
    fuelLevel: null,
    sectionId: 's1',
    workflowId: 1,
    eticDate: null,
    management: [],
    status: [],
    lastModificationDate: T0,
    ...overrides,
  };
}

export function inspection(inspectionId: string, inspectionDate: string, overrides: Partial<FeedRow<'inspections'>> = {}): FeedRow<'inspections'> {
  return {
    inspectionId,
    vehicleId: 'v1',
    regNumber: 'REG-v1',
    parentInspectionId: null,
    workflowId: 1,
    version: 1,
    inspectionDate,
    completionDate: inspectionDate,
    submissionDate: inspectionDate,
    miles: null,
    hours: null,
    passed: true,
    numFixes: 0,
    numNotes: 0,
    inspectorId: 'insp1',
    inspector: 'Sam Patel',
    shift: null,
    duration: 600,
    fuelLevel: null,
    lastModificationDate: inspectionDate,
    ...overrides,
  };
}

export function result(
  resultId: string,
  inspectionId: string,
  ruleId: string,
  value: boolean | number,
  overrides: Partial<FeedRow<'inspectionResults'>> = {},
): FeedRow<'inspectionResults'> {
  const isPassing = typeof value === 'boolean' ? value : true;
  return {
    resultId,
    inspectionId,
    position: 0,
    ruleId,
    result: { isPassing, value },
    isFixed: false,
    comment: null,
    overview: { title: ruleId, description: null, ruleType: typeof value === 'boolean' ? 'passFail' : 'threshold', fields: {} },
    type: typeof value === 'boolean' ? 'passFail' : 'threshold',
    units: null,
    ...overrides,
  };
}

export function discrepancy(mxId: string, dateDiscovered: string, overrides: Partial<FeedRow<'discrepancies'>> = {}): FeedRow<'discrepancies'> {
  return {
    mxId,
    vehicleId: 'v1',
    regNumber: 'REG-v1',
    itemNo: 5,
    discrepancy: `Discrepancy ${mxId}`,
    dateDiscovered,
    inspectorId: 'insp1',
    reportMiles: null,
    reportHours: null,
    reportDate: null,
    reporterUserId: null,
    workOrder: null,
    validFrom: dateDiscovered,
    af1800StatusCode: null,
    mxUserId: null,
    disregard: false,
    systemCode: null,
    numFixed: 0,
    parentInspectionId: null,
    actualCompletionDate: null,
    workDate: null,
    estCompletionDate: null,
    lastModificationDate: dateDiscovered,
    ...overrides,
  };
}

export function workflowRule(ruleId: string, title: string, overrides: Partial<FeedRow<'workflowRules'>> = {}): FeedRow<'workflowRules'> {
  return {
    workflowRuleId: `wr-${ruleId}`,
    workflowId: 1,
    position: 0,
    ruleId,
    originalRuleId: null,
    title,
    description: null,
    frequency: 'daily',
    ruleType: 'passFail',
    newRuleType: 'CUSTOM',
    fields: {},
    lookup: null,
    af1800Id: null,
    isBoolean: true,
    area: 'internal',
    comment: 'either',
    picture: 'either',
    requireAnnotationOnFailure: true,
    fixable: true,
    icon: null,
    ...overrides,
  };
}

export function sources(overrides: Partial<Af1800Sources> = {}): Af1800Sources {
  return { organization: org(), users: USERS, workflowRules: [], inspections: [], inspectionResults: [], discrepancies: [], ...overrides };
}
