import type { Af1800Field } from './geometry-base.ts';
import { page1Fields } from './geometry-page1.ts';
import { page2Fields } from './geometry-page2.ts';
import { page3Fields } from './geometry-page3.ts';

export * from './geometry-base.ts';
export * from './geometry-page1.ts';
export * from './geometry-page2.ts';
export * from './geometry-page3.ts';

/**
 * THE table of every AF1800 field: page, box, maximum width, alignment and kind. The blank form draws
 * its cells from the same layout constants, the filler places values in these boxes, and the tests
 * iterate this list to prove every printed value lies inside its box.
 */
export const AF1800_FIELDS: readonly Af1800Field[] = [...page1Fields(), ...page2Fields(), ...page3Fields()];

const byId = new Map(AF1800_FIELDS.map((f) => [f.id, f]));

/** The field with this id, if the form has one (ids built from data, like day 32, may not exist). */
export function findAf1800Field(id: string): Af1800Field | undefined {
  return byId.get(id);
}

/** The field with this id; for ids the code itself names, where a miss is a programming error. */
export function af1800Field(id: string): Af1800Field {
  const found = byId.get(id);
  if (!found) throw new Error(`No AF1800 field ${id}`);
  return found;
}
