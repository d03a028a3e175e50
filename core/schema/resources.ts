import { discrepancyPictureResource, discrepancyResource } from './discrepancy.ts';
import { documentResource } from './document.ts';
import { ltiResource, pmiResource, scheduledMxResource } from './maintenance.ts';
import { noteResource } from './note.ts';
import type { ResourceContract } from './resource.ts';
import { tdyResource } from './tdy.ts';
import { waiverCardResource, waiverPictureResource, waiverResource } from './waiver.ts';
import { washResource } from './wash.ts';

/**
 * Every resource declared with a contract (core/schema/resource.ts). Its feed joins the sync feeds and
 * its indexes the mirror; add each new one here.
 */
export const RESOURCES = [
  noteResource,
  washResource,
  scheduledMxResource,
  ltiResource,
  pmiResource,
  tdyResource,
  discrepancyResource,
  discrepancyPictureResource,
  waiverResource,
  waiverPictureResource,
  waiverCardResource,
  documentResource,
] as const satisfies readonly ResourceContract[];

type Resources = (typeof RESOURCES)[number];

/** The row schemas of the resources' feeds, by feed name. */
export const resourceFeedSchemas = Object.fromEntries(RESOURCES.map((r) => [r.feed, r.row])) as {
  [R in Resources as R['feed']]: R['row'];
};
