import type { InferSelectModel } from 'drizzle-orm';
import type { userSettings } from '../../db/schema/index.ts';

/** A user's setting in its feed shape (the REST answer is field and value: service.ts). */
export const userSettingToApi = (row: InferSelectModel<typeof userSettings>) => ({ settingId: row.id, userId: row.userId, field: row.field, value: row.value });
