import { describe, expect, it } from 'vitest';
import { isReadOnlyRole, RECORD_WRITERS } from './read-only.ts';

describe('read-only users', () => {
  it('are dispatchers and users without a role', () => {
    expect(isReadOnlyRole('dispatcher')).toBe(true);
    expect(isReadOnlyRole(null)).toBe(true);
    for (const role of ['jrSuper', 'sectionLead', 'vco'] as const) expect(isReadOnlyRole(role)).toBe(false);
  });

  it('leave the supervisors and the VCO to write records', () => {
    expect(RECORD_WRITERS).toEqual(['jrSuper', 'sectionLead', 'vco']);
  });
});
