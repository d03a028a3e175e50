import { describe, expect, it } from 'vitest';
import { sectionGroups, typeGroups } from './admin-groups.ts';

const sections = [
  { sectionId: 's2', sectionName: 'bravo' },
  { sectionId: 's1', sectionName: 'Alpha' },
];
const mels = [
  { melId: 'm1', sectionId: 's1', vehicleType: 'Pickup', mel: 2 },
  { melId: 'm2', sectionId: 's1', vehicleType: 'Bus', mel: 1 },
  { melId: 'm3', sectionId: 's2', vehicleType: 'pickup', mel: 4 },
  // A MEL of a section this device no longer holds.
  { melId: 'm4', sectionId: 'gone', vehicleType: 'Pickup', mel: 9 },
  // A type whose row has not arrived yet.
  { melId: 'm5', sectionId: 's2', vehicleType: 'Tug', mel: 1 },
];
const user = (fullName: string, sectionId: string | null, active = true) => ({ fullName, firstName: '', lastName: '', sectionId, active });

describe('administration groups', () => {
  it('lists sections by name with their active users and their MELs by type', () => {
    const groups = sectionGroups(sections, mels, [user('Zoe Park', 's1'), user('Al Bent', 's1'), user('Gone Person', 's1', false), user('Bo Lee', 's2')]);
    expect(groups.map((g) => [g.sectionName, g.activeUsers, g.mels.map((m) => m.vehicleType)])).toEqual([
      ['Alpha', ['Al Bent', 'Zoe Park'], ['Bus', 'Pickup']],
      ['bravo', ['Bo Lee'], ['pickup', 'Tug']],
    ]);
  });

  it('lists each vehicle type once whatever its spelling, with its MELs by section, and keys fit for ids', () => {
    const groups = typeGroups(
      [
        { vehicleTypeId: 't1', vehicleType: 'Pickup' },
        { vehicleTypeId: 't2', vehicleType: 'Bus' },
        { vehicleTypeId: 't3', vehicleType: 'Forklift' },
      ],
      mels,
      sections,
    );
    expect(groups.map((g) => [g.key, g.vehicleType, g.mels.map((m) => `${m.sectionName} ${m.mel}`)])).toEqual([
      ['t2', 'Bus', ['Alpha 1']],
      ['t3', 'Forklift', []],
      ['t1', 'Pickup', ['Alpha 2', 'bravo 4']],
      ['m5', 'Tug', ['bravo 1']],
    ]);
  });
});
