import type { Waiver, WaiverCard, WaiverPicture } from '../../../core/schema/waiver.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { rowsWhereAnyOf } from '../../db/rows-where-any-of.ts';

export type WaiverWithPictures = Waiver & { pictures: WaiverPicture[] };

const byId = (a: { waiverPictureId: string }, b: { waiverPictureId: string }) => a.waiverPictureId.localeCompare(b.waiverPictureId);

/** A vehicle's waivered items with their pictures, newest first (the list call's waiveredItems). */
export async function waiversOfVehicle(db: MirrorDb, vehicleId: string): Promise<WaiverWithPictures[]> {
  const waivers = (await db.feed('waivers').where('vehicleId').equals(vehicleId).toArray()).map(({ id: _id, ...w }) => w);
  const pictures = await rowsWhereAnyOf(
    db.feed('waiverPictures'),
    'waiverId',
    waivers.map((w) => w.waiverId),
  );
  return waivers
    .map((w) => ({
      ...w,
      pictures: pictures
        .filter((p) => p.waiverId === w.waiverId)
        .map(({ id: _id, ...p }) => p)
        .sort(byId),
    }))
    .sort((a, b) => b.creationDate.localeCompare(a.creationDate) || a.waiverId.localeCompare(b.waiverId));
}

/** The vehicle's card on file: its newest uploaded waiver card (the list call's waiverCardFile), or null. */
export async function waiverCardOfVehicle(db: MirrorDb, vehicleId: string): Promise<WaiverCard | null> {
  const cards = await db.feed('waiverCards').where('vehicleId').equals(vehicleId).toArray();
  const newest = cards.sort((a, b) => b.creationDate.localeCompare(a.creationDate) || b.waiverCardId.localeCompare(a.waiverCardId))[0];
  if (!newest) return null;
  const { id: _id, ...card } = newest;
  return card;
}

/** The rules an item may be waivered against: those of the vehicle's inspection workflow, in its order. */
export async function waiverRulesOf(db: MirrorDb, vehicleId: string): Promise<{ value: string; label: string }[]> {
  const vehicle = await db.feed('vehicles').get(vehicleId);
  if (!vehicle?.workflowId) return [];
  const rules = await db.feed('workflowRules').where('workflowId').equals(vehicle.workflowId).toArray();
  return rules.sort((a, b) => a.position - b.position).map((r) => ({ value: r.ruleId, label: `${r.ruleId} – ${r.title}` }));
}
