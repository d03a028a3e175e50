import type { Mutator } from '../mutator.ts';
import { createUser } from './create-user.ts';
import { createVehicle } from './create-vehicle.ts';
import { createVehicleType } from './create-vehicle-type.ts';
import { saveSetting } from './save-setting.ts';
import { setCommission } from './set-commission.ts';
import { updateProfile } from './update-profile.ts';
import { updateUser } from './update-user.ts';
import { updateVehicle } from './update-vehicle.ts';

export { createUser, createVehicle, createVehicleType, saveSetting, setCommission, updateProfile, updateUser, updateVehicle };
export type { CreateUserArgs } from './create-user.ts';
export type { CreateVehicleArgs } from './create-vehicle.ts';
export type { CreateVehicleTypeArgs } from './create-vehicle-type.ts';
export type { SaveSettingArgs } from './save-setting.ts';
export type { SetCommissionArgs } from './set-commission.ts';
export type { UpdateProfileArgs } from './update-profile.ts';
export type { UpdateUserArgs } from './update-user.ts';
export type { UpdateVehicleArgs } from './update-vehicle.ts';

/**
 * Every mutator by name, so outbox entries (which store only the name and arguments) can be replayed
 * after a reload, in another tab or in the pull worker. Add each new mutator here.
 */
const registry = new Map<string, Mutator<unknown>>(
  [updateProfile, saveSetting, createUser, updateUser, createVehicle, createVehicleType, updateVehicle, setCommission].map((m) => [
    m.name,
    m as unknown as Mutator<unknown>,
  ]),
);

export function mutatorByName(name: string): Mutator<unknown> | undefined {
  return registry.get(name);
}
