import type { InferSelectModel } from 'drizzle-orm';
import type { organizations, sectionMels, sections, userSettings, users } from '../../db/schema/index.ts';
import type { Organization, Section, SectionMel } from '../../../core/schema/organization.ts';
import { parseRole } from '../../../core/schema/roles.ts';
import { userNameFields, type UserRow } from '../../../core/schema/user.ts';

/** The organization, its sections and their MELs, its users and their settings in their REST and feed shape. */

type OrgRow = InferSelectModel<typeof organizations>;
type UserDbRow = InferSelectModel<typeof users>;

export function organizationToApi(row: OrgRow): Organization {
  return {
    orgId: row.id,
    name: row.name,
    location: row.location,
    eolLeadTime: row.eolLeadTime,
    mxLeadTime: row.mxLeadTime,
    tdyLeadTime: row.tdyLeadTime,
    washLeadTime: row.washLeadTime,
    ltiLeadTime: row.ltiLeadTime,
    pmiLeadTime: row.pmiLeadTime,
    contactInfo: [
      {
        primaryContactUserId: row.primaryContactUserId,
        primaryContactPhoneNumber: row.primaryContactPhoneNumber,
        basePhoneNumber: row.basePhoneNumber,
      },
    ],
    shiftTimes: row.shiftTimes,
    lastModificationDate: row.updatedAt.toISOString(),
  };
}

export const sectionToApi = (row: InferSelectModel<typeof sections>): Section => ({ sectionId: row.id, sectionName: row.name });

export const sectionMelToApi = (row: InferSelectModel<typeof sectionMels>): SectionMel => ({
  melId: row.id,
  sectionId: row.sectionId,
  vehicleType: row.vehicleType,
  mel: row.mel,
});

/** A user as the sync feed carries it; REST answers add orgName and sectionName (server/modules/users/queries.ts). */
export function userToRow(row: UserDbRow): UserRow {
  return {
    userId: row.id,
    ...userNameFields(row.firstName, row.lastName),
    email: row.email,
    role: parseRole(row.role),
    orgId: row.orgId,
    active: row.active,
    isAdmin: row.isAdmin,
    sectionId: row.sectionId,
  };
}

export const userSettingToApi = (row: InferSelectModel<typeof userSettings>) => ({ settingId: row.id, userId: row.userId, field: row.field, value: row.value });
