import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cleanText, isWinAnsi, winAnsiCharacters } from './win-ansi.ts';

const onlyWinAnsi = (text: string) => Array.from(text).every((c) => isWinAnsi(c.codePointAt(0)!));

describe('cleanText', () => {
  it('keeps plain and Latin-1 text as it is', () => {
    expect(cleanText('Sgt. Müller-Øberg, 35 PSI (½ tank) €5 – “ok”')).toBe('Sgt. Müller-Øberg, 35 PSI (½ tank) €5 – “ok”');
  });

  it('turns newlines, tabs and control characters into single spaces and trims', () => {
    expect(cleanText('  line one\r\nline\ttwo\u0000three\u0085four\u2028five  ')).toBe('line one line two three four five');
  });

  it('drops invisible characters and keeps letters whose accents WinAnsi lacks', () => {
    expect(cleanText('zero\u200bwidth\ufeff soft\u00adhyphen')).toBe('zerowidth softhyphen');
    expect(cleanText('Łódź Dvořák Ōsaka')).toBe('?ódz Dvorák Osaka');
    expect(cleanText('ﬁle Ｆｕｌｌ ①')).toBe('file Full 1');
    expect(cleanText('e\u0301')).toBe('é');
  });

  it('replaces emoji and CJK with a question mark, once per character', () => {
    expect(cleanText('ok 👍🏽 done')).toBe('ok ? done');
    expect(cleanText('車両 점검')).toBe('?? ??');
    expect(cleanText('👨‍👩‍👧')).toBe('???');
    expect(cleanText('\ud800 lone')).toBe('? lone');
  });

  it('reads non-strings without throwing', () => {
    expect(cleanText(null)).toBe('');
    expect(cleanText(undefined)).toBe('');
    expect(cleanText(42)).toBe('42');
  });

  it('gives only characters Helvetica can draw, for any input', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // A fixed-seed generator over the whole code space: surrogates, controls, planes 1 to 16.
    let seed = 1800;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed);
    for (let n = 0; n < 300; n++) {
      const units = Array.from({ length: 40 }, () => (next() % 3 === 0 ? next() % 0x110000 : next() % 0x3000));
      const raw = units.map((u) => (u >= 0xd800 && u <= 0xdfff ? String.fromCharCode(u) : String.fromCodePoint(u))).join('');
      const clean = cleanText(raw);
      expect(onlyWinAnsi(clean)).toBe(true);
      expect(() => font.encodeText(clean)).not.toThrow();
    }
  });

  it('has a width for every character it keeps', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const chars = winAnsiCharacters();
    expect(chars.length).toBe(95 + 94 + 27);
    for (const ch of chars) expect(font.widthOfTextAtSize(ch, 1000), ch).toBeGreaterThan(0);
  });
});
