import { nanoid } from 'nanoid';
import type { AppContext } from '../../server/context.ts';
import { inspections, vehicles } from '../../server/db/schema/index.ts';
import type { InspectionResult } from '../../core/schema/inspection.ts';
import { insertRows, type OrgRow } from './table-rows.ts';

/*
 * Rows for the insights and monthly report tests (tests/api/insights.test.ts, reports.test.ts): vehicles
 * with their tooltip fields, and inspections with exactly the answers, durations and readings a test
 * states, their tallies (passed, num_fixes) set as a submission sets them.
 */

export interface VehicleSpec {
  regNumber: string;
  vehicleType: string;
  sectionId: string;
  year?: number;
  make?: string;
  model?: string;
  status?: string;
  wrm?: boolean;
  decommissionDate?: Date;
}

export interface Vehicle {
  vehicleId: string;
  regNumber: string;
}

export async function addVehicle(ctx: AppContext, orgId: string, spec: VehicleSpec): Promise<Vehicle> {
  const [vehicleId] = await insertRows(ctx, orgId, vehicles, [{ ...spec, year: spec.year ?? null, make: spec.make ?? null, model: spec.model ?? null }]);
  return { vehicleId: vehicleId!, regNumber: spec.regNumber };
}

/** An answer: failed (`fail`), failed and fixed on the spot (`fixed`) or passed; `title` null for an answer recorded without its rule. */
export interface Answer {
  ruleId: string;
  outcome: 'pass' | 'fail' | 'fixed';
  title?: string | null;
}

export const pass = (ruleId: string): Answer => ({ ruleId, outcome: 'pass' });
export const fail = (ruleId: string, title: string | null = ruleId): Answer => ({ ruleId, outcome: 'fail', title });
export const fixed = (ruleId: string, title: string | null = ruleId): Answer => ({ ruleId, outcome: 'fixed', title });

export interface InspectionRowSpec {
  at: string;
  answers?: Answer[];
  inspectorId?: string | null;
  inspectorName?: string | null;
  durationSeconds?: number | null;
  miles?: number | null;
  hours?: number | null;
  numNotes?: number;
  deletedAt?: Date;
}

function result(a: Answer, position: number): InspectionResult {
  const title = a.title === undefined ? a.ruleId : a.title;
  return {
    resultId: nanoid(),
    position,
    ruleId: a.ruleId,
    result: { isPassing: a.outcome === 'pass', value: a.outcome === 'pass' },
    isFixed: a.outcome === 'fixed',
    comment: null,
    overview: title === null ? null : { title, description: null, ruleType: 'passFail', fields: {} },
    type: 'passFail',
    units: null,
  };
}

/** Inspections of one vehicle, in one write. */
export async function addInspections(ctx: AppContext, orgId: string, vehicle: Vehicle, specs: readonly InspectionRowSpec[]): Promise<string[]> {
  const rows = specs.map((s): OrgRow<typeof inspections> => {
    const answers = s.answers ?? [pass('AF1800-1')];
    const at = new Date(s.at);
    return {
      vehicleId: vehicle.vehicleId,
      regNumber: vehicle.regNumber,
      inspectionDate: at,
      completionDate: at,
      submissionDate: at,
      miles: s.miles ?? null,
      hours: s.hours ?? null,
      passed: answers.every((a) => a.outcome !== 'fail'),
      numFixes: answers.filter((a) => a.outcome === 'fixed').length,
      numNotes: s.numNotes ?? 0,
      inspectorId: s.inspectorId === undefined ? null : s.inspectorId,
      inspectorName: s.inspectorName === undefined ? null : s.inspectorName,
      durationSeconds: s.durationSeconds === undefined ? null : s.durationSeconds,
      results: answers.map(result),
      deletedAt: s.deletedAt ?? null,
    };
  });
  return insertRows(ctx, orgId, inspections, rows);
}
