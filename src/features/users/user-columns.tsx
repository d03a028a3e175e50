import { Badge, Group, Text } from '@mantine/core';
import type { GridColumn } from '../../components/data-grid/index.ts';
import { usePending } from '../../sync/react.tsx';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type UserColumnId } from './column-widths.ts';
import { NO_SECTION_LABEL, ROLE_OPTIONS } from './user-options.ts';
import type { UserGridRow } from './user-rows.ts';

const ROLE_SET_OPTIONS = ROLE_OPTIONS.map(({ label }) => ({ value: label, label }));

function GivenNameCell({ row }: { row: UserGridRow }) {
  const pending = usePending(`users:${row.userId}`);
  return (
    <Group gap={6} wrap="nowrap">
      {/* minWidth 0 lets the name give way to the badge (a flex item will not shrink below its text). */}
      <Text size="sm" truncate title={row.givenName} style={{ minWidth: 0 }}>
        {row.givenName}
      </Text>
      {pending ? (
        <Badge size="xs" tt="none" color="yellow.4" variant="filled" title="Waiting to be sent to the server" style={{ flexShrink: 0 }}>
          Pending
        </Badge>
      ) : null}
    </Group>
  );
}

function TruncatedCell({ text }: { text: string }) {
  return (
    <Text size="sm" truncate title={text}>
      {text}
    </Text>
  );
}

/**
 * The All Users columns in the spec's order (part 1 §2): Given Name, Family Name, Email, Role (label),
 * Section (name, or 'No Section'), Admin, Active. Role and Section filter by the text shown.
 */
export function userColumns(sectionNames: readonly string[], widths: Record<UserColumnId, number>): GridColumn<UserGridRow>[] {
  const size = (id: UserColumnId) => ({ width: widths[id], minWidth: MIN_COLUMN_WIDTH, maxWidth: MAX_COLUMN_WIDTH });
  return [
    { id: 'givenName', header: 'Given Name', value: (r) => r.givenName, cell: (r) => <GivenNameCell row={r} />, filter: 'TEXT', ...size('givenName') },
    {
      id: 'familyName',
      header: 'Family Name',
      value: (r) => r.familyName,
      cell: (r) => <TruncatedCell text={r.familyName} />,
      filter: 'TEXT',
      ...size('familyName'),
    },
    { id: 'email', header: 'Email', value: (r) => r.email, cell: (r) => <TruncatedCell text={r.email} />, filter: 'TEXT', ...size('email') },
    {
      id: 'role',
      header: 'Role',
      value: (r) => r.roleLabel,
      cell: (r) => <TruncatedCell text={r.roleLabel} />,
      filter: 'SET',
      setOptions: ROLE_SET_OPTIONS,
      ...size('role'),
    },
    {
      id: 'section',
      header: 'Section',
      value: (r) => r.sectionName ?? NO_SECTION_LABEL,
      cell: (r) => <TruncatedCell text={r.sectionName ?? NO_SECTION_LABEL} />,
      filter: 'SET',
      setOptions: [NO_SECTION_LABEL, ...sectionNames].map((name) => ({ value: name, label: name })),
      ...size('section'),
    },
    { id: 'isAdmin', header: 'Admin', value: (r) => r.isAdmin, filter: 'BOOLEAN', ...size('isAdmin') },
    { id: 'active', header: 'Active', value: (r) => r.active, filter: 'BOOLEAN', ...size('active') },
  ];
}
