import type { FileType } from '../../core/rules/file-type.ts';

/**
 * Photos are scaled down on the device before they are queued: a tablet camera's 12-megapixel photo
 * is 4-10 MB, minutes over a 400 kbit/s field link, and a discrepancy or waiver picture needs no more
 * than a large screen shows. The longest side becomes at most 2048 px (a defect, a part number or a
 * waiver card stays legible at full screen and when zoomed 2x in the viewer) and the photo is re-encoded
 * as JPEG at quality 0.85: about 0.4-0.8 MB, 10-15 s at 400 kbit/s (docs/files.md, bench/upload-queue).
 */
export const PHOTO_MAX_SIDE_PX = 2048;
export const PHOTO_JPEG_QUALITY = 0.85;
/** Smaller files are sent as they are: re-encoding would gain little and could lose detail. */
export const PHOTO_SCALE_ABOVE_BYTES = 1024 * 1024;

/** The size a photo of width x height gets (unchanged when within PHOTO_MAX_SIDE_PX). */
export function scaledSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE_PX): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const factor = maxSide / longest;
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/**
 * The photo scaled down and re-encoded, or the file itself when it is small already, when the browser
 * cannot decode it, or when the result would not be smaller. The camera's orientation is applied
 * (createImageBitmap honours EXIF by default), so the JPEG is drawn the right way up.
 */
export async function scaleDownPhoto(file: Blob, type: FileType): Promise<Blob> {
  if (file.size <= PHOTO_SCALE_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = scaledSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A PNG with transparency gets a white ground rather than JPEG's black.
    if (type === 'image/png') {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
    }
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const scaled = await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
    return scaled.size < file.size ? scaled : file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
