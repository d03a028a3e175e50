// @vitest-environment jsdom
import { act, createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from '@mantine/core';
import { mantineDom } from '../sync/testing/mantine-dom.ts';
import { DISCARD_QUESTION, FormModal } from './FormModal.tsx';

const { render } = mantineDom();

function dialog(dirty: boolean, onClose: () => void) {
  const children = createElement(TextInput, { label: 'Discrepancy' });
  render(createElement(FormModal, { opened: true, onClose, title: 'Report Discrepancy', onSubmit: () => undefined, dirty, children }));
}

const pressEscape = () =>
  act(() => {
    document.querySelector('[role="dialog"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const click = (name: string) => act(() => button(name)!.click());

describe('FormModal', () => {
  it('closes on Escape when nothing was typed', () => {
    const onClose = vi.fn();
    dialog(false, onClose);
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape throws typed input away: Keep editing keeps it, Discard closes', () => {
    const onClose = vi.fn();
    dialog(true, onClose);
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain(DISCARD_QUESTION);
    click('Keep editing');
    expect(document.body.textContent).not.toContain(DISCARD_QUESTION);
    expect(button('Submit')).toBeDefined();
    pressEscape();
    click('Discard');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets Cancel close at once: it is asked for', () => {
    const onClose = vi.fn();
    dialog(true, onClose);
    click('Cancel');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
