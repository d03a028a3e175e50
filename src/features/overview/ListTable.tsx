import type { ReactNode } from 'react';
import { Anchor, ScrollArea, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { vehiclePath } from '../../shared/fleet-format.ts';

export interface Column<R> {
  header: string;
  cell(row: R): ReactNode;
  numeric?: boolean;
}

export const reg = <R extends { regNumber: string }>(): Column<R> => ({
  header: 'Registration',
  cell: (r) => (
    <Anchor component={Link} to={vehiclePath(r.regNumber)}>
      {r.regNumber}
    </Anchor>
  ),
});

export const daysText = (n: number) => (n === 0 ? 'Today' : n < 0 ? `${-n} overdue` : String(n));

/** One list of the Overview: a table with a link to each vehicle, or its empty text. */
export function ListTable<R>({
  label,
  rows,
  columns,
  empty,
  rowKey,
}: {
  label: string;
  rows: readonly R[];
  columns: Column<NoInfer<R>>[];
  empty: string;
  rowKey(row: NoInfer<R>): string;
}) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={420} type="auto" viewportProps={{ tabIndex: 0, 'aria-label': `${label}, scrollable` }}>
      <Table striped stickyHeader aria-label={label} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.numeric ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={rowKey(r)}>
              {columns.map((c) => (
                <Table.Td key={c.header} ta={c.numeric ? 'right' : undefined}>
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
