import type { UpdateWaiverBody, Waiver, WaiverStatus } from '../schema/waiver.ts';

/** A waiver that is no longer open has a closing date. */
export const isClosedStatus = (status: WaiverStatus): boolean => status !== 'open';

/**
 * The fields a change of a waiver sets (the server's stored change and a device's optimistic row use
 * this one rule): leaving 'open' closes it now, going back to 'open' clears the closing date, a move
 * between fixed and closed keeps the date it was first closed.
 */
export function waiverAfter(current: Pick<Waiver, 'status' | 'closingDate'>, change: UpdateWaiverBody, now: Date): Partial<Waiver> {
  const next: Partial<Waiver> = { ...change };
  if (change.status === undefined || change.status === current.status) return next;
  if (!isClosedStatus(change.status)) next.closingDate = null;
  else if (!isClosedStatus(current.status) || current.closingDate === null) next.closingDate = now.toISOString();
  return next;
}

/** 'open' → 'Open': the grid shows statuses (and types) capitalised (part 1 §2 Waivers). */
export function capitalised(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
