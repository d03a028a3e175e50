import type { Section } from '../../../core/schema/organization.ts';
import { ROLE_LABELS, ROLES } from '../../../core/schema/roles.ts';
import type { TypeaheadOption } from '../../components/Typeahead.tsx';

/** The synthetic entry of the section list for users without a section (part 1 §2). */
export const NO_SECTION_LABEL = 'No Section';

/**
 * The picker's value for 'No Section': a select's values are text, the user's sectionId is null. The
 * colon keeps it apart from every section id (ids are letters, digits, _ and -).
 */
const NO_SECTION_VALUE = 'no-section:';

/** The choices of the role pickers and the Role filter: every role, by label. */
export const ROLE_OPTIONS: TypeaheadOption[] = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Sections by name, the way the pickers and the Section filter list them. */
export function sortSections(sections: readonly Section[]): Section[] {
  return [...sections].sort((a, b) => a.sectionName.localeCompare(b.sectionName, undefined, { sensitivity: 'base', numeric: true }));
}

/** The section picker's choices: 'No Section' first, then the organization's sections by name. */
export function sectionOptions(sections: readonly Section[]): TypeaheadOption[] {
  return [{ value: NO_SECTION_VALUE, label: NO_SECTION_LABEL }, ...sortSections(sections).map((s) => ({ value: s.sectionId, label: s.sectionName }))];
}

export const toSectionOption = (sectionId: string | null): string => sectionId ?? NO_SECTION_VALUE;

export const fromSectionOption = (value: string | null): string | null => (value === null || value === NO_SECTION_VALUE ? null : value);
