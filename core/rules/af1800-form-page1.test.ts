import { describe, expect, it } from 'vitest';
import { assembleAf1800Form } from './af1800-form.ts';
import { inspection, org, sources, user, USERS, vehicle } from '../testing/af1800-form-fixtures.ts';
import { initialsOf } from './af1800-form-people.ts';

const MARCH = { year: 2026, month: 3 };
const NOW = new Date('2026-03-20T12:34:56.000Z');
const page1 = (s: Parameters<typeof assembleAf1800Form>[0], v = vehicle()) => assembleAf1800Form(s, v, MARCH, NOW).page1;

describe('AF1800 page 1 header', () => {
  it('prints the production time, the vehicle and the organization with its contact information', () => {
    expect(page1(sources())).toEqual({
      date: '2026-03-20T12:34:56.000Z',
      vehicleType: 'Pickup Truck',
      regNumber: 'REG-v1',
      organization: 'Wing 1 Vehicle Operations',
      location: 'Joint Base Example',
      basePhoneNo: '(555) 555-0100',
      vcoName: 'Avery Morgan',
      vcoPhoneNo: '(555) 555-0101',
      signatures: [],
    });
  });

  it('leaves out what the organization does not have, and all of it before the organization row arrived', () => {
    const bare = org({ location: null, contactInfo: [{ primaryContactUserId: null, primaryContactPhoneNumber: null, basePhoneNumber: null }] });
    expect(page1(sources({ organization: bare, users: [] }))).toMatchObject({ location: '', basePhoneNo: '', vcoName: '', vcoPhoneNo: '' });
    expect(page1(sources({ organization: null, users: [] }))).toMatchObject({ organization: '', location: '', basePhoneNo: '', vcoName: '', vcoPhoneNo: '' });
  });

  it('names the primary contact as VCO, else the first active vco user by name', () => {
    const noContact = org({ contactInfo: [{ primaryContactUserId: null, primaryContactPhoneNumber: null, basePhoneNumber: null }] });
    const vcos = [user('z', 'Zed', 'Adams', { role: 'vco', active: false }), user('b', 'Bo', 'Young', { role: 'vco' }), user('a', 'Al', 'Young', { role: 'vco' })];
    expect(page1(sources({ organization: noContact, users: vcos })).vcoName).toBe('Al Young');
    const unknownContact = org({ contactInfo: [{ primaryContactUserId: 'gone', primaryContactPhoneNumber: '1', basePhoneNumber: null }] });
    expect(page1(sources({ organization: unknownContact, users: vcos })).vcoName).toBe('Al Young');
  });
});

describe('AF1800 page 1 signatures', () => {
  it('marks each UTC day and shift inspected with the inspector’s initials, ordered by day and shift', () => {
    const inspections = [
      inspection('i1', '2026-03-04T15:00:00Z', { inspectorId: 'insp2' }),
      inspection('i2', '2026-03-04T07:00:00Z'),
      inspection('i3', '2026-03-31T23:30:00Z', { shift: 2 }),
      // 23:30 UTC on the 4th written with an offset: the UTC day counts, and the night shift it falls in.
      inspection('i4', '2026-03-05T01:30:00+02:00'),
    ];
    expect(page1(sources({ inspections })).signatures).toEqual([
      { day: 4, shift: 1, name: 'SP' },
      { day: 4, shift: 2, name: 'LC' },
      { day: 4, shift: 3, name: 'SP' },
      { day: 31, shift: 2, name: 'SP' },
    ]);
  });

  it('lets the first inspection of a shift sign its box, whatever the input order', () => {
    const inspections = [inspection('late', '2026-03-04T12:00:00Z', { inspectorId: 'insp2' }), inspection('early', '2026-03-04T07:00:00Z')];
    expect(page1(sources({ inspections })).signatures).toEqual([{ day: 4, shift: 1, name: 'SP' }]);
    expect(page1(sources({ inspections: [...inspections].reverse() })).signatures).toEqual([{ day: 4, shift: 1, name: 'SP' }]);
  });

  it('ignores amendments, other months and other vehicles', () => {
    const inspections = [
      inspection('amend', '2026-03-06T07:00:00Z', { parentInspectionId: 'i0' }),
      inspection('feb', '2026-02-28T23:59:59.999Z'),
      inspection('apr', '2026-04-01T00:00:00Z'),
      inspection('other', '2026-03-06T07:00:00Z', { vehicleId: 'v2' }),
    ];
    expect(page1(sources({ inspections })).signatures).toEqual([]);
  });

  it('takes initials from the users list, else the stored name, else marks the box X', () => {
    const inspections = [
      inspection('a', '2026-03-01T07:00:00Z', { inspectorId: 'left', inspector: 'Mary Ann Lee' }),
      inspection('b', '2026-03-02T07:00:00Z', { inspectorId: null, inspector: null }),
      inspection('c', '2026-03-03T07:00:00Z', { inspectorId: 'insp1', inspector: 'Old Name' }),
    ];
    expect(page1(sources({ inspections, users: USERS })).signatures.map((s) => s.name)).toEqual(['ML', 'X', 'SP']);
  });
});

describe('initials', () => {
  it.each([
    ['Sam Patel', 'SP'],
    ['  mary ann   lee ', 'ML'],
    ['Cher', 'C'],
    ["O'Brien-Smith, Jo", 'OJ'],
    ['', ''],
  ])('%s → %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
