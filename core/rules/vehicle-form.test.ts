import { describe, expect, it } from 'vitest';
import {
  AT_LEAST_ONE_MESSAGE,
  changedDescription,
  descriptionErrors,
  descriptionValues,
  editRegNumberError,
  hasErrors,
  limitRegNumberInput,
  newRegNumberErrors,
  newVehicleErrors,
  NOT_NEGATIVE_MESSAGE,
  parseReading,
  pickerError,
  readingError,
  regNumberChanged,
  regNumberFormatError,
  resolveVehicleType,
  SAME_READING_MESSAGE,
  statusChanged,
  statusChanges,
  vehicleTypeError,
  WHOLE_NUMBER_MESSAGE,
  type DescriptionForm,
  type KnownVehicle,
} from './vehicle-form.ts';

const vehicles: KnownVehicle[] = [
  { vehicleId: 'v1', regNumber: 'AB-1234', decommissionDate: null },
  { vehicleId: 'v2', regNumber: 'OLD 99', decommissionDate: '2025-01-01T00:00:00.000Z' },
];

describe('registration numbers', () => {
  it('limits typing to 15 characters', () => {
    expect(limitRegNumberInput('1234567890123456789')).toBe('123456789012345');
  });

  it('checks the format trimmed, with the spec message', () => {
    expect(regNumberFormatError('  AB-12 ')).toBeNull();
    expect(regNumberFormatError('AB--12')).toBe('Invalid registration number');
    expect(regNumberFormatError('AB1')).toBe('Invalid registration number');
    expect(regNumberFormatError('  ')).toBe('Registration number is required');
  });

  it('editing: a clash with another vehicle, trimmed and case-insensitive', () => {
    expect(editRegNumberError(' ab-1234 ', 'v3', vehicles)).toBe('Registration number exists for this organization');
    expect(editRegNumberError('old 99', 'v1', vehicles)).toBe('Registration number exists for this organization');
    // Its own registration in another case is no clash.
    expect(editRegNumberError('ab-1234', 'v1', vehicles)).toBeNull();
    expect(editRegNumberError('AB-', 'v1', vehicles)).toBe('Invalid registration number');
  });

  it('saves only a change', () => {
    expect(regNumberChanged(' AB-1234 ', 'AB-1234')).toBe(false);
    expect(regNumberChanged('ab-1234', 'AB-1234')).toBe(true);
  });

  it('new rows: format, duplicated among the rows, existing in the organization (and decommissioned)', () => {
    expect(newRegNumberErrors(['ZZ-1', 'zz-1 ', 'ab-1234', 'Old 99', 'X', 'GOOD1'], vehicles)).toEqual([
      'New Registration number duplicated',
      'New Registration number duplicated',
      'Registration number ab-1234 already exists for this organization',
      'Registration number Old 99 already exists for this organization on a decommissioned vehicle',
      'Invalid registration number',
      null,
    ]);
  });
});

describe('vehicle types', () => {
  const types = ['Truck', 'Fork Lift'];

  it('resolves an existing type in any case to its own spelling', () => {
    expect(resolveVehicleType(' truck ', types)).toEqual({ vehicleType: 'Truck', isNew: false });
    expect(resolveVehicleType(' Bus #2 ', types)).toEqual({ vehicleType: 'Bus #2', isNew: true });
  });

  it('allows a new name of letters, digits, space and # & ( ) / ; - only', () => {
    expect(vehicleTypeError('', types)).toBe('Vehicle type is required');
    expect(vehicleTypeError('fork lift', types)).toBeNull();
    expect(vehicleTypeError('Loader (4t) / A&B; #2-x', types)).toBeNull();
    expect(vehicleTypeError('Loader!', types)).toBe('Vehicle types may contain letters, digits, spaces and # & ( ) / ; - only');
    expect(vehicleTypeError('x'.repeat(50), types)).toBe('Name must be less than 50 characters in length.');
  });
});

describe('pickers', () => {
  it('are required and must differ from the current value', () => {
    expect(pickerError('Section', null, 's1')).toBe('Section is required');
    expect(pickerError('Workflow', 7, 7)).toBe('Choose a workflow other than the current one');
    expect(pickerError('Section', 's2', 's1')).toBeNull();
  });
});

