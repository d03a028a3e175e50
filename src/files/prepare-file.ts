import { FILE_TYPE_MESSAGE, isAccepted, SNIFF_BYTES, sniffFileType, type FileType, type FileUse } from '../../core/rules/file-type.ts';
import { scaleDownPhoto } from './scale-photo.ts';

/** A chosen file made ready for the upload queue: its type judged by content, photos scaled down, hashed. */
export interface PreparedFile {
  sha256: string;
  blob: Blob;
  mimeType: FileType;
  filename: string;
}

/** A file the device refuses before queueing it, with the words the server would use. */
export class FileRefusedError extends Error {
  override readonly name = 'FileRefusedError';
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The type of a file by its first bytes (core/rules/file-type.ts), as the server will judge it. */
export async function fileTypeOf(file: Blob): Promise<FileType | null> {
  return sniffFileType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

/**
 * Checks a chosen file and readies it: refused unless its content is a type the use takes (whatever
 * its name says), a large photo scaled down on the device (src/files/scale-photo.ts), then hashed:
 * the hash names the content in the queue, the change and on the server.
 */
export async function prepareFile(file: File, use: FileUse): Promise<PreparedFile> {
  const type = await fileTypeOf(file);
  if (!isAccepted(type, use)) throw new FileRefusedError(`${file.name}: ${FILE_TYPE_MESSAGE[use]}`);
  const blob = type === 'application/pdf' ? file : await scaleDownPhoto(file, type);
  const mimeType = blob === file ? type : ((await fileTypeOf(blob)) ?? type);
  return { sha256: await sha256Hex(blob), blob, mimeType, filename: renamed(file.name, mimeType) };
}

/** A photo re-encoded as JPEG keeps its name with the extension it now has. */
function renamed(name: string, type: FileType): string {
  if (type !== 'image/jpeg' || /\.jpe?g$/i.test(name)) return name;
  return `${name.replace(/\.[^.]*$/, '')}.jpg`;
}
