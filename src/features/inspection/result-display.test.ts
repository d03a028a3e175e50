import { describe, expect, it } from 'vitest';
import { inspectionResultRow } from '../../../core/testing/feed-rows.ts';
import type { InspectionResult, ResultOverview } from '../../../core/schema/inspection.ts';
import dayjs from 'dayjs';
import { commentText, resultDisplay, resultDisplayText, resultKind, resultTypeLabel } from './result-display.ts';

const overview = (ruleType: ResultOverview['ruleType'], fields: ResultOverview['fields'] = {}): ResultOverview => ({
  title: 'Rule',
  description: null,
  ruleType,
  fields,
});
const result = (overrides: Partial<InspectionResult>) => inspectionResultRow(overrides);

describe('resultDisplay', () => {
  it("shows a threshold answer over the rule's absolute maximum", () => {
    const fuel = result({ type: 'threshold', result: { isPassing: true, value: 3 }, units: 'quarter tank', overview: overview('threshold', { absMax: 4 }) });
    expect(resultDisplay(fuel)).toEqual({ kind: 'text', text: '3 / 4' });
    const pressure = result({ type: 'threshold', result: { isPassing: true, value: 1850 }, overview: overview('threshold', { absMax: 3000 }) });
    expect(resultDisplay(pressure)).toEqual({ kind: 'text', text: '1,850 / 3,000' });
    // Without a maximum, the value alone; without an answer, nothing.
    expect(resultDisplay(result({ type: 'threshold', result: { isPassing: true, value: 7 }, overview: overview('threshold') }))).toEqual({
      kind: 'text',
      text: '7',
    });
    expect(resultDisplay(result({ type: 'threshold', result: { isPassing: false, value: null }, overview: overview('threshold', { absMax: 4 }) }))).toEqual({
      kind: 'text',
      text: '',
    });
  });

  it('shows a pass/fail answer as an icon of its value, else of whether it passed', () => {
    expect(resultDisplay(result({ type: 'passFail', result: { isPassing: true, value: true } }))).toEqual({ kind: 'passFail', passing: true });
    expect(resultDisplay(result({ type: 'passFail', result: { isPassing: false, value: false } }))).toEqual({ kind: 'passFail', passing: false });
    expect(resultDisplay(result({ type: 'passFail', result: { isPassing: false, value: null } }))).toEqual({ kind: 'passFail', passing: false });
    expect(resultDisplayText({ kind: 'passFail', passing: true })).toBe('Pass');
    expect(resultDisplayText({ kind: 'passFail', passing: false })).toBe('Fail');
  });

  it('shows a target answer with its units, the result’s else the rule’s; % and ° follow the number', () => {
    expect(resultDisplay(result({ type: 'target', result: { isPassing: true, value: 12 }, units: 'ft' }))).toEqual({ kind: 'text', text: '12 ft' });
    expect(resultDisplay(result({ type: 'target', result: { isPassing: false, value: 50 }, units: '%' }))).toEqual({ kind: 'text', text: '50%' });
    expect(resultDisplay(result({ type: 'target', result: { isPassing: true, value: 12 }, units: null, overview: overview('lookup', { units: 'ft' }) }))).toEqual({
      kind: 'text',
      text: '12 ft',
    });
    expect(resultDisplay(result({ type: 'target', result: { isPassing: true, value: 12 }, units: null }))).toEqual({ kind: 'text', text: '12' });
  });

  it('shows any other answer as its value', () => {
    expect(resultDisplay(result({ type: 'counter', result: { isPassing: true, value: 45210 }, units: 'miles' }))).toEqual({ kind: 'text', text: '45,210' });
    expect(resultDisplay(result({ type: null, result: { isPassing: true, value: 'Left side' } }))).toEqual({ kind: 'text', text: 'Left side' });
    expect(resultDisplay(result({ type: 'counter', result: { isPassing: true, value: 2.5 } }))).toEqual({ kind: 'text', text: '2.5' });
  });

  it('takes the kind from the rule when the result has no type', () => {
    const old = result({ type: null, result: { isPassing: true, value: 55 }, units: '%', overview: overview('lookup') });
    expect(resultKind(old)).toBe('target');
    expect(resultDisplay(old)).toEqual({ kind: 'text', text: '55%' });
    expect(resultKind(result({ type: null, overview: null }))).toBeNull();
  });
});

describe('resultTypeLabel', () => {
  it('names the kinds as the workflow editor does', () => {
    expect(resultTypeLabel(result({ type: 'passFail' }))).toBe('Pass/Fail');
    expect(resultTypeLabel(result({ type: 'threshold' }))).toBe('Range');
    expect(resultTypeLabel(result({ type: 'counter' }))).toBe('Counter');
    expect(resultTypeLabel(result({ type: 'target' }))).toBe('Target');
    expect(resultTypeLabel(result({ type: null, overview: null }))).toBe('');
  });
});

describe('commentText', () => {
  it('says who amended a result added afterwards, and when, before its comment', () => {
    const at = '2026-11-24T14:02:00.000Z';
    const when = dayjs(at).format('MM/DD/YYYY HH:mm');
    expect(commentText(result({ comment: 'Left headlight out', amendedAt: at, amendedBy: 'Casey Nguyen' }))).toBe(
      `Amended ${when} by Casey Nguyen: Left headlight out`,
    );
    expect(commentText(result({ comment: null, amendedAt: at, amendedBy: null }))).toBe(`Amended ${when}`);
  });

  it('is the comment alone otherwise', () => {
    expect(commentText(result({ comment: 'Wiper blade worn' }))).toBe('Wiper blade worn');
    expect(commentText(result({ comment: null }))).toBe('');
  });
});
