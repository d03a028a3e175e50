import type { Mutator } from './mutator.ts';

/**
 * An entry's arguments in its mutator's current shape: entries stored by an older app are upgraded
 * as the mirror opens (src/sync/upgrade.ts), and here too, so a replay that runs before that never
 * reads an old shape. Throws when the mutator cannot upgrade them.
 */
export function argsOf(entry: { args?: unknown; v?: number }, mutator: Mutator<unknown>, base: Record<string, unknown> | null = null): unknown {
  const stored = entry.v ?? 1;
  const current = mutator.version ?? 1;
  if (stored === current) return entry.args;
  if (stored > current || !mutator.upgrade) {
    throw new Error(`its arguments are version ${stored}, which this version of the app (${current}) cannot read`);
  }
  return mutator.upgrade(entry.args, stored, base);
}

/**
 * Whether a newer version of the app made the entry (its arguments' version is past this one's
 * mutator's): another tab updated first. It is neither upgraded nor replayed here, only sent as it
 * was made, and this tab shows the row without it until the server's copy arrives. A change this app
 * does not know at all is taken for an older app's, as before: versions of the app are not ordered.
 */
export function madeByNewerApp(entry: { v?: number }, mutator: Mutator<unknown>): boolean {
  return (entry.v ?? 1) > (mutator.version ?? 1);
}
