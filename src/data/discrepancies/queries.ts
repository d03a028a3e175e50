import { actorName } from '../../../core/rules/actor-name.ts';
import { canReportDiscrepancy, odometerReadings, reportableRules, type ReportableRule } from '../../../core/rules/discrepancy.ts';
import type { DiscrepancyWithPictures } from '../../../core/schema/discrepancy.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { rowsWhereAnyOf } from '../../db/rows-where-any-of.ts';

/** A discrepancy as Required Mx shows it: with its pictures and when its parent inspection was performed. */
export type RequiredRow = DiscrepancyWithPictures & { parentInspectionDate: string | null };

/** A vehicle's discrepancies with their pictures, newest discovery first. */
export async function discrepanciesOfVehicle(db: MirrorDb, vehicleId: string): Promise<RequiredRow[]> {
  const rows = await db.feed('discrepancies').where('vehicleId').equals(vehicleId).toArray();
  const pictures = await rowsWhereAnyOf(
    db.feed('discrepancyPictures'),
    'mxId',
    rows.map((d) => d.mxId),
  );
  const parentIds = [...new Set(rows.flatMap((d) => (d.parentInspectionId ? [d.parentInspectionId] : [])))];
  // The parents are the vehicle's own inspections: looked for among its months alone (src/db/row-locations.ts).
  db.locations.note(
    'inspections',
    parentIds.map((id) => ({ id, vehicleId })),
  );
  const parents = new Map((await db.feed('inspections').bulkGet(parentIds)).flatMap((i) => (i ? [[i.inspectionId, i.inspectionDate] as const] : [])));
  return rows
    .map(({ id: _id, ...d }) => ({
      ...d,
      parentInspectionDate: d.parentInspectionId ? (parents.get(d.parentInspectionId) ?? null) : null,
      pictures: pictures
        .filter((p) => p.mxId === d.mxId)
        .map(({ id: _pid, ...p }) => p)
        .sort((a, b) => a.mxPictureId.localeCompare(b.mxPictureId)),
    }))
    .sort((a, b) => b.dateDiscovered.localeCompare(a.dateDiscovered) || a.mxId.localeCompare(b.mxId));
}

/** A previous AF1800 entry (an inspection of the vehicle) a report may amend. */
export interface AmendableInspection {
  inspectionId: string;
  inspectionDate: string;
  shift: number | null;
  inspector: string | null;
}

/** What 'Report New Discrepancy' needs of the vehicle's workflow (core/rules/discrepancy.ts). */
export interface Reporting {
  allowed: boolean;
  rules: ReportableRule[];
  readings: { miles: boolean; hours: boolean };
  /** The vehicle's workflow and its version, which an amendment is checked against. */
  workflow: { workflowId: number; version: number } | null;
  /**
   * Previous AF1800s it may amend, newest first: the inspections whose answers the mirror holds (the
   * current and previous month), so an amendment lands on a form still being kept.
   */
  amendable: AmendableInspection[];
}

export async function reportingOf(db: MirrorDb, vehicleId: string): Promise<Reporting> {
  const vehicle = await db.feed('vehicles').get(vehicleId);
  const workflowId = vehicle?.workflowId ?? null;
  const [workflows, rules, inspections] = await Promise.all([
    db.feed('workflows').toArray(),
    workflowId === null ? [] : db.feed('workflowRules').where('workflowId').equals(workflowId).toArray(),
    db.feed('inspections').where('vehicleId').equals(vehicleId).toArray(),
  ]);
  const workflow = workflows.find((w) => w.workflowId === workflowId);
  const amendable = inspections
    .filter((i) => i.results !== null)
    .sort((a, b) => b.inspectionDate.localeCompare(a.inspectionDate))
    .map(({ inspectionId, inspectionDate, shift, inspector }) => ({ inspectionId, inspectionDate, shift, inspector }));
  return {
    allowed: canReportDiscrepancy(workflowId, workflows),
    rules: reportableRules(rules),
    readings: odometerReadings(rules),
    workflow: workflow ? { workflowId: workflow.workflowId, version: workflow.version } : null,
    amendable,
  };
}

/** The organization's people by user id, named as records name them, for the Reporter and Mx Employee columns. */
export async function peopleOf(db: MirrorDb): Promise<Map<string, string>> {
  const users = await db.feed('users').toArray();
  return new Map(users.map((u) => [u.userId, actorName(u)]));
}
