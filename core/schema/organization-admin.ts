import { z } from 'zod';
import { repeatedNames } from '../rules/name-key.ts';
import { canonicalTimeZone, isTimeZone } from '../rules/org-clock.ts';
import { isPhoneNumber, phoneInvalidMessage, PHONE_MAX_LENGTH } from '../rules/phone.ts';
import { apiPath } from './api-path.ts';
import { entityId } from './common.ts';
import { LEAD_TIME_FIELDS, leadTimeSchema, organizationSchema, SHIFT_DAYS, shiftTimeSchema } from './organization.ts';
import { vehicleTypeNameSchema } from './vehicle.ts';

/**
 * Organization administration (part 2 §2.3, §5, §7; docs/organization-admin.md): the bodies and
 * answers of the calls that change the organization's options, sections, MELs and contacts.
 */

/** Names of sections (and vehicle types: VEHICLE_TYPE_NAME_LIMIT) are shorter than this (part 2 §5: the limit is ours). */
export const SECTION_NAME_LIMIT = 50;
export const SECTION_EXISTS_MESSAGE = 'Another section with this name exists for this organization.';
export const SECTION_NAME_REQUIRED = 'Section name is required';

/** The three duplicate messages of part 2 §5 "MEL". */
export const MEL_EXISTS_FOR_SECTION = 'Vehicle Type MEL(s) exists for section';
export const MEL_EXISTS_FOR_VEHICLE_TYPE = 'Section MEL(s) exists for this vehicle type';
export const NEW_VEHICLE_TYPE_DUPLICATED = 'New vehicle type duplicated';
/** The same section twice in one Add Section MELs (the spec has no message for it; ours). */
export const NEW_SECTION_DUPLICATED = 'New section duplicated';

export const MEL_WHOLE_NUMBER = 'MEL must be a whole number';
export const MEL_MINIMUM = 'MEL must be at least 1';
export const MEL_MAX = 9_999;

export const PRIMARY_CONTACT_NOT_VCO = 'The primary contact must be an active VCO of this organization';
export const NOTHING_TO_UPDATE = 'Nothing to update';

export const sectionNameSchema = z
  .string({ error: SECTION_NAME_REQUIRED })
  .trim()
  .min(1, SECTION_NAME_REQUIRED)
  .max(SECTION_NAME_LIMIT - 1, `Name must be less than ${SECTION_NAME_LIMIT} characters in length.`);

/** MEL: a whole number, at least 1 (part 2 §5, §9). */
export const melValueSchema = z.number({ error: 'MEL is required' }).int(MEL_WHOLE_NUMBER).min(1, MEL_MINIMUM).max(MEL_MAX, `MEL must be at most ${MEL_MAX}`);

const nonEmpty = (b: object) => Object.keys(b).length > 0;

// ---- organization options ------------------------------------------------------------------------

/** An unknown zone: what the vco reads (issue 50). */
export const unknownTimeZoneMessage = (name: string) => `'${name}' is not a time zone: use an IANA name such as Asia/Tokyo or America/Anchorage`;

export const TIME_ZONE_VCO_ONLY = "Only a VCO changes the organization's time zone";

/** The organization's time zone: an IANA name this runtime knows, kept in its canonical spelling. */
export const timeZoneSchema = z
  .string({ error: 'Time zone must be a name such as Asia/Tokyo' })
  .refine(isTimeZone, { error: (issue) => unknownTimeZoneMessage(String(issue.input)) })
  .transform((name) => canonicalTimeZone(name) ?? name);

/**
 * PATCH /data/v1/organizations/{orgId}: the options changed, only those (lead times, whole days
 * 0..180; the time zone, which only a vco changes).
 */
export const updateOrganizationBodySchema = z
  .object({
    ...(Object.fromEntries(LEAD_TIME_FIELDS.map((f) => [f, leadTimeSchema.optional()])) as Record<
      (typeof LEAD_TIME_FIELDS)[number],
      z.ZodOptional<typeof leadTimeSchema>
    >),
    timeZone: timeZoneSchema.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: NOTHING_TO_UPDATE });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

