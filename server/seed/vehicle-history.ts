import type { CorrectiveActionCode } from '../../core/schema/discrepancy.ts';
import type { RuleDefinition } from '../../core/schema/rule.ts';
import type { VehicleStatus } from '../../core/schema/vehicle.ts';
import type { InspectionRecord } from './generate-inspection.ts';

/** What the simulation of one vehicle's history leaves (generate-history.ts, generate-repairs.ts). */

export interface StatusChange {
  status: VehicleStatus;
  validFrom: Date;
  eticDate: Date | null;
  userId: string;
}

export interface VehicleHistory {
  /** Oldest first; the last one is the vehicle's status. */
  statuses: StatusChange[];
  lastInspection: InspectionRecord | null;
  odometer: { miles: number; hours: number };
  /** Discrepancies still open at the end, with the rule they failed. */
  open: { rule: RuleDefinition; code: CorrectiveActionCode | null; time: Date }[];
}
