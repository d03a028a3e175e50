import { describe, expect, it } from 'vitest';
import { COMPLETION_DATE_REQUIRED, PASSED_NEEDS_COMPLETED } from '../rules/completion.ts';
import { CORRECTIVE_ACTION_LABELS, updateDiscrepancyBodySchema } from './discrepancy.ts';
import { createNoteBodySchema } from './note.ts';
import { updateDocumentBodySchema, uploadDocumentFieldsSchema } from './document.ts';
import { createScheduledMxBodySchema, updateInspectionVisitBodySchema, updateScheduledMxBodySchema } from './maintenance.ts';
import { createWaiverBodySchema } from './waiver.ts';
import { createWorkflowBodySchema } from './workflow.ts';
import { FREQUENCY_LABELS, NEW_RULE_TYPE_LABELS, RULE_TYPE_LABELS } from './rule.ts';
import { VEHICLE_STATUS_LABELS } from './vehicle.ts';

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];
const when = '2024-05-06T07:08:09.000Z';

describe('request bodies', () => {
  it('limits notes to fewer than 256 characters', () => {
    expect(createNoteBodySchema.safeParse({ note: 'x'.repeat(255) }).success).toBe(true);
    expect(messages(createNoteBodySchema.safeParse({ note: 'x'.repeat(256) }))).toEqual(['Notes must contain fewer than 256 characters.']);
  });

  it('limits document descriptions to 50 characters', () => {
    expect(uploadDocumentFieldsSchema.parse({ description: '' }).description).toBeNull();
    expect(messages(uploadDocumentFieldsSchema.safeParse({ description: 'x'.repeat(51) }))).toEqual(['Descriptions must contain 50 characters or fewer.']);
    expect(messages(updateDocumentBodySchema.safeParse({ description: 'x'.repeat(51) }))).toEqual(['Descriptions must contain 50 characters or fewer.']);
    expect(updateDocumentBodySchema.safeParse({ description: '  ' }).success).toBe(false);
  });

  it('checks the maintenance type', () => {
    expect(createScheduledMxBodySchema.safeParse({ mxDate: when, mxType: 'Oil change, 5k-mi.' }).success).toBe(true);
    expect(createScheduledMxBodySchema.safeParse({ mxDate: when, mxType: 'x'.repeat(31) }).success).toBe(false);
    expect(createScheduledMxBodySchema.safeParse({ mxDate: when, mxType: 'Oil & filter' }).success).toBe(false);
  });

  it('refuses a completed record without a date, and passed on a visit it uncompletes', () => {
    expect(messages(updateScheduledMxBodySchema.safeParse({ completed: true, completionDate: null }))).toEqual([COMPLETION_DATE_REQUIRED]);
    expect(updateScheduledMxBodySchema.safeParse({ completed: true, completionDate: when }).success).toBe(true);
    expect(messages(updateInspectionVisitBodySchema.safeParse({ completed: false, passed: true }))).toEqual([PASSED_NEEDS_COMPLETED]);
    expect(updateInspectionVisitBodySchema.parse({ notes: '  ' }).notes).toBeNull();
  });

  it('limits work order and system code', () => {
    expect(updateDiscrepancyBodySchema.safeParse({ workOrder: 'x'.repeat(15), systemCode: 'y'.repeat(10) }).success).toBe(true);
    expect(updateDiscrepancyBodySchema.safeParse({ workOrder: 'x'.repeat(16) }).success).toBe(false);
    expect(updateDiscrepancyBodySchema.safeParse({ systemCode: 'y'.repeat(11) }).success).toBe(false);
    expect(updateDiscrepancyBodySchema.safeParse({ af1800StatusCode: 'X' }).success).toBe(false);
  });

  it('defaults a waiver to warning', () => {
    expect(createWaiverBodySchema.parse({ ruleId: 'AF1800-3', explanation: 'Awaiting parts' }).waiverType).toBe('warning');
  });

  it('checks workflow titles and rules', () => {
    const rule = { title: 'Lights', frequency: 'daily', ruleType: 'passFail' };
    expect(createWorkflowBodySchema.safeParse({ title: 'Daily (A&B) #1', rules: [rule] }).success).toBe(true);
    expect(messages(createWorkflowBodySchema.safeParse({ title: 'Bad*title', rules: [rule] }))).toEqual(['Invalid character used in title']);
    expect(createWorkflowBodySchema.safeParse({ title: 'Ok', rules: [{ ...rule, isRemoved: true }] }).success).toBe(false);
    const threshold = { ...rule, ruleType: 'threshold', fields: { threshold: 9, absMin: 0, absMax: 4 } };
    expect(createWorkflowBodySchema.safeParse({ title: 'Ok', rules: [threshold] }).success).toBe(false);
  });

  it('labels the shared enumerations as part 2 §9 does', () => {
    expect(VEHICLE_STATUS_LABELS).toEqual({ valid: 'FMC', warning: 'Warning', invalid: 'Inoperable', inMx: 'In Mx' });
    expect(CORRECTIVE_ACTION_LABELS['D-D']).toBe('Delayed for Disposition');
    expect(RULE_TYPE_LABELS.lookup).toBe('Target');
    expect(NEW_RULE_TYPE_LABELS.MISSING_AF_1800).toBe('Template AF-1800 Rule');
    expect(FREQUENCY_LABELS.daily).toBe('Every Inspection');
  });
});
