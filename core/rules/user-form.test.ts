import { describe, expect, it } from 'vitest';
import { SECTION_REQUIRED_MESSAGE } from '../schema/user.ts';
import {
  addUserErrors,
  confirmPasswordError,
  emailError,
  hasErrors,
  modifyUserChanged,
  modifyUserErrors,
  nameError,
  passwordError,
  roleError,
  sectionError,
  type AddUserForm,
  type ModifyUserForm,
} from './user-form.ts';

const validAdd: AddUserForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  password: 'correct horse battery staple',
  confirmPassword: 'correct horse battery staple',
  role: 'vco',
  sectionId: 's1',
  isAdmin: false,
};

const savedUser: ModifyUserForm = { firstName: 'Ada', lastName: 'Lovelace', role: 'vco', sectionId: 's1', active: true, isAdmin: false };

describe('names', () => {
  it('are required', () => {
    expect(nameError('First name', '')).toBe('First name is required');
    expect(nameError('Last name', '   ')).toBe('Last name is required');
  });

  it('are 50 characters or fewer, measured trimmed', () => {
    expect(nameError('First name', 'a'.repeat(50))).toBeNull();
    expect(nameError('First name', ` ${'a'.repeat(50)} `)).toBeNull();
    expect(nameError('First name', 'a'.repeat(51))).toBe('First name must be 50 characters or fewer');
  });
});

describe('email', () => {
  it('is required', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('  ')).toBe('Email is required');
  });

  it('must be a valid address once trimmed', () => {
    expect(emailError('  ada@example.test ')).toBeNull();
    expect(emailError('ada@')).toBe('Enter a valid email address');
    expect(emailError('ada example.test')).toBe('Enter a valid email address');
  });
});

describe('password', () => {
  it('is required and at most 128 characters', () => {
    expect(passwordError('')).toBe('Password is required');
    expect(passwordError('x'.repeat(128))).toBeNull();
    expect(passwordError('x'.repeat(129))).toBe('Passwords are at most 128 characters');
  });

  it('must be confirmed with the same text', () => {
    expect(confirmPasswordError('secret', '')).toBe('Confirm the password by typing it again');
    expect(confirmPasswordError('secret', 'secreT')).toBe('Passwords do not match');
    expect(confirmPasswordError('secret', 'secret')).toBeNull();
  });
});

describe('role and section', () => {
  it('requires a known role', () => {
    expect(roleError(null)).toBe('Role is required');
    expect(roleError('')).toBe('Role is required');
    expect(roleError('captain')).toBe('Choose a role from the list');
    expect(roleError('jrSuper')).toBeNull();
  });

  it('requires a section for every role but inspector and vco', () => {
    expect(sectionError('sectionLead', null)).toBe(SECTION_REQUIRED_MESSAGE);
    expect(sectionError('vco', null)).toBeNull();
    expect(sectionError('dispatcher', null)).toBe('The selected role requires and organization');
    expect(sectionError('vco', 's1')).toBeNull();
    expect(sectionError('inspector', null)).toBeNull();
    expect(sectionError(null, null)).toBeNull();
  });
});

describe('addUserErrors', () => {
  it('has no message for a valid form', () => {
    expect(hasErrors(addUserErrors(validAdd))).toBe(false);
  });

  it('names every missing field', () => {
    const errors = addUserErrors({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '', role: null, sectionId: null, isAdmin: false });
    expect(errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Confirm the password by typing it again',
      role: 'Role is required',
      sectionId: null,
    });
    expect(hasErrors(errors)).toBe(true);
  });

  it('reports mismatched passwords and a missing section', () => {
    const errors = addUserErrors({ ...validAdd, role: 'dispatcher', confirmPassword: 'other', sectionId: null });
    expect(errors.confirmPassword).toBe('Passwords do not match');
    expect(errors.sectionId).toBe('The selected role requires and organization');
  });
});

describe('modifyUserErrors', () => {
  it('requires names and role, and a section for the role', () => {
    expect(hasErrors(modifyUserErrors(savedUser))).toBe(false);
    expect(modifyUserErrors({ ...savedUser, firstName: ' ', lastName: '', role: null, sectionId: null })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      role: 'Role is required',
      sectionId: null,
    });
    expect(modifyUserErrors({ ...savedUser, role: 'jrSuper', sectionId: null }).sectionId).toBe(SECTION_REQUIRED_MESSAGE);
    expect(modifyUserErrors({ ...savedUser, sectionId: null }).sectionId).toBeNull();
    expect(modifyUserErrors({ ...savedUser, role: 'inspector', sectionId: null }).sectionId).toBeNull();
  });
});

describe('modifyUserChanged', () => {
  it('is false while nothing changed, ignoring surrounding blanks in names', () => {
    expect(modifyUserChanged(savedUser, { ...savedUser })).toBe(false);
    expect(modifyUserChanged(savedUser, { ...savedUser, firstName: ' Ada ' })).toBe(false);
  });

  it('is true when any sent field changed', () => {
    expect(modifyUserChanged(savedUser, { ...savedUser, lastName: 'Byron' })).toBe(true);
    expect(modifyUserChanged(savedUser, { ...savedUser, role: 'dispatcher' })).toBe(true);
    expect(modifyUserChanged(savedUser, { ...savedUser, sectionId: null })).toBe(true);
    expect(modifyUserChanged(savedUser, { ...savedUser, active: false })).toBe(true);
    expect(modifyUserChanged(savedUser, { ...savedUser, isAdmin: true })).toBe(true);
  });
});
