import { actorName } from '../../../core/rules/actor-name.ts';
import { canReportDiscrepancy, odometerReadings, reportableRules, type ReportableRule } from '../../../core/rules/discrepancy.ts';
import type { DiscrepancyWithPictures } from '../../../core/schema/discrepancy.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/** A vehicle's discrepancies with their pictures, newest discovery first. */
export async function discrepanciesOfVehicle(db: MirrorDb, vehicleId: string): Promise<DiscrepancyWithPictures[]> {
  const rows = await db.feed('discrepancies').where('vehicleId').equals(vehicleId).toArray();
  const pictures = await db
    .feed('discrepancyPictures')
    .where('mxId')
    .anyOf(rows.map((d) => d.mxId))
    .toArray();
  return rows
    .map(({ id: _id, ...d }) => ({
      ...d,
      pictures: pictures
        .filter((p) => p.mxId === d.mxId)
        .map(({ id: _pid, ...p }) => p)
        .sort((a, b) => a.mxPictureId.localeCompare(b.mxPictureId)),
    }))
    .sort((a, b) => b.dateDiscovered.localeCompare(a.dateDiscovered) || a.mxId.localeCompare(b.mxId));
}

/** What 'Report New Discrepancy' needs of the vehicle's workflow (core/rules/discrepancy.ts). */
export interface Reporting {
  allowed: boolean;
  rules: ReportableRule[];
  readings: { miles: boolean; hours: boolean };
}

export async function reportingOf(db: MirrorDb, vehicleId: string): Promise<Reporting> {
  const vehicle = await db.feed('vehicles').get(vehicleId);
  const workflowId = vehicle?.workflowId ?? null;
  const [workflows, rules] = await Promise.all([
    db.feed('workflows').toArray(),
    workflowId === null ? [] : db.feed('workflowRules').where('workflowId').equals(workflowId).toArray(),
  ]);
  return { allowed: canReportDiscrepancy(workflowId, workflows), rules: reportableRules(rules), readings: odometerReadings(rules) };
}

/** The organization's people by user id, named as records name them, for the Reporter and Mx Employee columns. */
export async function peopleOf(db: MirrorDb): Promise<Map<string, string>> {
  const users = await db.feed('users').toArray();
  return new Map(users.map((u) => [u.userId, actorName(u)]));
}
