import type { DiscrepancyPicture } from '../../../core/schema/discrepancy.ts';
import type { Document } from '../../../core/schema/document.ts';
import { fileUrl, type StoredFile } from '../../../core/schema/file.ts';
import type { LiveEvent } from '../../../core/schema/live-event.ts';
import type { Waiver, WaiverCard, WaiverPicture } from '../../../core/schema/waiver.ts';
import { iso, isoOrNull, type RowOf } from './presenter-helpers.ts';

/**
 * Discrepancy pictures and the other vehicle records not yet in a module of their own (waivers, documents), stored files and live events in their REST and feed shape (the rules in
 * presenter-helpers.ts).
 */

export interface AuditedRow {
  creatorId: string | null;
  creatorName: string | null;
  lastModifierId: string | null;
  lastModifierName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The audit fields of a record (who and when), as every audited resource shows them. */
export function auditToApi(row: AuditedRow) {
  return {
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    creationDate: iso(row.createdAt),
    lastModifierId: row.lastModifierId,
    lastModifierName: row.lastModifierName,
    lastModificationDate: iso(row.updatedAt),
  };
}

export const discrepancyPictureToApi = (row: RowOf<'discrepancyPictures'>): DiscrepancyPicture => ({
  mxPictureId: row.id,
  mxId: row.discrepancyId,
  storedFileId: row.fileId,
  url: fileUrl(row.fileId),
  annotation: row.annotation,
});

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

export const waiverPictureToApi = (row: RowOf<'waiverPictures'>): WaiverPicture => ({
  waiverPictureId: row.id,
  waiverId: row.waiverId,
  storedFileId: row.fileId,
  filename: row.filename,
  url: fileUrl(row.fileId),
  annotation: row.annotation,
});

export const waiverCardToApi = (row: RowOf<'waiverCards'>): WaiverCard => ({
  waiverCardId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  storedFileId: row.fileId,
  filename: row.filename,
  mimeType: row.mimeType,
  url: fileUrl(row.fileId),
  creationDate: iso(row.createdAt),
});

export const documentToApi = (row: RowOf<'documents'>): Document => ({
  fileId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  storedFileId: row.fileId,
  filename: row.filename,
  description: row.description,
  mimeType: row.mimeType,
  url: fileUrl(row.fileId),
  creatorId: row.creatorId,
  creator: row.creatorName,
  creationDate: iso(row.createdAt),
  lastModifierId: row.lastModifierId,
  lastModifier: row.lastModifierName,
  lastModificationDate: iso(row.updatedAt),
});

export const storedFileToApi = (row: RowOf<'storedFiles'>): StoredFile => ({
  storedFileId: row.id,
  sha256: row.sha256,
  mimeType: row.mimeType,
  sizeBytes: row.sizeBytes,
  filename: row.filename,
  url: fileUrl(row.id),
  createdBy: row.createdBy,
  creationDate: iso(row.createdAt),
});

/** The type-specific payload spread back over the common fields (the inverse of storeLiveEvents). */
export function liveEventToApi(row: RowOf<'liveEvents'>): LiveEvent {
  return {
    ...row.payload,
    eventId: row.id,
    eventTime: iso(row.eventTime),
    eventType: row.eventType,
    regNumber: row.regNumber,
    vehicleType: row.vehicleType,
    userId: row.userId,
    vehicleId: row.vehicleId,
  } as LiveEvent;
}
