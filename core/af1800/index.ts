/**
 * The AF1800 PDF engine: pure TypeScript on pdf-lib, run by the browser's PDF worker and by the server.
 * See docs/af1800-pdf.md.
 */
import type { Af1800Form } from '../schema/af1800.ts';
import { renderBlank, renderForms, type RenderOptions } from './render.ts';

export type { RenderOptions } from './render.ts';
export { AF1800_FIELDS, af1800Field, findAf1800Field, type Af1800Field, type Af1800PageNo, type Box } from './geometry.ts';
export { layoutAf1800Form, CHECK_MARK, type PlacedPage } from './fill-layout.ts';
export { FIT_SIZES, FONT_SIZE_FLOOR, FONT_SIZE_START, ELLIPSIS, type PlacedText } from './text-fit.ts';
export { formatDate, formatDateTime } from './format.ts';
export { cleanText } from './win-ansi.ts';

/** The blank three-page form (served at GET /Af1800.pdf). */
export function blankAf1800Pdf(): Promise<Uint8Array> {
  return renderBlank();
}

/** One document with every form's pages, in the order given; byte-identical for the same input. */
export function renderAf1800(forms: Af1800Form[], options?: RenderOptions): Promise<Uint8Array> {
  return renderForms(forms, options);
}
