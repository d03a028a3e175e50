import type { Mutator } from '../mutator.ts';
import { createUser } from './create-user.ts';
import { saveSetting } from './save-setting.ts';
import { updateProfile } from './update-profile.ts';
import { updateUser } from './update-user.ts';

export { createUser, saveSetting, updateProfile, updateUser };
export type { CreateUserArgs } from './create-user.ts';
export type { SaveSettingArgs } from './save-setting.ts';
export type { UpdateProfileArgs } from './update-profile.ts';
export type { UpdateUserArgs } from './update-user.ts';

/**
 * Every mutator by name, so outbox entries (which store only the name and arguments) can be replayed
 * after a reload, in another tab or in the pull worker. Add each new mutator here.
 */
const registry = new Map<string, Mutator<unknown>>(
  [updateProfile, saveSetting, createUser, updateUser].map((m) => [m.name, m as unknown as Mutator<unknown>]),
);

export function mutatorByName(name: string): Mutator<unknown> | undefined {
  return registry.get(name);
}
