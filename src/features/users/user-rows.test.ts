import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../../core/schema/user.ts';
import { userRow } from '../../../core/testing/feed-rows.ts';
import { roleLabel, userGridRows } from './user-rows.ts';

/** VCOs without a section unless a test says otherwise: the rows show both. */
function user(userId: string, givenName: string, familyName: string, extra: Partial<UserRow> = {}): UserRow {
  return userRow({ userId, firstName: givenName, lastName: familyName, role: 'vco', sectionId: null, ...extra });
}

describe('userGridRows', () => {
  it('joins section names and role labels, sorted by family name', () => {
    const rows = userGridRows(
      [user('u1', 'Zed', 'Young', { sectionId: 's1', role: 'jrSuper' }), user('u2', 'Amy', 'adams'), user('u3', 'Bob', 'Adams', { sectionId: 'gone' })],
      [{ sectionId: 's1', sectionName: 'Motor Pool' }],
    );
    expect(rows.map((r) => [r.userId, r.sectionName, r.roleLabel])).toEqual([
      ['u2', null, 'VCO'],
      ['u3', null, 'VCO'],
      ['u1', 'Motor Pool', 'Junior Supervisor'],
    ]);
  });

  it('gives an unknown role an empty label', () => {
    expect(roleLabel(null)).toBe('');
    expect(roleLabel('sectionLead')).toBe('Section Lead');
  });
});
