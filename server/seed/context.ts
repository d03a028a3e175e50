import type { Rng } from './random.ts';
import type { SeedTables } from './types.ts';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export interface SeedPerson {
  id: string;
  /** First and last name, as audit columns store it. */
  name: string;
}

export interface SeedSection {
  id: string;
  name: string;
}

/** What every generator of one organization shares. */
export interface OrgContext {
  rng: Rng;
  number: number;
  orgId: string;
  slug: string;
  name: string;
  /** Days of history: day 0 is the oldest, day `days - 1` the day before `today`, day `days` is today. */
  days: number;
  today: Date;
  /** Demo users by the local part of their email (server/seed/demo-users.ts). */
  people: Record<string, SeedPerson>;
  sections: SeedSection[];
  tables: SeedTables;
  /** Whether inspections carry their answers (SeedOptions.answers). */
  answers: boolean;
  /** The organization's zone, and its location when it is a demo base's (SeedOptions.timeZone). */
  timeZone: string;
  location: string | null;
}

/** The start (00:00 UTC) of day `j`; negative days lie before the history, `days` and later after it. */
export function dayStart(ctx: OrgContext, j: number): Date {
  return new Date(ctx.today.getTime() + (j - ctx.days) * DAY_MS);
}

/** A moment of day `j`, `hours` (fractional) after its start. */
export function at(ctx: OrgContext, j: number, hours: number): Date {
  return new Date(dayStart(ctx, j).getTime() + Math.round(hours * 60) * MINUTE_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + Math.round(minutes) * MINUTE_MS);
}

/** yyyy-MM-dd of a moment (UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function person(ctx: OrgContext, local: string): SeedPerson {
  const found = ctx.people[local];
  if (!found) throw new Error(`no demo user "${local}"`);
  return found;
}

/** The audit columns of a record made by `creator` and last changed by `modifier`. */
export function audit(creator: SeedPerson, modifier: SeedPerson = creator) {
  return { creatorId: creator.id, creatorName: creator.name, lastModifierId: modifier.id, lastModifierName: modifier.name };
}

/** Keeps a moment that follows an event of the last evening inside the history: never after `today`. */
export function withinHistory(ctx: OrgContext, date: Date): Date {
  return new Date(Math.min(date.getTime(), ctx.today.getTime() - MINUTE_MS));
}

export function later(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}
