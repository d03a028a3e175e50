import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { SETTING_FIELDS, settingRowId, settingsPatchSchema, type SettingField } from '../../../core/schema/settings.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface SaveSettingArgs {
  userId: string;
  /** One or more settings, stored together: a grid's view is its filter and its columns, saved as one change. */
  values: Partial<Record<SettingField, unknown>>;
}

// Which settings exist and how large one may be are the PATCH body's rules (core settingsPatchSchema),
// checked in parse on the request the values make.
const argsSchema = z.object({
  userId: entityId,
  values: z.record(z.string(), z.unknown()).transform((values) => values as SaveSettingArgs['values']),
});

/** Version 1 saved one setting per change: { userId, field, value }. */
const v1Schema = z.object({
  userId: entityId,
  field: z.enum(SETTING_FIELDS, { error: `Unknown setting; known settings are ${SETTING_FIELDS.join(', ')}` }),
  value: z.unknown(),
});

const fieldsOf = (values: SaveSettingArgs['values']) => Object.keys(values) as SettingField[];

const patchOf = (values: SaveSettingArgs['values']) => fieldsOf(values).map((field) => ({ op: 'add' as const, path: `/${field}`, value: values[field] }));

/**
 * Saves some of the user's settings (a grid's saved view): PATCH /auth/users/{userId}/settings, one
 * operation per setting in one request, so a view lands whole or not at all.
 */
export const saveSetting: Mutator<SaveSettingArgs> = {
  name: 'saveSetting',
  version: 2,
  parse(args) {
    const parsed = parseArgs(argsSchema, args);
    // The server stores the JSON it receives; keep the mirror equal to that (no undefined, no Dates).
    const values = Object.fromEntries(fieldsOf(parsed.values).map((field) => [field, JSON.parse(JSON.stringify(parsed.values[field] ?? null)) as unknown]));
    parseArgs(settingsPatchSchema, patchOf(values));
    return { userId: parsed.userId, values };
  },
  upgrade(args, from) {
    if (from !== 1) throw new Error(`no upgrade from version ${from}`);
    const { userId, field, value } = parseArgs(v1Schema, args);
    return { userId, values: { [field]: value } };
  },
  request: ({ userId, values }) => ({
    method: 'PATCH',
    path: `/auth/users/${encodeURIComponent(userId)}/settings`,
    body: patchOf(values),
  }),
  touches: ({ userId, values }) => fieldsOf(values).map((field) => rowKey('userSettings', settingRowId(userId, field))),
  async apply(db, { userId, values }) {
    const rows = fieldsOf(values).map((field) => {
      const id = settingRowId(userId, field);
      return { id, settingId: id, userId, field, value: values[field] };
    });
    await db.feed('userSettings').bulkPut(rows);
  },
};
