/**
 * What a file is, judged by its first bytes (its magic number), never by its name or declared type:
 * the server decides what it stores by this, and a device checks a chosen file with it before queueing
 * the upload, so both refuse the same files with the same words.
 */
export type FileType = 'image/png' | 'image/jpeg' | 'application/pdf';

/** Pictures (discrepancies, waivers) are images; waiver cards and documents may also be PDF (part 1 §5). */
export type FileUse = 'picture' | 'document';

export const ACCEPTED_TYPES: Record<FileUse, readonly FileType[]> = {
  picture: ['image/png', 'image/jpeg'],
  document: ['image/png', 'image/jpeg', 'application/pdf'],
};

/** The `accept` of a file input for each use (names are only a hint to the chooser; content decides). */
export const ACCEPT_ATTRIBUTE: Record<FileUse, string> = {
  picture: '.png,.jpg,.jpeg,image/png,image/jpeg',
  document: '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf',
};

export const FILE_TYPE_MESSAGE: Record<FileUse, string> = {
  picture: 'Only .png, .jpg and .jpeg images can be uploaded.',
  document: 'Only .png, .jpg, .jpeg and .pdf files can be uploaded.',
};

/** Bytes enough to judge a file (sniffFileType reads no further). */
export const SNIFF_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The type of a file from its first bytes, or null for anything but PNG, JPEG and PDF. */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

/** Whether a type may be used so (a PDF is no picture). */
export function isAccepted(type: FileType | null, use: FileUse): type is FileType {
  return type !== null && ACCEPTED_TYPES[use].includes(type);
}
