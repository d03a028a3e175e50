import { describe, expect, it } from 'vitest';
import { countText, durationText, inspectorText, readingText } from './header-text.ts';

describe('durationText', () => {
  it('writes the hours, minutes and seconds that are not zero', () => {
    expect(durationText(750)).toBe('12 min 30 s');
    expect(durationText(720)).toBe('12 min');
    expect(durationText(45)).toBe('45 s');
    expect(durationText(3600)).toBe('1 h');
    expect(durationText(3905)).toBe('1 h 5 min 5 s');
    expect(durationText(0)).toBe('0 s');
  });

  it('says N/A when the duration is unknown', () => {
    expect(durationText(null)).toBe('N/A');
    expect(durationText(-1)).toBe('N/A');
  });
});

describe('the header texts', () => {
  it('writes readings with separators, or N/A', () => {
    expect(readingText(12500)).toBe('12,500');
    expect(readingText(0)).toBe('0');
    expect(readingText(null)).toBe('N/A');
  });

  it('adds the shift to the inspector when it is known', () => {
    expect(inspectorText('Jordan Lee', 2)).toBe('Jordan Lee (shift 2)');
    expect(inspectorText('Jordan Lee', null)).toBe('Jordan Lee');
    expect(inspectorText(null, 1)).toBe('N/A (shift 1)');
  });

  it('counts fixes and notes in words', () => {
    expect(countText(1, 'fix', 'fixes')).toBe('1 fix');
    expect(countText(0, 'fix', 'fixes')).toBe('0 fixes');
    expect(countText(3, 'note', 'notes')).toBe('3 notes');
  });
});
