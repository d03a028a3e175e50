import { entityId, isoDateTime } from '../../../core/schema/common.ts';
import { commissionBodySchema } from '../../../core/schema/vehicle.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface SetCommissionArgs {
  vehicleId: string;
  /** true: decommission; false: re-commission. */
  decommissioned: boolean;
  /** When the change was made; filled in by parse, so a replay writes the same date. */
  at?: string;
}

const argsSchema = commissionBodySchema.extend({ vehicleId: entityId, at: isoDateTime.optional() });

/**
 * Decommissions a vehicle (DELETE /data/v1/vehicles/{id}) or puts it back in commission
 * (PATCH /data/v1/vehicles/{id} {decommissioned: false}), part 1 §4 and §7.
 */
export const setCommission: Mutator<SetCommissionArgs> = {
  name: 'setCommission',
  parse(args) {
    const parsed = parseArgs(argsSchema, args);
    return { ...parsed, at: parsed.at ?? new Date().toISOString() };
  },
  request: ({ vehicleId, decommissioned }) => {
    const path = `/data/v1/vehicles/${encodeURIComponent(vehicleId)}`;
    return decommissioned ? { method: 'DELETE', path } : { method: 'PATCH', path, body: { decommissioned: false } };
  },
  touches: ({ vehicleId }) => [rowKey('vehicles', vehicleId)],
  async apply(db, { vehicleId, decommissioned, at }) {
    const when = at ?? new Date().toISOString();
    await db.feed('vehicles').update(vehicleId, { decommissionDate: decommissioned ? when : null, lastModificationDate: when });
  },
};
