// @vitest-environment jsdom
import { act, createElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPTY_ANSWER, type Answer } from '../../core/rules/inspection-answer.ts';
import { askedRule } from '../../core/testing/asked-rule.ts';
import { stubMatchMedia } from '../sync/testing/match-media.ts';
import { reactRoot } from '../sync/testing/react-root.ts';
import { theme } from '../theme.ts';
import { RuleStep } from './RuleStep.tsx';

const react = reactRoot();

beforeAll(stubMatchMedia);

/** The rule on screen with a save that never comes back, as while the mirror is still writing it. */
function mount() {
  const saves: Partial<Answer>[] = [];
  const onNext = vi.fn();
  const host = react.render(
    createElement(
      MantineProvider,
      { theme, env: 'test' },
      createElement(RuleStep, {
        rule: askedRule({ picture: 'none' }),
        answer: EMPTY_ANSWER,
        index: 0,
        count: 2,
        onChange: (c) => saves.push(c),
        onBack: () => {},
        onNext,
      }),
    ),
  );
  const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
  return { host, saves, onNext, button };
}

describe('RuleStep', () => {
  it('goes on at a tap on Next right after Pass, before the saved answer comes back', () => {
    const step = mount();
    act(() => step.button('Pass').click());
    act(() => step.button('Next').click());
    expect(step.saves).toEqual([{ isPassing: true, isFixed: false }]);
    expect(step.onNext).toHaveBeenCalledOnce();
    expect(step.host.querySelector('[role="alert"]')).toBeNull();
  });

  it('refuses Next with the reason while the rule is unanswered', () => {
    const step = mount();
    act(() => step.button('Next').click());
    expect(step.onNext).not.toHaveBeenCalled();
    expect(step.host.querySelector('[role="alert"]')?.textContent).toMatch(/./);
  });
});
