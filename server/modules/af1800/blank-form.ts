import { blankAf1800Pdf } from '../../../core/af1800/index.ts';

let blank: Promise<Uint8Array> | undefined;

/**
 * The blank form's bytes, drawn once per process: the drawing is a pure function of the code, so every
 * later call gets the same bytes. A failed drawing is not kept, so the next call tries again.
 */
export function blankFormBytes(): Promise<Uint8Array> {
  blank ??= blankAf1800Pdf().catch((error: unknown) => {
    blank = undefined;
    throw error;
  });
  return blank;
}
