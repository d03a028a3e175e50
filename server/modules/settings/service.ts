import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';
import type { RouteWrite } from '../../http/route.ts';
import type { Principal } from '../../auth/principal.ts';
import { settingRowId, type SettingEntry } from '../../../core/schema/settings.ts';

export async function readSettings(q: Queryable, userId: string): Promise<SettingEntry[]> {
  const rows = await q
    .select({ field: userSettings.field, value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), isNull(userSettings.deletedAt)))
    .orderBy(asc(userSettings.field));
  return rows;
}

/** Applies `add` operations: each sets one field to its value (JSON Patch "add" on /{field}). */
export async function addSettings(write: RouteWrite, p: Principal, ops: { path: string; value: unknown }[]): Promise<SettingEntry[]> {
  return write(async ({ tx, rev, now }) => {
    for (const op of ops) {
      const field = op.path.slice(1);
      const value = op.value ?? null;
      await tx
        .insert(userSettings)
        .values({ id: settingRowId(p.userId, field), orgId: p.orgId, rev, userId: p.userId, field, value })
        .onConflictDoUpdate({
          target: [userSettings.userId, userSettings.field],
          set: { value, rev, updatedAt: now, deletedAt: null },
        });
    }
    return readSettings(tx, p.userId);
  });
}
