import type { Mutator } from './mutator.ts';

/** Finds the mutator of an outbox entry by its stored name. */
export type MutatorLookup = (name: string) => Mutator<unknown> | undefined;

let installed = new Map<string, Mutator<unknown>>();

/**
 * Gives the sync engine the app's mutators (src/data/mutators.ts), so outbox entries, which store only
 * a name and arguments, can be replayed after a reload, in another tab or in the pull worker. The
 * engine itself knows no resource. Each entry point (the app, the pull worker, a test) installs them
 * once before it syncs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mutators of different arguments
export function installMutators(mutators: readonly Mutator<any>[]): void {
  const next = new Map<string, Mutator<unknown>>();
  for (const mutator of mutators) {
    if (next.has(mutator.name)) throw new Error(`two mutators are named ${mutator.name}`);
    next.set(mutator.name, mutator as Mutator<unknown>);
  }
  installed = next;
}

export const mutatorByName: MutatorLookup = (name) => installed.get(name);
