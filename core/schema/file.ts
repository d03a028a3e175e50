import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDateTime } from './common.ts';

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/** Waiver cards and documents may also be PDF (part 1 §5). */
export const DOCUMENT_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const DOCUMENT_EXTENSIONS = [...IMAGE_EXTENSIONS, '.pdf'] as const;

export const FILE_TOO_LARGE_MESSAGE = 'File is too large. Please try another file or resizing this file.';

/** States of an item in the upload queue (part 1 §3). */
export const UPLOAD_STATES = ['pending', 'added', 'uploading', 'cancelled', 'finished', 'aborted', 'error'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** A file's content address: the sha256 of its bytes, 64 lowercase hex digits. */
export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'sha256 is 64 lowercase hex digits');

/**
 * Where the content of a file is served: by its content address, so a device knows a picture's url
 * before the server has it, and the url never changes (immutable, cached by the service worker). The
 * server serves it only to users of an organization that holds the content.
 */
export const filePath = apiPath('/files/:sha256');
export function fileUrl(sha256: string): string {
  return filePath.build({ sha256 });
}

/**
 * PUT the raw bytes of a file (any Content-Type; the server judges the type by content). Idempotent:
 * the same bytes are stored once, a repeat answers the same. The bytes must hash to `sha256`. Records
 * then name the content by sha256 (fileRefFields); the spec's multipart calls send the bytes with the
 * record instead.
 */
export const uploadPath = apiPath('/data/v1/files/:sha256');

/** The answer of an upload. */
export const uploadedFileSchema = z.object({ sha256: sha256Schema, mimeType: z.string(), sizeBytes: z.number().int().min(0) });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const FILENAME_MAX = 255;
export const FILENAME_UNSTORABLE_MESSAGE = 'File names cannot hold a NUL character or a broken (lone surrogate) character; rename the file';

// NUL cannot be stored in a text column; a lone surrogate has no UTF-8 form.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this must find
const UNSTORABLE_NAME = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters and the bidirectional embeddings, overrides and isolates that make a name read as another (`gpj.exe`). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const HIDDEN_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file's name as it is stored and shown: refused when it holds what no text can store (NUL, a lone
 * surrogate), else in Unicode's composed form without control or bidirectional-override characters,
 * trimmed, 1 to 255 characters.
 */
export const filenameSchema = z
  .string({ error: 'File name is required' })
  .refine((name) => !UNSTORABLE_NAME.test(name), FILENAME_UNSTORABLE_MESSAGE)
  .transform((name) => name.normalize('NFC').replace(HIDDEN_IN_NAMES, '').trim())
  .pipe(z.string().min(1, 'File name is required').max(FILENAME_MAX, `File names are at most ${FILENAME_MAX} characters`));

/** The content of a record's file, uploaded before (uploadPath), named by its address. */
export const fileRefFields = { sha256: sha256Schema, filename: filenameSchema };

/** Metadata of an uploaded blob; the content is fetched from `url`. */
export const storedFileSchema = z.object({
  storedFileId: entityId,
  sha256: sha256Schema,
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  filename: z.string().nullable(),
  url: z.string(),
  createdBy: z.string().nullable(),
  creationDate: isoDateTime,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const ANNOTATION_MAX = 500;

/** Caption of a picture (discrepancy and waiver pictures): trimmed, empty clears it. */
export const annotationBodySchema = z.object({
  annotation: z
    .string()
    .trim()
    .max(ANNOTATION_MAX, `Captions are at most ${ANNOTATION_MAX} characters`)
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type AnnotationBody = z.infer<typeof annotationBodySchema>;

/** A picture added to a record (discrepancy, waiver) by content uploaded before; its caption optional. */
export const pictureFields = {
  ...fileRefFields,
  annotation: annotationBodySchema.shape.annotation.optional(),
};
