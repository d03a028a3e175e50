import type { FeedName, FeedRow } from '../schema/feeds.ts';
import type { InspectionResult } from '../schema/inspection.ts';
import { NEW_RULE_DEFAULTS } from '../schema/rule.ts';

/*
 * Feed rows for tests, one builder per feed: a complete row its feed schema accepts (feed-rows.test.ts
 * checks each against feedSchemas), with plain defaults and the overrides on top. Rows that belong to a
 * vehicle default to vehicle v1, and dates that follow from another date (completion, validFrom, last
 * change) follow the one given. A test states the values its assertions read, at the call site or in a
 * thin wrapper beside it, rather than counting on a default here.
 */

const T0 = '2026-01-01T00:00:00.000Z';

const regNumberOf = (vehicleId: string) => `REG-${vehicleId}`;

/**
 * Ids in order for one test file or test: `next('i')` gives i0001, then `next('d')` d0002, and so on. Each
 * call makes a sequence of its own, so nothing is shared between the files that use it.
 */
export function idSequence(): (prefix: string) => string {
  let count = 0;
  return (prefix) => `${prefix}${String(++count).padStart(4, '0')}`;
}

export function organizationRow(overrides: Partial<FeedRow<'organizations'>> = {}): FeedRow<'organizations'> {
  return {
    orgId: 'org1',
    name: 'Organization 1',
    location: null,
    eolLeadTime: 30,
    mxLeadTime: 7,
    tdyLeadTime: 7,
    washLeadTime: 7,
    ltiLeadTime: 14,
    pmiLeadTime: 14,
    contactInfo: [],
    shiftTimes: [],
    timeZone: 'UTC',
    lastModificationDate: T0,
    ...overrides,
  };
}

/** Given and family name repeat first and last name, and the email follows the user id. */
export function userRow(overrides: Partial<FeedRow<'users'>> = {}): FeedRow<'users'> {
  const { userId = 'u1', firstName = 'Ann', lastName = 'Lee' } = overrides;
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

/** In commission, without a history (management and status empty), readings or an ETIC. */
export function vehicleRow(overrides: Partial<FeedRow<'vehicles'>> = {}): FeedRow<'vehicles'> {
  const { vehicleId = 'v1' } = overrides;
  return {
    vehicleId,
    regNumber: regNumberOf(vehicleId),
    orgId: 'org1',
    vehicleType: 'Pickup Truck',
    year: null,
    make: null,
    model: null,
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

export function workflowRow(overrides: Partial<FeedRow<'workflows'>> = {}): FeedRow<'workflows'> {
  return {
    workflowId: 1,
    title: 'Daily inspection',
    active: true,
    isTemplate: false,
    version: 1,
    lastModifierId: null,
    lastModifierName: null,
    lastModificationDate: T0,
    ...overrides,
  };
}

/** A pass/fail custom rule of workflow 1, saved with the defaults of a new rule. */
export function workflowRuleRow(overrides: Partial<FeedRow<'workflowRules'>> = {}): FeedRow<'workflowRules'> {
  const { ruleId = 'rule-1' } = overrides;
  return {
    ...NEW_RULE_DEFAULTS,
    workflowRuleId: `wr-${ruleId}`,
    workflowId: 1,
    position: 0,
    ruleId,
    title: `Rule ${ruleId}`,
    ruleType: 'passFail',
    newRuleType: 'CUSTOM',
    fields: {},
    af1800Id: null,
    isBoolean: true,
    ...overrides,
  };
}

/** Passed, completed and submitted when it was made; no inspector, shift or readings. */
export function inspectionRow(overrides: Partial<FeedRow<'inspections'>> = {}): FeedRow<'inspections'> {
  const { vehicleId = 'v1', inspectionDate = T0 } = overrides;
  return {
    inspectionId: 'i1',
    vehicleId,
    regNumber: regNumberOf(vehicleId),
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
    inspectorId: null,
    inspector: null,
    shift: null,
    duration: 600,
    fuelLevel: null,
    lastModificationDate: inspectionDate,
    results: [],
    ...overrides,
  };
}

/** A passing pass/fail answer, without an overview, comment or fix. */
export function inspectionResultRow(overrides: Partial<InspectionResult> = {}): InspectionResult {
  return {
    resultId: 'r1',
    position: 0,
    ruleId: 'rule-1',
    result: { isPassing: true, value: true },
    isFixed: false,
    comment: null,
    overview: null,
    type: 'passFail',
    units: null,
    ...overrides,
  };
}

/** Open and not reported to maintenance: valid from, and last changed, when it was discovered. */
export function discrepancyRow(overrides: Partial<FeedRow<'discrepancies'>> = {}): FeedRow<'discrepancies'> {
  const { vehicleId = 'v1', dateDiscovered = T0 } = overrides;
  return {
    mxId: 'd1',
    vehicleId,
    regNumber: regNumberOf(vehicleId),
    itemNo: 20,
    discrepancy: 'Left tail light out',
    dateDiscovered,
    inspectorId: null,
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

/** A note on vehicle v1, written at T0 by user u2. */
export function noteRow(overrides: Partial<FeedRow<'notes'>> = {}): FeedRow<'notes'> {
  const { vehicleId = 'v1', creationDate = T0 } = overrides;
  return {
    noteId: 'n1',
    vehicleId,
    regNumber: regNumberOf(vehicleId),
    note: 'Parked at the north lot',
    userId: 'u2',
    userName: 'Dee Spatcher',
    creationDate,
    lastModificationDate: creationDate,
    ...overrides,
  };
}

/** The builders by feed name, so that feed-rows.test.ts can hold each to its feed's schema. */
export const FEED_ROW_BUILDERS: { [N in FeedName]?: () => FeedRow<N> } = {
  organizations: organizationRow,
  users: userRow,
  vehicles: vehicleRow,
  workflows: workflowRow,
  workflowRules: workflowRuleRow,
  inspections: inspectionRow,
  discrepancies: discrepancyRow,
  notes: noteRow,
};
