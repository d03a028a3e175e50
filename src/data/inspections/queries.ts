import Dexie from 'dexie';
import type { Inspection, InspectionFeedRow, InspectionPicture, InspectionResult } from '../../../core/schema/inspection.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { vehiclesOfRegistration } from '../vehicles/queries.ts';

/** One answered rule with the pictures taken for it. */
export type ResultWithPictures = InspectionResult & { pictures: InspectionPicture[] };

/** What the inspection detail shows: the header, and the results when this device has them. */
export interface InspectionView {
  /** From the mirror's feed row: it follows changes as they are pulled. */
  header: Inspection;
  /** The vehicle's registration now (the row keeps the one it was inspected under). */
  regNumber: string;
  /**
   * In the workflow's order; null when this device holds none: an inspection before
   * inspectionDetailMirrorStart whose detail was never fetched here (src/data/inspections/keep.ts).
   */
  results: ResultWithPictures[] | null;
  /** Where the results come from: the feed, or a detail fetched from the server and kept. */
  source: 'mirror' | 'kept' | null;
  /** When a kept detail was fetched (ISO). */
  fetchedAt: string | null;
}

function headerOf(row: InspectionFeedRow & { id?: string }): Inspection {
  const { id: _id, results: _results, ...header } = row;
  return header;
}

const byPosition = (a: InspectionResult, b: InspectionResult) => a.position - b.position || a.resultId.localeCompare(b.resultId);
const byPictureId = (a: InspectionPicture, b: InspectionPicture) => a.pictureId.localeCompare(b.pictureId);

/**
 * The vehicle's inspections, newest first (part 1 §2 Inspections), headers only: the history reads the
 * vehicle's part of the `[vehicleId+inspectionDate]` index backwards.
 */
export async function inspectionsOfVehicle(db: MirrorDb, vehicleId: string): Promise<Inspection[]> {
  const rows = await db.feed('inspections').where('[vehicleId+inspectionDate]').between([vehicleId, Dexie.minKey], [vehicleId, Dexie.maxKey]).reverse().toArray();
  return rows.map(headerOf);
}

/** The results with their pictures: a picture belongs to its result, else (older data) to its rule. */
export function withPictures(results: readonly InspectionResult[], pictures: readonly InspectionPicture[]): ResultWithPictures[] {
  return [...results].sort(byPosition).map((result) => ({
    ...result,
    pictures: pictures.filter((p) => (p.resultId !== null ? p.resultId === result.resultId : p.ruleId === result.ruleId)).sort(byPictureId),
  }));
}

/**
 * The inspection among those of the vehicle its address names, which reads that vehicle's months: found
 * by id alone, an inspection no screen of this tab has shown yet is looked for in every vehicle's
 * (src/db/row-locations.ts). The address may name the vehicle by an older registration: then undefined.
 */
async function inspectionOfVehicle(db: MirrorDb, inspectionId: string, regNumber: string) {
  for (const { vehicleId } of await vehiclesOfRegistration(db, regNumber)) {
    const row = await db
      .feed('inspections')
      .where('vehicleId')
      .equals(vehicleId)
      .filter((r) => r.id === inspectionId)
      .first();
    if (row) return row;
  }
  return undefined;
}

/**
 * One inspection as this device holds it, or null when the mirror has no such inspection: the feed's
 * row with its results and pictures when the feed carries them, else the detail kept from an earlier
 * fetch, else the header alone (results null).
 */
export async function inspectionViewOf(db: MirrorDb, inspectionId: string, regNumber?: string): Promise<InspectionView | null> {
  const row = (regNumber ? await inspectionOfVehicle(db, inspectionId, regNumber) : undefined) ?? (await db.feed('inspections').get(inspectionId));
  if (!row) return null;
  const vehicle = await db.feed('vehicles').get(row.vehicleId);
  const base = { header: headerOf(row), regNumber: vehicle?.regNumber ?? row.regNumber };
  if (row.results) {
    const pictures = await db.feed('inspectionPictures').where('inspectionId').equals(inspectionId).toArray();
    return { ...base, results: withPictures(row.results, pictures), source: 'mirror', fetchedAt: null };
  }
  const kept = await db.keptInspections.get(inspectionId);
  if (kept) {
    const results = [...kept.detail.results].sort(byPosition).map((r) => ({ ...r, pictures: [...r.pictures].sort(byPictureId) }));
    return { ...base, results, source: 'kept', fetchedAt: kept.fetchedAt };
  }
  return { ...base, results: null, source: null, fetchedAt: null };
}
