import { describe, expect, it } from 'vitest';
import { leadTimeError, melError, newVehicleTypeError, sectionMelRowErrors, sectionNameError, typeMelRowErrors } from './org-admin-form.ts';

describe('organization administration form rules (part 2 §5)', () => {
  it('section names are required, shorter than 50 and unique trimmed and case-insensitively', () => {
    expect(sectionNameError('  ', ['Alpha'])).toBe('Section name is required');
    expect(sectionNameError('x'.repeat(50), [])).toBe('Name must be less than 50 characters in length.');
    expect(sectionNameError('x'.repeat(49), [])).toBeNull();
    expect(sectionNameError(' alpha ', ['Alpha'])).toBe('Another section with this name exists for this organization.');
    // A rename to another spelling of its own name is fine.
    expect(sectionNameError('ALPHA', ['Alpha', 'Bravo'], 'Alpha')).toBeNull();
    expect(sectionNameError('bravo', ['Alpha', 'Bravo'], 'Alpha')).toBe('Another section with this name exists for this organization.');
  });

  it('new vehicle types are valid names no type has', () => {
    expect(newVehicleTypeError('pickup', ['Pickup'])).toBe('Another vehicle type with this name exists for this organization.');
    expect(newVehicleTypeError('Bus #2 (short)', ['Pickup'])).toBeNull();
    expect(newVehicleTypeError('Bus!', [])).toMatch(/letters, digits/);
    expect(newVehicleTypeError('', [])).toBe('Vehicle type is required');
  });

  it('MELs are whole numbers of at least 1', () => {
    expect(melError('')).toBe('MEL is required');
    expect(melError('0')).toBe('MEL must be at least 1');
    expect(melError('-2')).toBe('MEL must be at least 1');
    expect(melError('1.5')).toBe('MEL must be a whole number');
    expect(melError('two')).toBe('MEL must be a whole number');
    expect(melError(' 3 ')).toBeNull();
  });

  it('lead times are whole days from 0 to 180', () => {
    expect(leadTimeError('0')).toBeNull();
    expect(leadTimeError('180')).toBeNull();
    expect(leadTimeError('181')).toBe('Lead times are at most 180 days');
    expect(leadTimeError('-1')).toBe('Lead times cannot be negative');
    expect(leadTimeError('2.5')).toBe('Lead times are whole days');
    expect(leadTimeError('')).toBe('Lead time is required');
  });

  it('Add Vehicle Type MELs: a type twice, a type the section has a MEL of, a bad MEL', () => {
    const errors = typeMelRowErrors(
      [
        { vehicleType: 'Bus', mel: '2' },
        { vehicleType: ' bus', mel: '1' },
        { vehicleType: 'Pickup', mel: '0' },
        { vehicleType: 'New Type', mel: '4' },
      ],
      ['Bus', 'Pickup'],
      ['pickup'],
    );
    expect(errors).toEqual([
      { vehicleType: null, mel: null },
      { vehicleType: 'New vehicle type duplicated', mel: null },
      { vehicleType: 'Vehicle Type MEL(s) exists for section', mel: 'MEL must be at least 1' },
      { vehicleType: null, mel: null },
    ]);
  });

  it('Add Section MELs: a section missing, twice, or with a MEL of the type already', () => {
    const errors = sectionMelRowErrors(
      [
        { sectionId: 'a', mel: '1' },
        { sectionId: 'a', mel: '1' },
        { sectionId: 'b', mel: '1' },
        { sectionId: null, mel: '' },
      ],
      ['b'],
    );
    expect(errors.map((e) => e.sectionId)).toEqual([null, 'New section duplicated', 'Section MEL(s) exists for this vehicle type', 'Section is required']);
    expect(errors[3]!.mel).toBe('MEL is required');
  });
});
