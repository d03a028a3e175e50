import { z } from 'zod';
import { entityId, isoDateTime } from '../../../core/schema/common.ts';
import { createVehicleBodySchema, type Vehicle } from '../../../core/schema/vehicle.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface CreateVehicleArgs {
  /** A new nanoid made on the device: the server keeps it, so the mirror row is already the right one. */
  vehicleId: string;
  /** The organization the mirror row belongs to (the server always uses the caller's own). */
  orgId: string;
  regNumber: string;
  vehicleType: string;
  /**
   * Set when the type is new to the organization: the id of the vehicleTypes row shown until the
   * server's own row arrives (the route creates the type with the vehicle). Vehicles of one dialog
   * that share a new type share this id, so the type shows once.
   */
  newVehicleTypeId?: string | null;
  sectionId: string;
  workflowId: number;
  wrm?: boolean;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  eolDate?: string | null;
  /** When the vehicle was made; filled in by parse, so a replay writes the same row. */
  at?: string;
}

type Parsed = z.output<typeof argsSchema>;

// The route's own body schema (registration format, type name characters, ...), with the ids the device supplies.
const argsSchema = createVehicleBodySchema.extend({
  vehicleId: entityId,
  orgId: z.string().min(1),
  newVehicleTypeId: entityId.nullable().default(null),
  at: isoDateTime.optional(),
});

/** The vehicle as the feed will show it (server/sync/presenters/vehicle-and-inspection-presenters.ts vehicleToApi). */
function vehicleRow(a: Parsed, at: string): Vehicle {
  const year = a.year ?? null;
  const make = a.make ?? null;
  const model = a.model ?? null;
  const eolDate = a.eolDate ?? null;
  return {
    vehicleId: a.vehicleId,
    regNumber: a.regNumber,
    orgId: a.orgId,
    vehicleType: a.vehicleType,
    year,
    make,
    model,
    wrm: a.wrm,
    eolDate,
    decommissionDate: null,
    lastReportedHours: null,
    lastReportedMileage: null,
    fuelLevel: null,
    sectionId: a.sectionId,
    workflowId: a.workflowId,
    eticDate: null,
    management: [{ sectionId: a.sectionId, workflowId: a.workflowId, vehicleType: a.vehicleType, wrm: a.wrm, eolDate, eticDate: null, validFrom: at }],
    status: [{ status: 'valid', eticDate: null, validFrom: at, userId: null }],
    lastModificationDate: at,
  };
}

/**
 * Adds one vehicle: POST /data/v1/vehicles (part 1 §7: one call per vehicle of a bulk creation).
 * A type typed in that the organization does not have yet is created by the route with the vehicle.
 */
export const createVehicle: Mutator<CreateVehicleArgs> = {
  name: 'createVehicle',
  parse(args) {
    const parsed = parseArgs(argsSchema, args);
    return { ...parsed, at: parsed.at ?? new Date().toISOString() };
  },
  request: (args) => {
    const a = args as Parsed;
    const body: Record<string, unknown> = {
      vehicleId: a.vehicleId,
      regNumber: a.regNumber,
      vehicleType: a.vehicleType,
      sectionId: a.sectionId,
      workflowId: a.workflowId,
      wrm: a.wrm,
    };
    for (const key of ['year', 'make', 'model', 'eolDate'] as const) if (a[key] !== undefined) body[key] = a[key];
    return { method: 'POST', path: '/data/v1/vehicles', body };
  },
  // The new type is not listed: the vehicles of one dialog share it, and each would create it.
  creates: ({ vehicleId }) => [rowKey('vehicles', vehicleId)],
  touches: ({ vehicleId, newVehicleTypeId }) => [rowKey('vehicles', vehicleId), ...(newVehicleTypeId ? [rowKey('vehicleTypes', newVehicleTypeId)] : [])],
  async apply(db, args) {
    const a = args as Parsed;
    const at = a.at ?? new Date().toISOString();
    await db.feed('vehicles').put({ ...vehicleRow(a, at), id: a.vehicleId });
    if (a.newVehicleTypeId) {
      await db.feed('vehicleTypes').put({ id: a.newVehicleTypeId, vehicleTypeId: a.newVehicleTypeId, vehicleType: a.vehicleType });
    }
  },
};
