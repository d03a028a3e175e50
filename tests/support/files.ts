import { createHash } from 'node:crypto';
import { uploadPath, type UploadedFile } from '../../core/schema/file.ts';
import { tinyPdf, tinyPng } from '../../server/seed/placeholder-files.ts';
import type { AppContext } from '../../server/context.ts';
import type { apiClient } from './api.ts';

type Api = ReturnType<typeof apiClient>;

/** Files for the upload tests: small, valid of their kind, and different for every `n`. */
export const png = (n: number) => tinyPng(4, [n % 256, (n >> 8) % 256, 7], [1, 2, 3]);
/** A JPEG's magic bytes, then bytes of its own: the server judges by the first bytes only. */
export const jpeg = (n: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(`JFIF test ${n}`), 0xff, 0xd9]);
export const pdf = (text: string) => tinyPdf(text);
/** Anything but an image or a PDF: a page with a script. */
export const script = (n: number) => new TextEncoder().encode(`<html><script>alert(${n})</script></html>`);

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** PUT the bytes by their sha256, as the app sends a file before the change that names it. */
export async function putFile(api: Api, bytes: Uint8Array, contentType = 'application/octet-stream') {
  return api.bytes<UploadedFile>('PUT', uploadPath.build({ sha256: sha256(bytes) }), bytes, { 'content-type': contentType });
}

/** A multipart form: text fields, and files as [field, name, bytes]. */
export function formOf(files: [field: string, filename: string, bytes: Uint8Array][], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, filename, bytes] of files) form.append(field, new Blob([new Uint8Array(bytes)]), filename);
  return form;
}

/** The bytes the server's file store keeps under a sha256, or null when it lacks them. */
export async function storedBytes(ctx: AppContext, sha: string): Promise<Buffer | null> {
  const stream = await ctx.files.read(sha);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
