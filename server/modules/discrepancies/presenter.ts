import type { Discrepancy, DiscrepancyPicture } from '../../../core/schema/discrepancy.ts';
import { fileUrl } from '../../../core/schema/file.ts';
import { iso, isoOrNull, type RowOf } from '../../sync/presenters/presenter-helpers.ts';

/** A discrepancy in its REST and feed shape. */
export const discrepancyToApi = (row: RowOf<'discrepancies'>): Discrepancy => ({
  mxId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  itemNo: row.itemNo,
  discrepancy: row.discrepancy,
  dateDiscovered: iso(row.dateDiscovered),
  inspectorId: row.inspectorId,
  reportMiles: row.reportMiles,
  reportHours: row.reportHours,
  reportDate: isoOrNull(row.reportDate),
  reporterUserId: row.reporterUserId,
  workOrder: row.workOrder,
  validFrom: iso(row.validFrom),
  af1800StatusCode: row.af1800StatusCode as Discrepancy['af1800StatusCode'],
  mxUserId: row.mxUserId,
  disregard: row.disregard,
  systemCode: row.systemCode,
  numFixed: row.numFixed,
  parentInspectionId: row.parentInspectionId,
  actualCompletionDate: isoOrNull(row.actualCompletionDate),
  workDate: isoOrNull(row.workDate),
  estCompletionDate: isoOrNull(row.estCompletionDate),
  lastModificationDate: iso(row.updatedAt),
});

/** A picture of a discrepancy; file_id is its content's sha256. */
export const discrepancyPictureToApi = (row: RowOf<'discrepancyPictures'>): DiscrepancyPicture => ({
  mxPictureId: row.id,
  mxId: row.discrepancyId,
  sha256: row.fileId,
  filename: row.filename,
  url: fileUrl(row.fileId),
  annotation: row.annotation,
});
