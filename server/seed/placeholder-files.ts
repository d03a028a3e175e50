import { createHash } from 'node:crypto';
import type { SeedBlob } from './types.ts';

/**
 * The few small files every seeded picture, waiver card and document points to: a valid one-page
 * PDF with a line of text and a small PNG, built here byte by byte so they are the same on every run.
 */

function blob(mimeType: string, bytes: Uint8Array): SeedBlob {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), mimeType, bytes };
}

/** A one-page PDF (US Letter) showing `text`, with a correct cross-reference table. */
export function tinyPdf(text: string): Uint8Array {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 18 Tf 72 700 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...new TextEncoder().encode(type), ...data]);
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/**
 * A `size`×`size` RGB PNG: a diagonal gradient between two colours. The image data is stored
 * uncompressed (deflate "stored" blocks) so that no zlib version can change the bytes.
 */
export function tinyPng(size: number, from: [number, number, number], to: [number, number, number]): Uint8Array {
  const raw: number[] = [];
  for (let y = 0; y < size; y++) {
    raw.push(0);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++) raw.push(Math.round(from[c]! + (to[c]! - from[c]!) * t));
    }
  }
  if (raw.length > 0xffff) throw new Error('tinyPng writes one stored block: keep the image small');
  const data = new Uint8Array(raw);
  const len = data.length;
  const zlib = new Uint8Array([0x78, 0x01, 0x01, len & 0xff, len >>> 8, ~len & 0xff, (~len >>> 8) & 0xff, ...data, ...u32(adler32(data))]);
  const header = new Uint8Array([...u32(size), ...u32(size), 8, 2, 0, 0, 0]);
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', header), ...chunk('IDAT', zlib), ...chunk('IEND', new Uint8Array())]);
}

export const PLACEHOLDERS = {
  photo: blob('image/png', tinyPng(32, [96, 110, 122], [196, 160, 98])),
  waiverCard: blob('application/pdf', tinyPdf('Waiver card (demo placeholder)')),
  document: blob('application/pdf', tinyPdf('Vehicle document (demo placeholder)')),
} as const;

export type PlaceholderKind = keyof typeof PLACEHOLDERS;
