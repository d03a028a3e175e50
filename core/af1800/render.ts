import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { Af1800Form } from '../schema/af1800.ts';
import { drawBlankDocument } from './blank-form.ts';
import { layoutAf1800Form } from './fill-layout.ts';
import { PAGE_HEIGHT, PAGE_WIDTH } from './geometry.ts';
import { setFixedMetadata } from './metadata.ts';
import { fontTables } from './font-tables.ts';
import { valueContent } from './value-stream.ts';

/** The values' font in each page's resources: a fixed name, as a fresh page has no other font. */
const VALUE_FONT = 'AFV';

export interface RenderOptions {
  /** The document title (PDF metadata); defaults to 'AF Form 1800'. */
  title?: string;
}

/**
 * Every form's pages in one document. The blank form is drawn once and embedded as three form
 * XObjects that every page references, so a page costs only its values; the value font is embedded
 * once. Page order per vehicle: 1, 2 (one sheet per 19 maintenance rows), 3.
 */
export async function renderForms(forms: readonly Af1800Form[], options: RenderOptions = {}): Promise<Uint8Array> {
  if (forms.length === 0) throw new RangeError('An AF1800 document needs at least one form');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const templates = await doc.embedPdf(await drawBlankDocument(), [0, 1, 2]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { metrics, literal } = fontTables(font);
  const fontName = PDFName.of(VALUE_FONT);
  for (const form of forms) {
    for (const placed of layoutAf1800Form(form, metrics)) {
      const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      page.drawPage(templates[placed.template - 1]!);
      if (placed.texts.length === 0) continue;
      page.node.setFontDictionary(fontName, font.ref);
      const values = doc.context.flateStream(valueContent(placed.texts, VALUE_FONT, literal));
      page.node.addContentStream(doc.context.register(values));
    }
  }
  setFixedMetadata(doc, options.title ?? 'AF Form 1800');
  return doc.save();
}

export async function renderBlank(): Promise<Uint8Array> {
  return (await drawBlankDocument()).save();
}
