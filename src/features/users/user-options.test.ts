import { describe, expect, it } from 'vitest';
import { fromSectionOption, ROLE_OPTIONS, sectionOptions, sortSections, toSectionOption } from './user-options.ts';

describe('section choices', () => {
  it("list 'No Section' first, then the sections by name", () => {
    expect(
      sectionOptions([
        { sectionId: 'b', sectionName: 'Bravo' },
        { sectionId: 'a', sectionName: 'alpha' },
      ]),
    ).toEqual([
      { value: 'no-section:', label: 'No Section' },
      { value: 'a', label: 'alpha' },
      { value: 'b', label: 'Bravo' },
    ]);
    expect(
      sortSections([
        { sectionId: 'b', sectionName: 'Bravo' },
        { sectionId: 'a', sectionName: 'alpha' },
      ]).map((s) => s.sectionId),
    ).toEqual(['a', 'b']);
  });

  it("map 'No Section' to a null sectionId and back", () => {
    expect(fromSectionOption(toSectionOption(null))).toBeNull();
    expect(fromSectionOption(null)).toBeNull();
    expect(fromSectionOption(toSectionOption('s1'))).toBe('s1');
  });
});

describe('role choices', () => {
  it('offer every role by its label', () => {
    expect(ROLE_OPTIONS.map((o) => o.label)).toEqual(['Inspector', 'Dispatcher', 'Junior Supervisor', 'Section Lead', 'VCO']);
  });
});
