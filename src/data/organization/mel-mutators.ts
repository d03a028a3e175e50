import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { addSectionMelsBodySchema, addVehicleTypeMelsBodySchema, orgAdminPaths, updateMelBodySchema } from '../../../core/schema/organization-admin.ts';
import type { SectionMel } from '../../../core/schema/organization.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';
import { deleteOrgRow } from './delete-org-row.ts';

/**
 * MELs, a section's minimum of each vehicle type (part 2 §2.3, §5, §7; docs/organization-admin.md).
 * Every new MEL carries the id made on the device. A vehicle type typed in that the organization does
 * not have yet is created first with createVehicleType, so it is in every picker at once, offline too.
 */

async function putMels(db: MirrorDb, mels: SectionMel[]): Promise<void> {
  await db.feed('sectionMels').bulkPut(mels.map((m) => ({ ...m, id: m.melId })));
}

export interface AddSectionMelsArgs {
  sectionId: string;
  mels: { melId: string; vehicleType: string; mel: number }[];
}

const addSectionMelsSchema = z.object({
  sectionId: entityId,
  mels: addSectionMelsBodySchema.shape.mels.element.extend({ melId: entityId }).array().min(1).max(100),
});

/** Add Vehicle Type MELs, to one section: POST /data/v2/organization/sections/{sectionId}/mels. */
export const addSectionMels: Mutator<AddSectionMelsArgs> = {
  name: 'addSectionMels',
  parse: (args) => {
    parseArgs(addSectionMelsBodySchema, { mels: args.mels });
    return parseArgs(addSectionMelsSchema, args);
  },
  request: ({ sectionId, mels }) => ({ method: 'POST', path: orgAdminPaths.sectionMels.build({ sectionId }), body: { mels } }),
  creates: ({ mels }) => mels.map((m) => rowKey('sectionMels', m.melId)),
  touches: ({ mels }) => mels.map((m) => rowKey('sectionMels', m.melId)),
  apply: (db, { sectionId, mels }) =>
    putMels(
      db,
      mels.map((m) => ({ ...m, sectionId })),
    ),
};

export interface AddVehicleTypeMelsArgs {
  vehicleType: string;
  mels: { melId: string; sectionId: string; mel: number }[];
}

const addVehicleTypeMelsSchema = z.object({
  vehicleType: addVehicleTypeMelsBodySchema.shape.vehicleType,
  mels: addVehicleTypeMelsBodySchema.shape.mels.element.extend({ melId: entityId }).array().min(1).max(100),
});

/** Add Section MELs, of one vehicle type: POST /data/v2/organization/mels. */
export const addVehicleTypeMels: Mutator<AddVehicleTypeMelsArgs> = {
  name: 'addVehicleTypeMels',
  parse: (args) => {
    parseArgs(addVehicleTypeMelsBodySchema, args);
    return parseArgs(addVehicleTypeMelsSchema, args);
  },
  request: (body) => ({ method: 'POST', path: orgAdminPaths.mels.build({}), body }),
  creates: ({ mels }) => mels.map((m) => rowKey('sectionMels', m.melId)),
  touches: ({ mels }) => mels.map((m) => rowKey('sectionMels', m.melId)),
  apply: (db, { vehicleType, mels }) =>
    putMels(
      db,
      mels.map((m) => ({ ...m, vehicleType })),
    ),
};

export interface UpdateMelArgs {
  melId: string;
  mel: number;
}

const updateMelSchema = updateMelBodySchema.extend({ melId: entityId });

/** Edit MEL: PATCH /data/v2/organization/mels/{melId}. */
export const updateMel: Mutator<UpdateMelArgs> = {
  name: 'updateMel',
  parse: (args) => parseArgs(updateMelSchema, args),
  request: ({ melId, mel }) => ({ method: 'PATCH', path: orgAdminPaths.mel.build({ melId }), body: { mel } }),
  touches: ({ melId }) => [rowKey('sectionMels', melId)],
  async apply(db, { melId, mel }) {
    await db.feed('sectionMels').update(melId, { mel });
  },
};

/** Delete MEL: DELETE /data/v2/organization/mels/{melId}. */
export const deleteMel = deleteOrgRow('deleteMel', 'sectionMels', 'melId', orgAdminPaths.mel);
