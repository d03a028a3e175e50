import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import {
  orgAdminPaths,
  shiftTimesBodySchema,
  timeZoneSchema,
  updateContactBodySchema,
  updateOrganizationBodySchema,
  type UpdateContactBody,
  type UpdateOrganizationBody,
} from '../../../core/schema/organization-admin.ts';
import type { Organization, ShiftDay } from '../../../core/schema/organization.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

/**
 * The organization's options (part 2 §2.3, §7): lead times, shift times and contact information. Each
 * changes the organization's one mirror row; a refusal rolls it back to the server's copy.
 */

async function changeOrganization(db: MirrorDb, orgId: string, change: (org: Organization) => Partial<Organization>): Promise<void> {
  const org = await db.feed('organizations').get(orgId);
  if (org) await db.feed('organizations').put({ ...org, ...change(org) });
}

const touchesOrg = ({ orgId }: { orgId: string }) => [rowKey('organizations', orgId)];

export interface UpdateLeadTimesArgs {
  orgId: string;
  /** Only the lead times the user changed. */
  changes: UpdateOrganizationBody;
}

const leadTimesSchema = z.object({ orgId: entityId, changes: updateOrganizationBodySchema });

/** Lead times: PATCH /data/v1/organizations/{orgId}. */
export const updateLeadTimes: Mutator<UpdateLeadTimesArgs> = {
  name: 'updateLeadTimes',
  parse: (args) => parseArgs(leadTimesSchema, args),
  request: ({ orgId, changes }) => ({ method: 'PATCH', path: orgAdminPaths.organization.build({ orgId }), body: changes }),
  touches: touchesOrg,
  apply: (db, { orgId, changes }) => changeOrganization(db, orgId, () => changes),
};

export interface UpdateShiftTimesArgs {
  orgId: string;
  /** All seven days with their three shifts, start and end as UTC HHmmz. */
  shifts: ShiftDay[];
}

const shiftTimesSchema = z.object({ orgId: entityId, shifts: shiftTimesBodySchema.shape.shifts });

/** Shift times, replaced whole: PUT /data/v1/organizations/{orgId}/shifts. */
export const updateShiftTimes: Mutator<UpdateShiftTimesArgs> = {
  name: 'updateShiftTimes',
  parse: (args) => {
    parseArgs(shiftTimesBodySchema, { shifts: args.shifts });
    return parseArgs(shiftTimesSchema, args);
  },
  request: ({ orgId, shifts }) => ({ method: 'PUT', path: orgAdminPaths.shifts.build({ orgId }), body: { shifts } }),
  touches: touchesOrg,
  apply: (db, { orgId, shifts }) =>
    changeOrganization(db, orgId, () => ({ shiftTimes: shifts.map((d) => ({ day: d.day, shifts: [...d.shifts].sort((a, b) => a.shift - b.shift) })) })),
};

export interface UpdateContactArgs {
  orgId: string;
  /** Only the contact fields the user changed; '' or null clears a phone number. */
  changes: UpdateContactBody;
}

const contactSchema = z.object({ orgId: entityId, changes: updateContactBodySchema });

/** Contact information: PATCH /data/v2/organization. */
export const updateContact: Mutator<UpdateContactArgs> = {
  name: 'updateContact',
  parse: (args) => parseArgs(contactSchema, args),
  request: ({ changes }) => ({ method: 'PATCH', path: orgAdminPaths.contact.build({}), body: changes }),
  touches: touchesOrg,
  apply: (db, { orgId, changes }) =>
    changeOrganization(db, orgId, (org) => {
      const [current = { primaryContactUserId: null, primaryContactPhoneNumber: null, basePhoneNumber: null }, ...rest] = org.contactInfo;
      return { contactInfo: [{ ...current, ...changes }, ...rest] };
    }),
};

export interface UpdateTimeZoneArgs {
  orgId: string;
  /** An IANA name (core/rules/org-clock.ts). */
  timeZone: string;
}

const timeZoneArgsSchema = z.object({ orgId: entityId, timeZone: timeZoneSchema });

/** The organization's time zone (issue 50), by the vco: PATCH /data/v1/organizations/{orgId}. */
export const updateTimeZone: Mutator<UpdateTimeZoneArgs> = {
  name: 'updateTimeZone',
  parse: (args) => parseArgs(timeZoneArgsSchema, args),
  request: ({ orgId, timeZone }) => ({ method: 'PATCH', path: orgAdminPaths.organization.build({ orgId }), body: { timeZone } }),
  touches: touchesOrg,
  apply: (db, { orgId, timeZone }) => changeOrganization(db, orgId, () => ({ timeZone })),
};
