// @vitest-environment jsdom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelect, Select } from '@mantine/core';
import { mantineDom } from '../sync/testing/mantine-dom.ts';
import { NO_MATCHES_MESSAGE, searchablePickerProps, TYPEAHEAD_LIMIT, TYPEAHEAD_MAX_HEIGHT_PX, typeaheadListProps } from './searchable-picker.ts';
import { Typeahead } from './Typeahead.tsx';

describe('searchablePickerProps', () => {
  it('is the rule of part 1 §9 and §8: 100 results at most, a menu 300 px high, "No matches found."', () => {
    expect(TYPEAHEAD_LIMIT).toBe(100);
    expect(TYPEAHEAD_MAX_HEIGHT_PX).toBe(300);
    expect(NO_MATCHES_MESSAGE).toBe('No matches found.');
    expect(searchablePickerProps).toEqual({ searchable: true, limit: 100, maxDropdownHeight: 300, nothingFoundMessage: 'No matches found.' });
    expect(typeaheadListProps).toEqual({ limit: 100, maxDropdownHeight: 300 });
  });
});

const { render } = mantineDom();

/** Types into the picker's input as a person would (React reads the input event). */
function type(input: HTMLInputElement, text: string): void {
  act(() => {
    input.focus();
    input.click();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const options = Array.from({ length: 250 }, (_, i) => ({ value: `v${i}`, label: `Vehicle ${String(i).padStart(3, '0')}` }));
const input = () => document.body.querySelector<HTMLInputElement>('input:not([type="hidden"])')!;
const shownOptions = () => document.body.querySelectorAll('[role="option"]');

describe.each([
  ['Typeahead', () => createElement(Typeahead, { label: 'Vehicle', options, value: null, onChange: () => {} })],
  ['Select', () => createElement(Select, { label: 'Vehicle', data: options, ...searchablePickerProps })],
  ['MultiSelect', () => createElement(MultiSelect, { label: 'Vehicles', data: options, ...searchablePickerProps })],
])('a searchable %s', (_name, picker) => {
  it('lists at most 100 matches in a menu at most 300 px high', () => {
    render(picker());
    type(input(), 'Vehicle');
    expect(shownOptions()).toHaveLength(100);
    const menu = document.body.querySelector<HTMLElement>('[role="listbox"]')!;
    const scroller = menu.closest<HTMLElement>('[style*="max-height"]') ?? menu.querySelector<HTMLElement>('[style*="max-height"]');
    // 300 px as Mantine writes it: 300 / 16 rem, scaled with the theme.
    expect(scroller?.style.maxHeight).toBe('calc(18.75rem * var(--mantine-scale))');
  });

  it('narrows to what was typed and says when nothing matches', () => {
    render(picker());
    type(input(), 'vehicle 24');
    expect(Array.from(shownOptions(), (o) => o.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `Vehicle 24${i}`));
    type(input(), 'zzz');
    expect(shownOptions()).toHaveLength(0);
    expect(document.body.textContent).toContain('No matches found.');
  });
});
