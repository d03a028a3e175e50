import type { InferSelectModel } from 'drizzle-orm';
import type { organizations, sectionMels, sections } from '../../db/schema/index.ts';
import type { Organization, Section, SectionMel } from '../../../core/schema/organization.ts';

/** The organization, its sections and their MELs in their REST and feed shape. */

type OrgRow = InferSelectModel<typeof organizations>;

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
    timeZone: row.timeZone,
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
