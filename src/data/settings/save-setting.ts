import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { SETTING_FIELDS, settingRowId, settingsPatchSchema, type SettingField } from '../../../core/schema/settings.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface SaveSettingArgs {
  userId: string;
  field: SettingField;
  value: unknown;
}

const argsSchema = z.object({
  userId: entityId,
  field: z.enum(SETTING_FIELDS, { error: `Unknown setting; known settings are ${SETTING_FIELDS.join(', ')}` }),
  value: z.unknown(),
});

const patchOf = (field: string, value: unknown) => [{ op: 'add' as const, path: `/${field}`, value }];

/** Saves one of the user's settings (a grid's filter or columns): PATCH /auth/users/{userId}/settings. */
export const saveSetting: Mutator<SaveSettingArgs> = {
  name: 'saveSetting',
  parse(args) {
    const parsed = parseArgs(argsSchema, args);
    // The server stores the JSON it receives; keep the mirror equal to that (no undefined, no Dates).
    const value: unknown = JSON.parse(JSON.stringify(parsed.value ?? null));
    parseArgs(settingsPatchSchema, patchOf(parsed.field, value));
    return { userId: parsed.userId, field: parsed.field, value };
  },
  request: ({ userId, field, value }) => ({
    method: 'PATCH',
    path: `/auth/users/${encodeURIComponent(userId)}/settings`,
    body: patchOf(field, value),
  }),
  touches: ({ userId, field }) => [rowKey('userSettings', settingRowId(userId, field))],
  async apply(db, { userId, field, value }) {
    const id = settingRowId(userId, field);
    await db.feed('userSettings').put({ id, settingId: id, userId, field, value });
  },
};
