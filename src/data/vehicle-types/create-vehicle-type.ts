import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { createVehicleTypeBodySchema } from '../../../core/schema/vehicle.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface CreateVehicleTypeArgs {
  /** A new nanoid made on the device; the route keeps it. */
  vehicleTypeId: string;
  vehicleType: string;
}

// The route's own body schema (trimmed, the characters part 2 §5 allows), the id required.
const argsSchema = createVehicleTypeBodySchema.extend({ vehicleTypeId: entityId });

/** Adds a vehicle type to the organization: POST /data/v2/vehicles/types. */
export const createVehicleType: Mutator<CreateVehicleTypeArgs> = {
  name: 'createVehicleType',
  parse: (args) => parseArgs(argsSchema, args) as z.output<typeof argsSchema>,
  request: ({ vehicleTypeId, vehicleType }) => ({ method: 'POST', path: '/data/v2/vehicles/types', body: { vehicleTypeId, vehicleType } }),
  creates: ({ vehicleTypeId }) => [rowKey('vehicleTypes', vehicleTypeId)],
  touches: ({ vehicleTypeId }) => [rowKey('vehicleTypes', vehicleTypeId)],
  async apply(db, { vehicleTypeId, vehicleType }) {
    await db.feed('vehicleTypes').put({ id: vehicleTypeId, vehicleTypeId, vehicleType });
  },
};
