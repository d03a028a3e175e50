import { fileUrl } from '../../../core/schema/file.ts';
import type { Waiver, WaiverCard, WaiverPicture } from '../../../core/schema/waiver.ts';
import { isoOrNull, iso, type RowOf } from '../../sync/presenters/presenter-helpers.ts';
import { auditToApi } from '../../sync/presenters/vehicle-record-presenters.ts';

/** A waivered item in its REST and feed shape. */
export const waiverToApi = (row: RowOf<'waivers'>): Waiver => ({
  waiverId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  ruleId: row.ruleId,
  waiverType: row.waiverType as Waiver['waiverType'],
  explanation: row.explanation,
  status: row.status as Waiver['status'],
  closingDate: isoOrNull(row.closingDate),
  ...auditToApi(row),
});

/** A picture of a waivered item; file_id is its content's sha256. */
export const waiverPictureToApi = (row: RowOf<'waiverPictures'>): WaiverPicture => ({
  waiverPictureId: row.id,
  waiverId: row.waiverId,
  sha256: row.fileId,
  filename: row.filename,
  url: fileUrl(row.fileId),
  annotation: row.annotation,
});

/** An uploaded waiver card; file_id is its content's sha256. */
export const waiverCardToApi = (row: RowOf<'waiverCards'>): WaiverCard => ({
  waiverCardId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  sha256: row.fileId,
  filename: row.filename,
  mimeType: row.mimeType,
  url: fileUrl(row.fileId),
  creationDate: iso(row.createdAt),
});