describe('mileage and hours', () => {
  it('parses thousands separators', () => {
    expect(parseReading('12,500')).toBe(12500);
    expect(parseReading(' 1234567 ')).toBe(1234567);
    expect(parseReading('1,2,3')).toBeNull();
    expect(parseReading('12.5')).toBeNull();
  });

  it('is a whole number, not negative, at least 1, and different from the current one', () => {
    expect(readingError('', 10, 'Mileage')).toBe('Mileage is required');
    expect(readingError('-5', 10, 'Mileage')).toBe(NOT_NEGATIVE_MESSAGE);
    expect(readingError('2.5', 10, 'Hours')).toBe(WHOLE_NUMBER_MESSAGE);
    expect(readingError('abc', 10, 'Hours')).toBe(WHOLE_NUMBER_MESSAGE);
    expect(readingError('0', 10, 'Hours')).toBe(AT_LEAST_ONE_MESSAGE);
    expect(readingError('1,000', 1000, 'Mileage')).toBe(SAME_READING_MESSAGE);
    expect(readingError('1,001', 1000, 'Mileage')).toBeNull();
    expect(readingError('1', null, 'Hours')).toBeNull();
    expect(readingError('2,147,483,648', null, 'Hours')).toBe('Enter a number of at most 2,147,483,647');
  });
});

describe('description', () => {
  const form: DescriptionForm = { vehicleType: 'truck', year: ' 2019 ', make: ' Ford ', model: '  ', wrm: true, eolDate: null };

  it('checks type, year, make and model', () => {
    expect(hasErrors(descriptionErrors(form, ['Truck']))).toBe(false);
    expect(descriptionErrors({ ...form, year: '19.5', vehicleType: '' }, ['Truck'])).toMatchObject({
      vehicleType: 'Vehicle type is required',
      year: 'Year is a whole number',
    });
    expect(descriptionErrors({ ...form, year: '1800', make: 'x'.repeat(51) }, []).year).toBe('Year is after 1900');
    expect(descriptionErrors({ ...form, make: 'x'.repeat(51) }, []).make).toBe('Make is at most 50 characters');
  });

  it('sends make and model trimmed, empty as null, and only what changed', () => {
    const values = descriptionValues(form, ['Truck']);
    expect(values).toEqual({ vehicleType: 'Truck', year: 2019, make: 'Ford', model: null, wrm: true, eolDate: null });
    expect(changedDescription(values, { ...values, wrm: false, make: 'Volvo' })).toEqual({ wrm: true, make: 'Ford' });
    expect(changedDescription(values, values)).toEqual({});
  });
});

describe('status', () => {
  const etic = '2026-04-01T12:00:00.000Z';

  it('valid with Clear ETIC? ticked sends a null ETIC; unticked sends none', () => {
    expect(statusChanges({ status: 'valid', eticDate: etic, clearEtic: true })).toEqual({ status: 'valid', eticDate: null });
    expect(statusChanges({ status: 'valid', eticDate: etic, clearEtic: false })).toEqual({ status: 'valid' });
  });

  it('any other status sends its ETIC', () => {
    expect(statusChanges({ status: 'inMx', eticDate: etic, clearEtic: true })).toEqual({ status: 'inMx', eticDate: etic });
    expect(statusChanges({ status: 'warning', eticDate: null, clearEtic: true })).toEqual({ status: 'warning', eticDate: null });
  });

  it('saves only a change of status or ETIC', () => {
    const current = { status: 'invalid' as const, eticDate: etic };
    expect(statusChanged({ status: 'invalid', eticDate: '2026-04-01T12:00:00Z', clearEtic: true }, current)).toBe(false);
    expect(statusChanged({ status: 'invalid', eticDate: null, clearEtic: true }, current)).toBe(true);
    expect(statusChanged({ status: 'valid', eticDate: etic, clearEtic: false }, { status: 'valid', eticDate: etic })).toBe(false);
    expect(statusChanged({ status: 'valid', eticDate: etic, clearEtic: true }, { status: 'valid', eticDate: etic })).toBe(true);
  });
});

describe('new vehicle rows', () => {
  it('require type, section, workflow and registration', () => {
    const errors = newVehicleErrors(
      [
        { vehicleType: '', sectionId: null, workflowId: null, regNumber: '', wrm: false },
        { vehicleType: 'New Type', sectionId: 's1', workflowId: 3, regNumber: 'NEW-1', wrm: true },
      ],
      ['Truck'],
      vehicles,
    );
    expect(errors[0]).toEqual({
      vehicleType: 'Vehicle type is required',
      sectionId: 'Section is required',
      workflowId: 'Workflow is required',
      regNumber: 'Registration number is required',
    });
    expect(errors[1]).toEqual({ vehicleType: null, sectionId: null, workflowId: null, regNumber: null });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors([errors[1]!])).toBe(false);
  });
});
