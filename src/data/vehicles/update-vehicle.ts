import { z } from 'zod';
import { entityId, isoDateTime } from '../../../core/schema/common.ts';
import { updateVehicleBodySchema, type UpdateVehicleBody, type Vehicle } from '../../../core/schema/vehicle.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

/** The fields of PATCH /data/v2/vehicles/{id} as typed: hours and miles may hold thousands separators ("12,500"). */
export type VehicleChanges = z.input<typeof updateVehicleBodySchema>;

export interface UpdateVehicleArgs {
  vehicleId: string;
  changes: VehicleChanges;
  /** Who made a status change (status[0].userId); the server records the caller. */
  userId?: string | null;
  /** When the change was made; filled in by parse, so a replay writes the same row. */
  at?: string;
}

interface Parsed {
  vehicleId: string;
  changes: UpdateVehicleBody;
  userId: string | null;
  at: string;
}

const argsSchema = z.object({
  vehicleId: entityId,
  // The route's own body schema: registration format, odometer readings (separators parsed), type name, ...
  changes: updateVehicleBodySchema,
  userId: z.string().nullable().default(null),
  at: isoDateTime.optional(),
});

/**
 * The vehicle row with the change applied, as the server's row will read once it has it
 * (server/sync/presenters/vehicle-and-inspection-presenters.ts vehicleToApi): section, workflow and the description also in
 * management[0], status and ETIC in status[0], ETIC also on the row and in management[0].
 */
export function applyVehicleChanges(row: Vehicle, changes: UpdateVehicleBody, at: string, userId: string | null): Vehicle {
  const next: Vehicle = { ...row, lastModificationDate: at };
  const { hours, miles, status, eticDate, ...rest } = changes;
  if (rest.regNumber !== undefined) next.regNumber = rest.regNumber;
  if (rest.sectionId !== undefined) next.sectionId = rest.sectionId;
  if (rest.workflowId !== undefined) next.workflowId = rest.workflowId;
  if (rest.vehicleType !== undefined) next.vehicleType = rest.vehicleType;
  if (rest.year !== undefined) next.year = rest.year;
  if (rest.make !== undefined) next.make = rest.make;
  if (rest.model !== undefined) next.model = rest.model;
  if (rest.wrm !== undefined) next.wrm = rest.wrm;
  if (rest.eolDate !== undefined) next.eolDate = rest.eolDate;
  if (hours !== undefined) next.lastReportedHours = hours;
  if (miles !== undefined) next.lastReportedMileage = miles;
  if (eticDate !== undefined) next.eticDate = eticDate;

  const managed = ['sectionId', 'workflowId', 'vehicleType', 'wrm', 'eolDate'] as const;
  if (managed.some((k) => rest[k] !== undefined) || eticDate !== undefined) {
    const [current, ...older] = row.management;
    next.management = [
      {
        sectionId: next.sectionId,
        workflowId: next.workflowId,
        vehicleType: next.vehicleType,
        wrm: next.wrm,
        eolDate: next.eolDate,
        eticDate: next.eticDate,
        validFrom: managed.some((k) => rest[k] !== undefined) ? at : (current?.validFrom ?? at),
      },
      ...older,
    ];
  }
  if (status !== undefined || eticDate !== undefined) {
    const [current, ...older] = row.status;
    next.status = [
      status !== undefined
        ? { status, eticDate: next.eticDate, validFrom: at, userId }
        : { status: current?.status ?? 'valid', eticDate: next.eticDate, validFrom: current?.validFrom ?? at, userId: current?.userId ?? null },
      ...older,
    ];
  }
  return next;
}

/**
 * Changes a vehicle: PATCH /data/v2/vehicles/{id} with any of workflowId, sectionId, hours, miles,
 * status, eticDate, regNumber, vehicleType, year, make, model, wrm, eolDate (part 1 §7).
 */
export const updateVehicle: Mutator<UpdateVehicleArgs> = {
  name: 'updateVehicle',
  parse(args) {
    const parsed = parseArgs(argsSchema, args);
    return { ...parsed, at: parsed.at ?? new Date().toISOString() } satisfies Parsed;
  },
  request: ({ vehicleId, changes }) => ({
    method: 'PATCH',
    path: `/data/v2/vehicles/${encodeURIComponent(vehicleId)}`,
    body: changes,
  }),
  touches: ({ vehicleId }) => [rowKey('vehicles', vehicleId)],
  async apply(db, args) {
    const { vehicleId, changes, userId, at } = args as Parsed;
    const row = await db.feed('vehicles').get(vehicleId);
    // The vehicle is not in the mirror (yet): nothing to show; the server decides.
    if (!row) return;
    await db.feed('vehicles').put({ ...applyVehicleChanges(row, changes, at, userId), id: vehicleId });
  },
};
