import { z } from 'zod';
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

/** Where the content of a stored file is served; every picture and document `url` is built here. */
export function fileUrl(storedFileId: string): string {
  return `/files/${storedFileId}`;
}

/** Metadata of an uploaded blob; the content is fetched from `url`. */
export const storedFileSchema = z.object({
  storedFileId: entityId,
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 is 64 lowercase hex digits'),
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
