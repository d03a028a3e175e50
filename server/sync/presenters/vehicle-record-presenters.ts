import type { LiveEvent } from '../../../core/schema/live-event.ts';
import { iso, type RowOf } from './presenter-helpers.ts';

/** The audit fields every audited record shows, and live events, in their REST and feed shape (the rules in presenter-helpers.ts). */

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
