import { describe, expect, it } from 'vitest';
import {
  addSectionMelsBodySchema,
  melValueSchema,
  NEW_VEHICLE_TYPE_DUPLICATED,
  sectionNameSchema,
  updateContactBodySchema,
  updateOrganizationBodySchema,
} from './organization-admin.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('organization administration bodies (part 2 §5)', () => {
  it('MEL: a whole number, at least 1', () => {
    expect(melValueSchema.parse(1)).toBe(1);
    expect(firstMessage(melValueSchema.safeParse(0))).toBe('MEL must be at least 1');
    expect(firstMessage(melValueSchema.safeParse(-3))).toBe('MEL must be at least 1');
    expect(firstMessage(melValueSchema.safeParse(2.5))).toBe('MEL must be a whole number');
    expect(firstMessage(melValueSchema.safeParse('2'))).toBe('MEL is required');
  });

  it('lead times: whole days 0 to 180, at least one', () => {
    expect(updateOrganizationBodySchema.parse({ eolLeadTime: 0, pmiLeadTime: 180 })).toEqual({ eolLeadTime: 0, pmiLeadTime: 180 });
    expect(firstMessage(updateOrganizationBodySchema.safeParse({ mxLeadTime: 181 }))).toBe('Lead times are at most 180 days');
    expect(firstMessage(updateOrganizationBodySchema.safeParse({ mxLeadTime: -1 }))).toBe('Lead times cannot be negative');
    expect(firstMessage(updateOrganizationBodySchema.safeParse({ mxLeadTime: 0.5 }))).toBe('Lead times are whole days');
    expect(firstMessage(updateOrganizationBodySchema.safeParse({}))).toBe('Nothing to update');
  });

  it('section names: required, trimmed, shorter than 50', () => {
    expect(sectionNameSchema.parse('  Alpha ')).toBe('Alpha');
    expect(firstMessage(sectionNameSchema.safeParse(' '))).toBe('Section name is required');
    expect(firstMessage(sectionNameSchema.safeParse('x'.repeat(50)))).toBe('Name must be less than 50 characters in length.');
    expect(sectionNameSchema.parse('x'.repeat(49))).toHaveLength(49);
  });

  it('a vehicle type twice in one Add Vehicle Type MELs is refused', () => {
    const r = addSectionMelsBodySchema.safeParse({
      mels: [
        { vehicleType: 'Bus', mel: 1 },
        { vehicleType: ' BUS', mel: 2 },
      ],
    });
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['mels', 1, 'vehicleType'], message: NEW_VEHICLE_TYPE_DUPLICATED })]);
  });

  it('phones: the spec’s messages, empty clears', () => {
    expect(updateContactBodySchema.parse({ basePhoneNumber: '', primaryContactPhoneNumber: ' 555-123-4567 ' })).toEqual({
      basePhoneNumber: null,
      primaryContactPhoneNumber: '555-123-4567',
    });
    expect(firstMessage(updateContactBodySchema.safeParse({ basePhoneNumber: '12' }))).toBe('Base Phone Number 12 invalid.');
    expect(firstMessage(updateContactBodySchema.safeParse({ primaryContactPhoneNumber: 'x'.repeat(40) }))).toBe(
      `Primary Contact Phone Number ${'x'.repeat(40)} invalid.`,
    );
  });
});
