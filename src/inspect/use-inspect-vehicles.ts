import type { VehicleStatus } from '../../core/schema/vehicle.ts';
import { orgZoneOf } from '../../core/rules/org-clock.ts';
import { inShiftOf } from '../../core/rules/inspection-shift.ts';
import { readSummaries, summaryTables } from '../db/fleet-summaries.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';

export interface InspectVehicle {
  vehicleId: string;
  regNumber: string;
  vehicleType: string;
  status: VehicleStatus;
  /** Inspected in the shift under way: by anyone (as far as this device knows), or on this tablet. */
  inspectedThisShift: boolean;
  /** This user has an inspection of it under way on this tablet. */
  inProgress: boolean;
}

/**
 * The vehicles in commission this device has (an inspector's tablet holds its section's), by
 * registration, each with its status and whether it was inspected this shift. The device knows an
 * inspection from the mirror (the website's roles pull them) or from its own submissions (an
 * inspector's tablet pulls none).
 */
export function useInspectVehicles(userId: string, now: number): InspectVehicle[] | undefined {
  const db = useMirror();
  return useLiveQuery(async () => {
    const [vehicles, orgs, drafts] = await Promise.all([db.feed('vehicles').toArray(), db.feed('organizations').toArray(), db.inspectionDrafts.toArray()]);
    const summaries = await db.transaction('r', summaryTables(db), () => readSummaries(db, new Date(now)));
    const shiftTimes = orgs[0]?.shiftTimes ?? [];
    const zone = orgZoneOf(orgs[0] ?? null);
    const inspectedHere = new Set(drafts.filter((d) => d.state === 'submitted' && inShiftOf(d.startedAt, now, shiftTimes, zone)).map((d) => d.vehicleId));
    const underWay = new Set(drafts.filter((d) => d.state === 'draft' && d.userId === userId).map((d) => d.vehicleId));
    return vehicles
      .filter((v) => v.decommissionDate === null)
      .map((v) => {
        const last = summaries.get(v.vehicleId)?.inspectionKey ?? '';
        return {
          vehicleId: v.vehicleId,
          regNumber: v.regNumber,
          vehicleType: v.vehicleType,
          status: v.status[0]?.status ?? 'valid',
          inspectedThisShift: inspectedHere.has(v.vehicleId) || (last !== '' && inShiftOf(last, now, shiftTimes, zone)),
          inProgress: underWay.has(v.vehicleId),
        };
      })
      .sort((a, b) => a.regNumber.localeCompare(b.regNumber, 'en', { numeric: true }));
  }, [db, userId, now]);
}
