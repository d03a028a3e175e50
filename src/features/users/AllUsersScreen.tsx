import { useMemo, useState } from 'react';
import { ActionIcon, Button, Stack, Title, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPencil, IconUserPlus } from '@tabler/icons-react';
import type { Section } from '../../../core/schema/organization.ts';
import { useSession } from '../../auth/session-context.ts';
import { DataGrid, type FilterState } from '../../components/data-grid/index.ts';
import { useLiveQuery, useMirror, useSyncFact } from '../../sync/react.tsx';
import { AddUserDialog } from './AddUserDialog.tsx';
import { ModifyUserDialog } from './ModifyUserDialog.tsx';
import { ACTIONS_WIDTH, userColumnWidths } from './column-widths.ts';
import { userColumns } from './user-columns.tsx';
import { sortSections } from './user-options.ts';
import { userGridRows, type UserGridRow } from './user-rows.ts';

/** Part 1 §2: active users shown by default; administrators and others alike. */
const DEFAULT_FILTERS: FilterState = { active: { kind: 'BOOLEAN', value: true } };
const DEFAULT_SORT = [{ id: 'familyName', desc: false }];
const VIEW_SETTINGS = { filter: 'userAdminFilter', columns: 'userAdminColumnsState' } as const;

interface MirrorUsers {
  rows: UserGridRow[];
  sections: Section[];
  myIsAdmin: boolean | null;
  error: string | null;
}

/**
 * The All Users screen (/Admin, part 1 §2): every user of the organization from the mirror, joined
 * with its sections. Everyone signed in may look; administrators add and modify users.
 */
export function AllUsersScreen() {
  const db = useMirror();
  const session = useSession();
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  const [addOpen, setAddOpen] = useState(false);
  const [modifyOpen, setModifyOpen] = useState(false);
  const [modifyId, setModifyId] = useState<string | null>(null);

  const me = session.user.userId;
  const data = useLiveQuery(async (): Promise<MirrorUsers> => {
    try {
      const [users, sections] = await Promise.all([db.feed('users').toArray(), db.feed('sections').toArray()]);
      return { rows: userGridRows(users, sections), sections, myIsAdmin: users.find((u) => u.userId === me)?.isAdmin ?? null, error: null };
    } catch (error) {
      // Part 1 §8: a failed load shows the raw error in place of the content.
      return { rows: [], sections: [], myIsAdmin: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [db, me]);

  const sections = useMemo(() => sortSections(data?.sections ?? []), [data?.sections]);
  // The server's users table, not the token, decides admin rights; the token answers until the row arrives.
  const isAdmin = data?.myIsAdmin ?? session.user.isAdmin;
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  // The grid rebuilds on a new columns array: build one only when the section names or the widths change.
  const sectionNamesKey = JSON.stringify([...new Set(sections.map((s) => s.sectionName))]);
  const widthsKey = JSON.stringify(userColumnWidths(width, isAdmin));
  const columns = useMemo(
    () => userColumns(JSON.parse(sectionNamesKey) as string[], JSON.parse(widthsKey) as ReturnType<typeof userColumnWidths>),
    [sectionNamesKey, widthsKey],
  );
  // Before the first pull an empty mirror means "not loaded yet", not "no users".
  const rows = data === undefined || (!bootstrapped && data.rows.length === 0 && !data.error) ? undefined : data.rows;
  const modifying = modifyId === null ? null : (data?.rows.find((r) => r.userId === modifyId) ?? null);

  const openModify = (row: UserGridRow) => {
    setModifyId(row.userId);
    setModifyOpen(true);
  };

  const addButton = (
    <Tooltip label="Only administrators can add users" disabled={isAdmin}>
      <Button
        leftSection={<IconUserPlus size={18} aria-hidden />}
        // data-disabled rather than disabled: a disabled button gets no pointer events, so no tooltip.
        data-disabled={isAdmin ? undefined : true}
        aria-disabled={!isAdmin}
        onClick={(event) => (isAdmin ? setAddOpen(true) : event.preventDefault())}
      >
        Add User
      </Button>
    </Tooltip>
  );

  return (
    <Stack gap="md" ref={sizeRef}>
      <Title order={1}>All Users</Title>
      <DataGrid<UserGridRow>
        aria-label="All Users"
        columns={columns}
        rows={rows}
        error={data?.error ?? null}
        getRowId={(row) => row.userId}
        viewSettings={VIEW_SETTINGS}
        defaultFilters={DEFAULT_FILTERS}
        defaultSort={DEFAULT_SORT}
        searchPlaceholder="Search users"
        toolbar={addButton}
        rowActions={
          isAdmin
            ? {
                width: ACTIONS_WIDTH,
                render: (row) => (
                  <Tooltip label="Modify">
                    <ActionIcon variant="subtle" aria-label={`Modify ${row.fullName}`} onClick={() => openModify(row)}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ),
              }
            : undefined
        }
        onRowDoubleClick={isAdmin ? openModify : undefined}
      />
      {isAdmin ? (
        <>
          <AddUserDialog opened={addOpen} onClose={() => setAddOpen(false)} sections={sections} />
          <ModifyUserDialog
            key={modifyId ?? ''}
            opened={modifyOpen && modifying !== null}
            onClose={() => setModifyOpen(false)}
            user={modifying}
            sections={sections}
          />
        </>
      ) : null}
    </Stack>
  );
}
