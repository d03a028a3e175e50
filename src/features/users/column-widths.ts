/**
 * Widths of the All Users columns for the room the grid has. Part 1 §9 keeps admin grid columns
 * between 100 and 150 px; within that range they grow with the room, so that on a 1024 px tablet
 * every column and the actions fit without scrolling sideways, and a desktop is not left with
 * truncated emails beside empty space.
 */

export type UserColumnId = 'givenName' | 'familyName' | 'email' | 'role' | 'section' | 'isAdmin' | 'active';

export const MIN_COLUMN_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 150;
export const ACTIONS_WIDTH = 70;
/** Kept free for the grid body's vertical scrollbar. */
const SCROLLBAR_ALLOWANCE = 16;

const NARROW: Record<UserColumnId, number> = { givenName: 130, familyName: 100, email: 130, role: 100, section: 100, isAdmin: 100, active: 100 };
const WIDE: Record<UserColumnId, number> = { givenName: 150, familyName: 150, email: 150, role: 150, section: 150, isAdmin: 120, active: 120 };

const total = (widths: Record<UserColumnId, number>) => Object.values(widths).reduce((a, b) => a + b, 0);

/** Steps of growth: a window resized by a few pixels does not rebuild the grid's columns. */
const STEPS = 4;

export function userColumnWidths(available: number, withActions: boolean): Record<UserColumnId, number> {
  const room = available - (withActions ? ACTIONS_WIDTH : 0) - SCROLLBAR_ALLOWANCE - total(NARROW);
  const share = Math.max(0, Math.min(1, room / (total(WIDE) - total(NARROW))));
  const t = Math.floor(share * STEPS) / STEPS;
  const widths = {} as Record<UserColumnId, number>;
  for (const id of Object.keys(NARROW) as UserColumnId[]) widths[id] = Math.round(NARROW[id] + (WIDE[id] - NARROW[id]) * t);
  return widths;
}
