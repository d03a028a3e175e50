import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PAGE_HEIGHT, PAGE_WIDTH } from './geometry.ts';
import { page1Sketch } from './blank-page1.ts';
import { page2Sketch } from './blank-page2.ts';
import { page3Sketch } from './blank-page3.ts';
import { paint } from './sketch.ts';
import { setFixedMetadata } from './metadata.ts';

/**
 * The blank three-page form as a pdf-lib document. Drawn from the geometry every time (a few
 * milliseconds), so there is no stored template that could fall out of step with the boxes.
 */
export async function drawBlankDocument(): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  for (const sketch of [page1Sketch(), page2Sketch(), page3Sketch()]) paint(doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]), sketch, fonts);
  setFixedMetadata(doc, 'AF Form 1800 (blank)');
  // pdf-lib writes embedded fonts only when a document is flushed (save does it); the pages of a
  // document embedded into another before that would point at fonts that do not exist yet.
  await doc.flush();
  return doc;
}
