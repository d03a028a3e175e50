import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import type { CodeReader } from './code-reader.ts';

/** Frames are read at this width at most: a code filling a fifth of the picture still has pixels enough. */
const READ_WIDTH = 640;

/**
 * Reads QR codes and the 1D barcodes older vehicle labels carry from video frames with ZXing's
 * JavaScript port: no WebAssembly (which the page's CSP does not allow) and nothing fetched, so it
 * works offline from the installed app.
 */
export function zxingReader(formats: readonly BarcodeFormat[]): CodeReader {
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, formats],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(video) {
      if (!context || video.videoWidth === 0) return null;
      const scale = Math.min(1, READ_WIDTH / video.videoWidth);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const luminance = new Uint8ClampedArray(width * height);
      for (let i = 0; i < luminance.length; i++) luminance[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
      try {
        return reader.decodeWithState(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
      } catch {
        // No code in this frame (ZXing's NotFoundException), or one it could not read: try the next.
        return null;
      } finally {
        reader.reset();
      }
    },
  };
}
