import { orgZoneOf } from '../../core/rules/org-clock.ts';
import type { Discrepancy } from '../../core/schema/discrepancy.ts';
import type { ShiftDay } from '../../core/schema/organization.ts';
import type { Vehicle } from '../../core/schema/vehicle.ts';
import type { Waiver } from '../../core/schema/waiver.ts';
import type { Workflow, WorkflowRule } from '../../core/schema/workflow.ts';
import type { InspectionDraft } from '../db/inspection-draft.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';
import { draftOf } from './drafts.ts';

/** What an inspection of one vehicle starts from, all from the mirror (so all of it offline). */
export interface VehiclePlan {
  vehicle: Vehicle;
  workflow: Workflow | null;
  /** Its rules in the workflow's order. */
  rules: WorkflowRule[];
  shiftTimes: ShiftDay[];
  /** The organization's time zone, whose wall clock the shift times are. */
  zone: string;
  /** Open (neither completed nor disregarded), newest first: shown first, so a known defect is not reported again. */
  discrepancies: Discrepancy[];
  waivers: Waiver[];
  /** This user's inspection of it under way on this tablet. */
  draft: InspectionDraft | null;
}

/** The plan, null for a vehicle the tablet does not have, undefined while it is read. */
export function useVehiclePlan(vehicleId: string, userId: string): VehiclePlan | null | undefined {
  const db = useMirror();
  return useLiveQuery(async (): Promise<VehiclePlan | null> => {
    const row = await db.feed('vehicles').get(vehicleId);
    if (!row) return null;
    const { id: _id, ...vehicle } = row;
    const [workflow, rules, orgs, discrepancies, waivers, draft] = await Promise.all([
      vehicle.workflowId === null ? undefined : db.feed('workflows').get(String(vehicle.workflowId)),
      vehicle.workflowId === null ? [] : db.feed('workflowRules').where('workflowId').equals(vehicle.workflowId).toArray(),
      db.feed('organizations').toArray(),
      db.feed('discrepancies').where('vehicleId').equals(vehicleId).toArray(),
      db.feed('waivers').where('vehicleId').equals(vehicleId).toArray(),
      draftOf(db, vehicleId, userId),
    ]);
    return {
      vehicle,
      workflow: workflow ?? null,
      rules: rules.sort((a, b) => a.position - b.position),
      shiftTimes: orgs[0]?.shiftTimes ?? [],
      zone: orgZoneOf(orgs[0] ?? null),
      discrepancies: discrepancies.filter((d) => d.actualCompletionDate === null && !d.disregard).sort((a, b) => b.dateDiscovered.localeCompare(a.dateDiscovered)),
      waivers: waivers.filter((w) => w.status === 'open'),
      draft,
    };
  }, [db, vehicleId, userId]);
}
