import type { VehicleType } from '../../../core/schema/vehicle.ts';
import type { RowOf } from '../../sync/presenters/presenter-helpers.ts';

/** A vehicle type in its REST and feed shape. */
export const vehicleTypeToApi = (row: RowOf<'vehicleTypes'>): VehicleType => ({ vehicleTypeId: row.id, vehicleType: row.name });
