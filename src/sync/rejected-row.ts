import type { OutboxEntry, RejectedEntry } from '../db/mirror.ts';

/** Why a change ended without being applied: the server's verdict, or the device's (httpStatus 0). */
export interface Refusal {
  message: string;
  httpStatus: number;
  details?: string[];
}

/** The status of a change this device set aside without a verdict of the server. */
export const SET_ASIDE = 0;

/** The rejected list's row for an ended change: its arguments kept (they hold no secret) to send again. */
export function rejectedRow(entry: OutboxEntry, refusal: Refusal, causedBy?: string): RejectedEntry {
  return {
    id: entry.id,
    name: entry.name,
    request: entry.request,
    args: entry.args,
    ...(entry.v !== undefined ? { v: entry.v } : {}),
    ...(causedBy ? { causedBy } : {}),
    message: refusal.message,
    ...(refusal.details && refusal.details.length > 0 ? { details: refusal.details } : {}),
    httpStatus: refusal.httpStatus,
    createdAt: entry.createdAt,
    rejectedAt: new Date().toISOString(),
    ...(entry.files && entry.files.length > 0 ? { files: entry.files } : {}),
  };
}
