import { useCallback, useMemo } from 'react';
import { settingRowId, type SettingField } from '../../../core/schema/settings.ts';
import { useSession } from '../../auth/session-context.ts';
import { saveSetting } from '../../data/settings/save-setting.ts';
import { useLiveQuery, useMirror, useMutate } from '../../sync/react.tsx';
import { parseStoredColumns, parseStoredFilters } from './saved-view.ts';
import type { ColumnsState, FilterState, SavedView } from './types.ts';

export interface StoredView {
  /** False until the mirror has answered. */
  loaded: boolean;
  filters: FilterState | null;
  columns: ColumnsState | null;
  /** Changes exactly when the stored values change (the live query answers new objects each time). */
  key: string;
  save: (view: SavedView) => Promise<void>;
}

/** The signed-in user's saved view of one grid, read live from the mirror, and Save View. */
export function useStoredView(fields: { filter: SettingField; columns: SettingField }): StoredView {
  const { user } = useSession();
  const db = useMirror();
  const mutate = useMutate();
  const { userId } = user;

  const rows = useLiveQuery(
    () => db.feed('userSettings').bulkGet([settingRowId(userId, fields.filter), settingRowId(userId, fields.columns)]),
    [db, userId, fields.filter, fields.columns],
  );

  const filterValue: unknown = rows?.[0]?.value;
  const columnsValue: unknown = rows?.[1]?.value;
  const key = rows ? JSON.stringify([filterValue ?? null, columnsValue ?? null]) : '';

  // `key` stands for both values: parsing again only when they change keeps the grid's state still.
  const parsed = useMemo(() => ({ filters: parseStoredFilters(filterValue), columns: parseStoredColumns(columnsValue) }), [key]);

  const save = useCallback(
    async (view: SavedView) => {
      // One change for both: a navigation right after Save View cannot leave half a view queued.
      await mutate(saveSetting, { userId, values: { [fields.filter]: view.filters, [fields.columns]: view.columns } });
    },
    [mutate, userId, fields.filter, fields.columns],
  );

  return { loaded: rows !== undefined, ...parsed, key, save };
}
