/**
 * Part 1 §9: a typeahead shows at most 100 results in a menu at most 300 px high; part 1 §8: an
 * empty match reads 'No matches found.'. Every searchable picker (Typeahead, and each Select,
 * MultiSelect or Autocomplete that can be typed into) takes these from here, so the rule cannot drift
 * from one picker to the next.
 */
export const TYPEAHEAD_LIMIT = 100;
export const TYPEAHEAD_MAX_HEIGHT_PX = 300;
export const NO_MATCHES_MESSAGE = 'No matches found.';

/** The list limits alone: for an Autocomplete, which is always searchable and has no empty message. */
export const typeaheadListProps = {
  limit: TYPEAHEAD_LIMIT,
  maxDropdownHeight: TYPEAHEAD_MAX_HEIGHT_PX,
} as const;

/**
 * Spread into a Mantine Select or MultiSelect to make it a searchable picker: `<Select
 * {...searchablePickerProps} … />`. A picker with an empty message of its own (a sentence that names
 * what is missing, e.g. 'No zone by that name') passes it after the spread.
 */
export const searchablePickerProps = {
  searchable: true,
  ...typeaheadListProps,
  nothingFoundMessage: NO_MATCHES_MESSAGE,
} as const;