const shiftBoundary = (which: 'Start' | 'End') =>
  z
    .string({ error: `${which} time is required` })
    .min(1, `${which} time is required`)
    .pipe(shiftTimeSchema);

/** A day of the week with its three shifts, each with a start and an end (part 2 §3, §5 "Shift time"). */
export const shiftDayBodySchema = z
  .object({
    day: z.enum(SHIFT_DAYS, { error: `Day must be one of: ${SHIFT_DAYS.join(', ')}` }),
    shifts: z
      .array(z.object({ shift: z.number().int().min(1).max(3), start: shiftBoundary('Start'), end: shiftBoundary('End') }).strict())
      .length(3, 'Each day has three shifts'),
  })
  .strict()
  .refine((d) => new Set(d.shifts.map((s) => s.shift)).size === 3, { path: ['shifts'], message: 'Each day has shifts 1, 2 and 3, once each' });

/** PUT /data/v1/organizations/{orgId}/shifts: all seven days, each once. */
export const shiftTimesBodySchema = z
  .object({
    shifts: z.array(shiftDayBodySchema).length(SHIFT_DAYS.length, 'Shift times are given for all seven days'),
  })
  .strict()
  .refine((b) => new Set(b.shifts.map((d) => d.day)).size === SHIFT_DAYS.length, { path: ['shifts'], message: 'Each day of the week is given once' });
export type ShiftTimesBody = z.infer<typeof shiftTimesBodySchema>;

/** GET /data/v1/organizations/{orgId}/shifts */
export const shiftTimesSchema = z.object({ shifts: organizationSchema.shape.shiftTimes });

/** An optional phone number: null or '' clears it; otherwise US style (core/rules/phone.ts) with the spec's message. */
const phoneSchema = (field: 'primaryContactPhoneNumber' | 'basePhoneNumber') =>
  z
    .string()
    .max(PHONE_MAX_LENGTH, { error: (issue) => phoneInvalidMessage(field, String(issue.input)) })
    .trim()
    .refine((v) => v === '' || isPhoneNumber(v), { error: (issue) => phoneInvalidMessage(field, String(issue.input)) })
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** PATCH /data/v2/organization: only the changed contact fields (part 2 §7). */
export const updateContactBodySchema = z
  .object({
    primaryContactUserId: entityId.nullable().optional(),
    primaryContactPhoneNumber: phoneSchema('primaryContactPhoneNumber').optional(),
    basePhoneNumber: phoneSchema('basePhoneNumber').optional(),
  })
  .strict()
  .refine(nonEmpty, { message: NOTHING_TO_UPDATE });
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;

// ---- sections and MELs ---------------------------------------------------------------------------

/** POST /data/v2/organization/sections; `sectionId` is the id the device chose. */
export const createSectionBodySchema = z.object({ sectionId: entityId.optional(), sectionName: sectionNameSchema }).strict();
export type CreateSectionBody = z.infer<typeof createSectionBodySchema>;

/** PATCH /data/v2/organization/sections/{sectionId}: rename. */
export const renameSectionBodySchema = z.object({ sectionName: sectionNameSchema }).strict();
export type RenameSectionBody = z.infer<typeof renameSectionBodySchema>;

/** POST /data/v2/organization/sections/{sectionId}/mels: Add Vehicle Type MELs (a new type is created). */
export const addSectionMelsBodySchema = z
  .object({
    mels: z
      .array(z.object({ melId: entityId.optional(), vehicleType: vehicleTypeNameSchema, mel: melValueSchema }).strict())
      .min(1, 'Add at least one MEL')
      .max(100, 'Add at most 100 MELs at once'),
  })
  .strict()
  .superRefine((b, ctx) => {
    for (const i of repeatedNames(b.mels.map((m) => m.vehicleType)))
      ctx.addIssue({ code: 'custom', path: ['mels', i, 'vehicleType'], message: NEW_VEHICLE_TYPE_DUPLICATED });
  });
