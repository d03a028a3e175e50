import * as zxingModule from '@zxing/library';

// The package is CommonJS with an ES build beside it: the bundler takes the ES build, Node (the e2e
// tests make labels for a fake camera) the CommonJS one, whose names sit on its default export.
const zxing = ((zxingModule as { default?: typeof zxingModule }).default ?? zxingModule) as typeof zxingModule;
const { QRCodeDecoderErrorCorrectionLevel, QRCodeEncoder } = zxing;

/**
 * The modules (dark: true) of a QR code carrying `text`, at error correction level M: a label that
 * is scratched or splashed with mud still reads (15% of the code may be lost), in a code small
 * enough for a registration to print large on a 2-inch label.
 */
export function qrModules(text: string): boolean[][] {
  const matrix = QRCodeEncoder.encode(text, QRCodeDecoderErrorCorrectionLevel.M).getMatrix();
  const size = matrix.getWidth();
  return Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => matrix.get(x, y) === 1));
}
