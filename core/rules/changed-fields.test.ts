import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';

describe('changedFields', () => {
  it('keeps only the fields whose value changed, null and false included', () => {
    const saved = { firstName: 'Ann', lastName: 'Lee', active: true, sectionId: 's1' as string | null };
    expect(changedFields(saved, { ...saved, lastName: 'Moss', active: false, sectionId: null })).toEqual({ lastName: 'Moss', active: false, sectionId: null });
  });

  it('answers nothing when nothing changed', () => {
    const saved = { a: 1, b: 'x' };
    expect(changedFields(saved, { ...saved })).toEqual({});
  });
});
