import { z } from 'zod';
import { isoDateTime, entityId } from './common.ts';

/** HHmm followed by z: the shift boundary in UTC (part 2 §3). */
export const shiftTimeSchema = z.string().regex(/^([01]\d|2[0-3])[0-5]\dz$/, 'Shift times are HHmm followed by z, in UTC');

export const shiftSchema = z.object({
  shift: z.number().int().min(1).max(3),
  start: shiftTimeSchema,
  end: shiftTimeSchema,
});

export const SHIFT_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const shiftDaySchema = z.object({
  day: z.enum(SHIFT_DAYS),
  shifts: z.array(shiftSchema).max(3),
});
export type ShiftDay = z.infer<typeof shiftDaySchema>;

export const LEAD_TIME_FIELDS = ['eolLeadTime', 'mxLeadTime', 'tdyLeadTime', 'washLeadTime', 'ltiLeadTime', 'pmiLeadTime'] as const;
export const LEAD_TIME_MAX_DAYS = 180;
export const leadTimeSchema = z
  .number()
  .int('Lead times are whole days')
  .min(0, 'Lead times cannot be negative')
  .max(LEAD_TIME_MAX_DAYS, `Lead times are at most ${LEAD_TIME_MAX_DAYS} days`);

/** The organization as the API and the sync feed show it. */
export const organizationSchema = z.object({
  orgId: entityId,
  name: z.string(),
  location: z.string().nullable(),
  eolLeadTime: leadTimeSchema,
  mxLeadTime: leadTimeSchema,
  tdyLeadTime: leadTimeSchema,
  washLeadTime: leadTimeSchema,
  ltiLeadTime: leadTimeSchema,
  pmiLeadTime: leadTimeSchema,
  contactInfo: z.array(
    z.object({
      primaryContactUserId: z.string().nullable(),
      primaryContactPhoneNumber: z.string().nullable(),
      basePhoneNumber: z.string().nullable(),
    }),
  ),
  shiftTimes: z.array(shiftDaySchema),
  /** The IANA zone of its days, months and shifts; null until chosen, read as UTC (core/rules/org-clock.ts). */
  timeZone: z.string().nullable(),
  lastModificationDate: isoDateTime,
});
export type Organization = z.infer<typeof organizationSchema>;

export const sectionSchema = z.object({
  sectionId: entityId,
  sectionName: z.string(),
});
export type Section = z.infer<typeof sectionSchema>;

export const sectionMelSchema = z.object({
  melId: entityId,
  sectionId: entityId,
  vehicleType: z.string(),
  mel: z.number().int().min(1),
});
export type SectionMel = z.infer<typeof sectionMelSchema>;
