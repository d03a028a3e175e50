import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import {
  addSectionMelsBodySchema,
  addVehicleTypeMelsBodySchema,
  createSectionBodySchema,
  orgAdminPaths,
  renameSectionBodySchema,
  sectionMelUpdateBodySchema,
  shiftTimesBodySchema,
  updateContactBodySchema,
  updateOrganizationBodySchema,
  updateMelBodySchema,
  TIME_ZONE_VCO_ONLY,
} from '../../../core/schema/organization-admin.ts';
import { checkOrg, WEBSITE, type Access } from '../../auth/access.ts';
import { organizations, sectionMels, sections } from '../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { ServerModule } from '../module.ts';
import { sectionMelToApi, organizationToApi, sectionToApi } from './presenter.ts';
import { findOrganization, listSectionDetails, organizationDetail } from './queries.ts';
import {
  addSectionMels,
  addVehicleTypeMels,
  createSection,
  deleteMel,
  deleteSection,
  renameSection,
  replaceShiftTimes,
  updateContact,
  updateOrganization,
  updateMel,
  updateSectionMels,
} from './service.ts';

/** Who sees /OrganizationAdministration and changes lead times, sections and MELs (part 2 §2.3, §6). */
export const ORG_ADMINS: Access = { website: true, roles: ['vco', 'sectionLead'] };
/** Who changes shift times and contact information (part 2 §6: their edit buttons are vco only). */
export const VCO_ONLY: Access = { website: true, roles: ['vco'] };

const orgParams = z.object({ orgId: entityId });
const sectionParams = z.object({ sectionId: entityId });
const melParams = z.object({ melId: entityId });

/**
 * Organization administration (part 2 §2.3, §7; docs/organization-admin.md): the organization, its
 * lead times, shift times and contacts, its sections and their MELs, and the three feeds that carry
 * them to the devices. Vehicle types live in server/modules/vehicle-types/.
 */
export const organizationModule: ServerModule = {
  feeds: [
    { name: 'organizations', table: organizations, toApi: organizationToApi },
    { name: 'sections', table: sections, toApi: sectionToApi },
    { name: 'sectionMels', table: sectionMels, toApi: sectionMelToApi },
  ],
  register(app, ctx) {
    route(app, { method: 'GET', url: orgAdminPaths.info.pattern, access: WEBSITE, params: orgParams }, async ({ principal, params }) => {
      checkOrg(principal, params.orgId);
      const org = await findOrganization(ctx.db, principal.orgId);
      return { orgId: org.id, name: org.name, location: org.location };
    });

    route(app, { method: 'GET', url: orgAdminPaths.organization.pattern, access: WEBSITE, params: orgParams }, async ({ principal, params }) => {
      checkOrg(principal, params.orgId);
      return organizationDetail(ctx.db, principal.orgId);
    });

    route(
      app,
      { method: 'PATCH', url: orgAdminPaths.organization.pattern, access: ORG_ADMINS, params: orgParams, body: updateOrganizationBodySchema },
      async ({ principal, params, body, write }) => {
        checkOrg(principal, params.orgId);
        // The zone moves every day boundary of the organization: the vco's call alone (issue 50).
        if (body.timeZone !== undefined && principal.role !== 'vco') throw forbidden(TIME_ZONE_VCO_ONLY);
        return updateOrganization(write, principal, body);
      },
    );

    route(app, { method: 'GET', url: orgAdminPaths.shifts.pattern, access: WEBSITE, params: orgParams }, async ({ principal, params }) => {
      checkOrg(principal, params.orgId);
      return { shifts: (await findOrganization(ctx.db, principal.orgId)).shiftTimes };
    });

    route(
      app,
      { method: 'PUT', url: orgAdminPaths.shifts.pattern, access: VCO_ONLY, params: orgParams, body: shiftTimesBodySchema },
      async ({ principal, params, body, write }) => {
        checkOrg(principal, params.orgId);
        return replaceShiftTimes(write, principal, body);
      },
    );

    route(app, { method: 'PATCH', url: orgAdminPaths.contact.pattern, access: VCO_ONLY, body: updateContactBodySchema }, async ({ principal, body, write }) =>
      updateContact(write, principal, body),
    );

    route(app, { method: 'GET', url: orgAdminPaths.sections.pattern, access: WEBSITE }, async ({ principal }) => listSectionDetails(ctx.db, principal.orgId));

    route(
      app,
      { method: 'POST', url: orgAdminPaths.sections.pattern, access: ORG_ADMINS, body: createSectionBodySchema },
      async ({ principal, body, write, reply }) => {
        const created = await createSection(write, principal, body);
        reply.status(201);
        return created;
      },
    );

    route(
      app,
      { method: 'PATCH', url: orgAdminPaths.section.pattern, access: ORG_ADMINS, params: sectionParams, body: renameSectionBodySchema },
      async ({ principal, params, body, write }) => renameSection(write, principal, params.sectionId, body),
    );

    route(app, { method: 'DELETE', url: orgAdminPaths.section.pattern, access: ORG_ADMINS, params: sectionParams }, async ({ principal, params, write }) =>
      deleteSection(write, principal, params.sectionId),
    );

    route(
      app,
      { method: 'POST', url: orgAdminPaths.sectionMels.pattern, access: ORG_ADMINS, params: sectionParams, body: addSectionMelsBodySchema },
      async ({ principal, params, body, write, reply }) => {
        const created = await addSectionMels(write, principal, params.sectionId, body);
        reply.status(201);
        return created;
      },
    );

    route(
      app,
      { method: 'PATCH', url: orgAdminPaths.sectionMels.pattern, access: ORG_ADMINS, params: sectionParams, body: sectionMelUpdateBodySchema },
      async ({ principal, params, body, write }) => updateSectionMels(write, principal, params.sectionId, body),
    );

    route(
      app,
      { method: 'POST', url: orgAdminPaths.mels.pattern, access: ORG_ADMINS, body: addVehicleTypeMelsBodySchema },
      async ({ principal, body, write, reply }) => {
        const created = await addVehicleTypeMels(write, principal, body);
        reply.status(201);
        return created;
      },
    );

    route(
      app,
      { method: 'PATCH', url: orgAdminPaths.mel.pattern, access: ORG_ADMINS, params: melParams, body: updateMelBodySchema },
      async ({ principal, params, body, write }) => updateMel(write, principal, params.melId, body),
    );

    route(app, { method: 'DELETE', url: orgAdminPaths.mel.pattern, access: ORG_ADMINS, params: melParams }, async ({ principal, params, write }) =>
      deleteMel(write, principal, params.melId),
    );
  },
};
