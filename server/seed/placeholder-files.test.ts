import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS, tinyPdf, tinyPng } from './placeholder-files.ts';

describe('placeholder files', () => {
  it('builds a PNG whose image data inflates to the pixels', () => {
    const png = Buffer.from(tinyPng(4, [0, 0, 0], [255, 255, 255]));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(4 * (1 + 4 * 3));
    expect([...raw.subarray(1, 4)]).toEqual([0, 0, 0]);
    expect([...raw.subarray(raw.length - 3)]).toEqual([255, 255, 255]);
  });

  it('builds a PDF whose cross-reference table points at its objects', () => {
    const pdf = Buffer.from(tinyPdf('Hello (world)')).toString('latin1');
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(pdf).toContain('(Hello \\(world\\)) Tj');
  });

  it('names each placeholder by the sha256 of its bytes', () => {
    for (const blob of Object.values(PLACEHOLDERS)) expect(blob.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Object.values(PLACEHOLDERS).map((b) => b.sha256)).size).toBe(3);
  });
});
