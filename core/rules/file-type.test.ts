import { describe, expect, it } from 'vitest';
import { isAccepted, sniffFileType } from './file-type.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffFileType', () => {
  it('knows PNG, JPEG and PDF by their first bytes', () => {
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffFileType(text('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffFileType(text('<script>alert(1)</script>'))).toBeNull();
    expect(sniffFileType(text('GIF89a'))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffFileType(bytes())).toBeNull();
  });

  it('takes a PDF as a document but not as a picture', () => {
    expect(isAccepted('application/pdf', 'document')).toBe(true);
    expect(isAccepted('application/pdf', 'picture')).toBe(false);
    expect(isAccepted('image/jpeg', 'picture')).toBe(true);
    expect(isAccepted(null, 'document')).toBe(false);
  });
});