export type AddSectionMelsBody = z.infer<typeof addSectionMelsBodySchema>;

/** POST /data/v2/organization/mels: Add Section MELs of one vehicle type (a new type is created). */
export const addVehicleTypeMelsBodySchema = z
  .object({
    vehicleType: vehicleTypeNameSchema,
    mels: z
      .array(z.object({ melId: entityId.optional(), sectionId: entityId, mel: melValueSchema }).strict())
      .min(1, 'Add at least one MEL')
      .max(100, 'Add at most 100 MELs at once'),
  })
  .strict()
  .superRefine((b, ctx) => {
    for (const i of repeatedNames(b.mels.map((m) => m.sectionId))) ctx.addIssue({ code: 'custom', path: ['mels', i, 'sectionId'], message: NEW_SECTION_DUPLICATED });
  });
export type AddVehicleTypeMelsBody = z.infer<typeof addVehicleTypeMelsBodySchema>;

/**
 * PATCH /data/v2/organization/sections/{sectionId}/mels: the spec's "Section MEL update" (part 2 §7):
 * body sectionId, sectionName and a mel array. An entry with a number sets the section's MEL of that
 * type (made when the section has none, the type created when the organization has none); an entry
 * with only vehicleType, or mel null, removes it. `sectionName`, when it differs, renames the section.
 */
export const sectionMelUpdateBodySchema = z
  .object({
    sectionId: entityId.optional(),
    sectionName: sectionNameSchema.optional(),
    mel: z
      .array(z.object({ melId: entityId.optional(), vehicleType: vehicleTypeNameSchema, mel: melValueSchema.nullable().optional() }).strict())
      .max(100, 'Change at most 100 MELs at once'),
  })
  .strict()
  .superRefine((b, ctx) => {
    for (const i of repeatedNames(b.mel.map((m) => m.vehicleType)))
      ctx.addIssue({ code: 'custom', path: ['mel', i, 'vehicleType'], message: NEW_VEHICLE_TYPE_DUPLICATED });
  });
export type SectionMelUpdateBody = z.infer<typeof sectionMelUpdateBodySchema>;

/** PATCH /data/v2/organization/mels/{melId}: edit MEL. */
export const updateMelBodySchema = z.object({ mel: melValueSchema }).strict();
export type UpdateMelBody = z.infer<typeof updateMelBodySchema>;

// ---- answers -------------------------------------------------------------------------------------

export const activeUserSchema = z.object({ userId: entityId, firstName: z.string(), lastName: z.string() });

/** A section as the administration shows it: its active users (count and names) and its MELs (part 2 §3). */
export const sectionDetailSchema = z.object({
  sectionId: entityId,
  sectionName: z.string(),
  activeUsers: z.array(activeUserSchema),
  mel: z.array(z.object({ melId: entityId, vehicleType: z.string(), mel: z.number().int() })),
});
export type SectionDetail = z.infer<typeof sectionDetailSchema>;

/** GET /data/v1/organizations/{orgId}: the organization with its sections (part 2 §3 "Organization"). */
export const organizationDetailSchema = organizationSchema.extend({ sections: z.array(sectionDetailSchema) });
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/** GET /auth/organizations/{orgId}: organization info. */
export const organizationInfoSchema = organizationSchema.pick({ orgId: true, name: true, location: true });

// ---- paths ---------------------------------------------------------------------------------------

/** Every path of organization administration, written once (the server registers them, the client builds them). */
export const orgAdminPaths = {
  info: apiPath('/auth/organizations/:orgId'),
  organization: apiPath('/data/v1/organizations/:orgId'),
  shifts: apiPath('/data/v1/organizations/:orgId/shifts'),
  contact: apiPath('/data/v2/organization'),
  sections: apiPath('/data/v2/organization/sections'),
  section: apiPath('/data/v2/organization/sections/:sectionId'),
  sectionMels: apiPath('/data/v2/organization/sections/:sectionId/mels'),
  mels: apiPath('/data/v2/organization/mels'),
  mel: apiPath('/data/v2/organization/mels/:melId'),
} as const;
