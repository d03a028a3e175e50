import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { cleanText } from '../af1800/win-ansi.ts';
import { qrModules } from './qr-matrix.ts';

/** A 4 x 2 inch label, the common size of label printers' stock, in PDF points. */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 144;
/** The quiet zone around a QR code, in modules: scanners need it to find the code. */
const QUIET_MODULES = 4;

export interface LabelVehicle {
  regNumber: string;
  vehicleType: string;
  orgName: string;
}

/** Font size at which `text` fits `width` points, at most `max`. */
function fitted(font: { widthOfTextAtSize(t: string, s: number): number }, text: string, width: number, max: number): number {
  const at = font.widthOfTextAtSize(text, max);
  return at <= width ? max : Math.max(6, Math.floor((max * width) / at));
}

/**
 * The QR label of a vehicle (issue 49 'Print QR label'): the code carries the registration alone, so
 * the inspection app (and any scanner) reads the vehicle from it; beside it the registration large,
 * for a person, with the vehicle type and the organization.
 */
export async function qrLabelPdf(vehicle: LabelVehicle): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`QR label ${vehicle.regNumber}`);
  doc.setSubject(`Inspection label of ${vehicle.regNumber}`);
  const page = doc.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);

  const modules = qrModules(vehicle.regNumber);
  const side = LABEL_HEIGHT_PT - 8;
  const unit = side / (modules.length + 2 * QUIET_MODULES);
  const left = 4 + QUIET_MODULES * unit;
  const top = LABEL_HEIGHT_PT - 4 - QUIET_MODULES * unit;
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      // Squares a hair larger than a module, so no white seam shows between neighbours when printed.
      if (dark) page.drawRectangle({ x: left + x * unit, y: top - (y + 1) * unit, width: unit + 0.05, height: unit + 0.05, color: rgb(0, 0, 0) });
    }),
  );

  // The standard fonts draw WinAnsi only: another character in a name is drawn as '?' rather than fail.
  const [regNumber, vehicleType, orgName] = [vehicle.regNumber, vehicle.vehicleType, vehicle.orgName].map(cleanText) as [string, string, string];
  const textLeft = side + 12;
  const textWidth = LABEL_WIDTH_PT - textLeft - 8;
  page.drawText(regNumber, { x: textLeft, y: 86, size: fitted(bold, regNumber, textWidth, 30), font: bold });
  page.drawText(vehicleType, { x: textLeft, y: 64, size: fitted(regular, vehicleType, textWidth, 11), font: regular });
  page.drawText(orgName, { x: textLeft, y: 48, size: fitted(regular, orgName, textWidth, 8), font: regular, color: rgb(0.3, 0.3, 0.3) });
  page.drawText('Scan in the inspection app', { x: textLeft, y: 16, size: 7, font: regular, color: rgb(0.3, 0.3, 0.3) });
  return doc.save();
}
