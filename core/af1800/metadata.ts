import type { PDFDocument } from 'pdf-lib';

export const PRODUCER = 'fleet-readiness AF1800 (pdf-lib)';

/**
 * Document info without dates or anything from the clock: the same input must give the same bytes
 * (documents are created with updateMetadata false, which keeps pdf-lib from stamping the time).
 */
export function setFixedMetadata(doc: PDFDocument, title: string): void {
  doc.setTitle(title);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
}
