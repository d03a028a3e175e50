import { describe, expect, it } from 'vitest';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { popplerRead } from '../../tests/support/pdf-text.ts';
import { LABEL_HEIGHT_PT, LABEL_WIDTH_PT, qrLabelPdf } from './qr-label-pdf.ts';
import { qrModules } from './qr-matrix.ts';

/** The code drawn as a scanner's picture would show it: 6 pixels a module, with a quiet zone of 4. */
function readModules(modules: boolean[][]): string {
  const unit = 6;
  const side = (modules.length + 8) * unit;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < unit; dy++) pixels.fill(0, ((y + 4) * unit + dy) * side + (x + 4) * unit, ((y + 4) * unit + dy) * side + (x + 5) * unit);
    }),
  );
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)))).getText();
}

describe('a vehicle’s QR label', () => {
  it('carries the registration in a code a reader reads back', () => {
    expect(readModules(qrModules('11T3588'))).toBe('11T3588');
    expect(readModules(qrModules('E2E-0A1B2C3D'))).toBe('E2E-0A1B2C3D');
  });

  it('is a 4 x 2 inch PDF with the registration, type and organization for a person to read', { timeout: 30_000 }, async () => {
    const { info, text, errors } = await popplerRead(
      await qrLabelPdf({ regNumber: '11T3588', vehicleType: 'Tractor Trailer', orgName: 'Wing 1 Vehicle Operations' }),
    );
    expect(errors).toBe('');
    expect(info).toMatchObject({ Pages: '1', Title: 'QR label 11T3588' });
    expect(info['Page size']).toMatch(new RegExp(`^${LABEL_WIDTH_PT} x ${LABEL_HEIGHT_PT} pts`));
    for (const value of ['11T3588', 'Tractor Trailer', 'Wing 1 Vehicle Operations', 'Scan in the inspection app']) expect(text).toContain(value);
  });
});
