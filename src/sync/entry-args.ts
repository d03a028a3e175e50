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
