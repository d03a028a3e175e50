import { describe, expect, it } from 'vitest';
import { FILENAME_UNSTORABLE_MESSAGE, filenameSchema } from './file.ts';

describe('filenameSchema', () => {
  it('refuses a name with NUL or a lone surrogate, which no text column can store', () => {
    for (const name of ['a\u0000.png', 'photo\uD800.jpg', '\uDC00x.pdf']) {
      const result = filenameSchema.safeParse(name);
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FILENAME_UNSTORABLE_MESSAGE);
    }
  });

  it('stores a name composed, without control or bidirectional-override characters, trimmed', () => {
    expect(filenameSchema.parse('  e\u0301tat.png ')).toBe('\u00e9tat.png');
    expect(filenameSchema.parse('report\u202Egpj.exe')).toBe('reportgpj.exe');
    expect(filenameSchema.parse('line\nbreak\t.pdf')).toBe('linebreak.pdf');
    expect(filenameSchema.parse('\u2066isolated\u2069.jpg')).toBe('isolated.jpg');
    // A pair of surrogates is one character (an emoji), not a fault.
    expect(filenameSchema.parse('truck \uD83D\uDE9A.png')).toBe('truck \uD83D\uDE9A.png');
  });

  it('refuses a name that is empty once cleaned, or too long', () => {
    expect(filenameSchema.safeParse('\u202E\u0007 ').error?.issues[0]?.message).toBe('File name is required');
    expect(filenameSchema.safeParse(`${'a'.repeat(252)}.png`).error?.issues[0]?.message).toBe('File names are at most 255 characters');
  });
});
