/** Reads the code a video frame shows: its text, or null when there is none (yet). */
export interface CodeReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}

/** The codes a vehicle label carries: our QR labels, and the 1D barcodes of older ones. */
const DETECTOR_FORMATS = ['qr_code', 'code_128', 'code_39', 'data_matrix'];

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's BarcodeDetector where it reads QR codes (Chrome on Android and ChromeOS, Safari):
 * the platform's own reader, fast and light on a tablet's battery. Elsewhere (desktop Chromium on
 * Linux and Windows has none) ZXing's JavaScript port, loaded only then (zxing-reader.ts).
 */
export async function createCodeReader(): Promise<CodeReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const supported = Detector ? await Detector.getSupportedFormats().catch(() => []) : [];
  if (Detector && supported.includes('qr_code')) {
    const detector = new Detector({ formats: DETECTOR_FORMATS.filter((f) => supported.includes(f)) });
    return { read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  }
  const [{ zxingReader }, { BarcodeFormat }] = await Promise.all([import('./zxing-reader.ts'), import('@zxing/library')]);
  return zxingReader([BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128, BarcodeFormat.CODE_39, BarcodeFormat.DATA_MATRIX]);
}
