import { describe, expect, it } from 'vitest';
import { INVALID_REG_NUMBER_MESSAGE, regNumberKey, regNumberSchema } from './registration.ts';
import { createVehicleBodySchema } from './vehicle.ts';

describe('regNumberSchema', () => {
  it.each(['AB12', 'ab-12', '12 AB 34', 'A_B-C D', '123456789012345', 'x1y2'])('accepts %j', (value) => {
    expect(regNumberSchema.parse(value)).toBe(value);
  });

  it('trims before checking', () => {
    expect(regNumberSchema.parse('  AB-123  ')).toBe('AB-123');
  });

  it.each([
    ['too short', 'AB1'],
    ['too long', '1234567890123456'],
    ['starts with a separator', '-AB12'],
    ['ends with a separator', 'AB12_'],
    ['two consecutive separators', 'AB--12'],
    ['a separator pair of different kinds', 'AB -12'],
    ['a character outside the set', 'AB.12'],
    ['a non-ASCII letter', 'ABÇ12'],
    ['only spaces', '       '],
    ['empty', ''],
  ])('rejects %s with the exact message', (_label, value) => {
    const result = regNumberSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([INVALID_REG_NUMBER_MESSAGE]);
    expect(INVALID_REG_NUMBER_MESSAGE).toBe('Invalid registration number');
  });

  it('compares case-insensitively and trimmed', () => {
    expect(regNumberKey(' Ab-12 ')).toBe(regNumberKey('aB-12'));
  });

  it('guards the vehicle creation body', () => {
    const result = createVehicleBodySchema.safeParse({ regNumber: 'A--1', vehicleType: 'Truck', sectionId: 's1', workflowId: 12 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['regNumber']);
    expect(result.error?.issues[0]?.message).toBe('Invalid registration number');
  });
});
