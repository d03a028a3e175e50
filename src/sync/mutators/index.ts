import type { Mutator } from '../mutator.ts';
import { saveSetting } from './save-setting.ts';
import { updateProfile } from './update-profile.ts';

export { saveSetting, updateProfile };
export type { SaveSettingArgs } from './save-setting.ts';
export type { UpdateProfileArgs } from './update-profile.ts';

/**
 * Every mutator by name, so outbox entries (which store only the name and arguments) can be replayed
 * after a reload, in another tab or in the pull worker. Add each new mutator here.
 */
const registry = new Map<string, Mutator<unknown>>(
  [updateProfile, saveSetting].map((m) => [m.name, m as unknown as Mutator<unknown>]),
);

export function mutatorByName(name: string): Mutator<unknown> | undefined {
  return registry.get(name);
}
