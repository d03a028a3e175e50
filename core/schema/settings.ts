import { z } from 'zod';

/** Settings the product knows (part 1 §3, part 2 §3); other fields are refused. */
export const SETTING_FIELDS = [
  'userAdminFilter',
  'userAdminColumnsState',
  'fleetDetailFilter',
  'fleetDetailColumnsState',
  'inspectionWorkflowsFilter',
  'inspectionWorkflowsColumnsState',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

export const SETTING_VALUE_MAX_BYTES = 64 * 1024;

export const settingsPatchSchema = z
  .array(
    z.object({
      op: z.literal('add', { error: 'Only "add" operations are supported' }),
      path: z
        .string()
        .regex(/^\/[A-Za-z]+$/, 'A path is / followed by the setting name')
        .refine((p) => (SETTING_FIELDS as readonly string[]).includes(p.slice(1)), {
          message: `Unknown setting; known settings are ${SETTING_FIELDS.join(', ')}`,
        }),
      value: z.unknown().refine((v) => JSON.stringify(v ?? null).length <= SETTING_VALUE_MAX_BYTES, {
        message: `A setting value is at most ${SETTING_VALUE_MAX_BYTES / 1024} KiB`,
      }),
    }),
  )
  .min(1, 'Send at least one operation')
  .max(SETTING_FIELDS.length * 2, 'Too many operations');

/** Settings as GET answers them: field/value pairs. */
export const settingsSchema = z.array(z.object({ field: z.string(), value: z.unknown() }));
export type SettingEntry = z.infer<typeof settingsSchema>[number];

/** A setting as the sync feed carries it. */
export const userSettingRowSchema = z.object({ settingId: z.string(), userId: z.string(), field: z.string(), value: z.unknown() });
export type UserSettingRow = z.infer<typeof userSettingRowSchema>;

/**
 * The id of a user's setting row: derived from the user and the field, so a device that saves a view
 * offline writes its mirror row under the id the server will give it.
 */
export function settingRowId(userId: string, field: string): string {
  return `${userId}-${field}`;
}
