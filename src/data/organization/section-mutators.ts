import { entityId } from '../../../core/schema/common.ts';
import { createSectionBodySchema, orgAdminPaths, renameSectionBodySchema } from '../../../core/schema/organization-admin.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';
import { deleteOrgRow } from './delete-org-row.ts';

/**
 * Sections of the organization (part 2 §2.3, §7; docs/organization-admin.md). Each change is made on
 * the device at once and replayed from the outbox; a refusal rolls the row back to the server's copy,
 * which is the spec's "organization update fails: the organization data is reloaded".
 */

export interface CreateSectionArgs {
  /** A new id made on the device; the server keeps it. */
  sectionId: string;
  sectionName: string;
}

const createSchema = createSectionBodySchema.extend({ sectionId: entityId });

/** New Section: POST /data/v2/organization/sections. */
export const createSection: Mutator<CreateSectionArgs> = {
  name: 'createSection',
  parse: (args) => parseArgs(createSchema, args),
  request: (body) => ({ method: 'POST', path: orgAdminPaths.sections.build({}), body }),
  creates: ({ sectionId }) => [rowKey('sections', sectionId)],
  touches: ({ sectionId }) => [rowKey('sections', sectionId)],
  async apply(db, { sectionId, sectionName }) {
    await db.feed('sections').put({ id: sectionId, sectionId, sectionName });
  },
};

export interface RenameSectionArgs {
  sectionId: string;
  sectionName: string;
}

const renameSchema = renameSectionBodySchema.extend({ sectionId: entityId });

/** Rename section: PATCH /data/v2/organization/sections/{sectionId}. */
export const renameSection: Mutator<RenameSectionArgs> = {
  name: 'renameSection',
  parse: (args) => parseArgs(renameSchema, args),
  request: ({ sectionId, sectionName }) => ({ method: 'PATCH', path: orgAdminPaths.section.build({ sectionId }), body: { sectionName } }),
  touches: ({ sectionId }) => [rowKey('sections', sectionId)],
  async apply(db, { sectionId, sectionName }) {
    await db.feed('sections').update(sectionId, { sectionName });
  },
};

export type DeleteSectionArgs = { sectionId: string };

/** Delete section (only one without MELs and active users): DELETE /data/v2/organization/sections/{sectionId}. */
export const deleteSection = deleteOrgRow('deleteSection', 'sections', 'sectionId', orgAdminPaths.section);
