// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { settingRowId } from '../../../core/schema/settings.ts';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { mantineDom } from '../../sync/testing/mantine-dom.ts';
import { withSync } from '../../sync/testing/with-sync.ts';
import { DataGrid } from './DataGrid.tsx';
import type { DataGridProps, GridColumn } from './types.ts';

interface User {
  id: string;
  name: string;
  active: boolean;
}

const columns: GridColumn<User>[] = [
  { id: 'name', header: 'Name', value: (u) => u.name, filter: 'TEXT' },
  { id: 'active', header: 'Active', value: (u) => u.active, filter: 'TOGGLE', toggleLabel: 'Show Inactive' },
];

const users: User[] = [
  { id: '1', name: 'Ann', active: true },
  { id: '2', name: 'Bob', active: false },
  { id: '3', name: 'Cy', active: true },
];

const USER_ID = 'user-1';

const { render } = mantineDom();

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error(`Timed out waiting for ${what}; the page reads: ${document.body.textContent}`);
}

function grid(props: Partial<DataGridProps<User>>) {
  return createElement(DataGrid<User>, {
    columns,
    rows: users,
    getRowId: (u: User) => u.id,
    height: 400,
    'aria-label': 'Users',
    ...props,
  });
}

const buttonNamed = (container: HTMLElement, name: string) => Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.trim() === name);

describe('DataGrid', () => {
  it("shows 'Loading...' while the rows are undefined", () => {
    const page = render(grid({ rows: undefined }));
    expect(page.textContent).toContain('Loading...');
    expect(page.querySelector('[role="table"]')?.getAttribute('aria-label')).toBe('Users');
  });

  it("shows 'No Data' when no row is left", () => {
    const page = render(grid({ rows: [] }));
    expect(page.textContent).toContain('No Data');
    expect(page.textContent).not.toContain('Loading...');
  });

  it("shows 'No Data' when the filters leave no row", () => {
    const page = render(grid({ defaultFilters: { name: { kind: 'TEXT', text: 'zzz' } } }));
    expect(page.textContent).toContain('No Data');
    expect(page.textContent).toContain('0 of 3 rows');
    expect(page.querySelector('button[aria-label="Filters, 1 active"]')).not.toBeNull();
  });

  it('searches the columns it is told to, shown or not', () => {
    const typeInto = (input: HTMLInputElement, text: string) =>
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    const everyColumn = render(grid({ searchPlaceholder: 'Search users' }));
    typeInto(everyColumn.querySelector<HTMLInputElement>('input[aria-label="Search users"]')!, 'no');
    // 'No' is Bob's Active value.
    expect(everyColumn.textContent).toContain('1 of 3 rows');
    const namesOnly = render(grid({ searchPlaceholder: 'Search users', searchColumns: ['name'] }));
    typeInto(namesOnly.querySelector<HTMLInputElement>('input[aria-label="Search users"]')!, 'no');
    expect(namesOnly.textContent).toContain('0 of 3 rows');
  });

  it('shows a load error in place of the grid, as it came', () => {
    const page = render(grid({ rows: undefined, error: 'Request failed: 500 Internal Server Error' }));
    expect(page.querySelector('[role="alert"]')?.textContent).toBe('Request failed: 500 Internal Server Error');
    expect(page.querySelector('[role="table"]')).toBeNull();
  });

  it('applies the default filters when the user has no saved view, and ignores a malformed one', async () => {
    const db = freshDb();
    await db.feed('userSettings').put({
      id: settingRowId(USER_ID, 'userAdminFilter'),
      settingId: settingRowId(USER_ID, 'userAdminFilter'),
      userId: USER_ID,
      field: 'userAdminFilter',
      value: { active: { kind: 'TOGGLE', on: 'maybe' } },
    });
    const page = render(
      withSync(
        db,
        grid({
          viewSettings: { filter: 'userAdminFilter', columns: 'userAdminColumnsState' },
          defaultFilters: { active: { kind: 'TOGGLE', on: false } },
        }),
      ),
    );
    await waitFor(() => page.textContent?.includes('2 of 3 rows') ?? false, 'the default filter');
    db.close();
  });

  it('applies the saved view from the mirror, and Save View stores the current one', async () => {
    const db = freshDb();
    const filterId = settingRowId(USER_ID, 'userAdminFilter');
    await db.feed('userSettings').put({
      id: filterId,
      settingId: filterId,
      userId: USER_ID,
      field: 'userAdminFilter',
      value: { name: { kind: 'TEXT', text: 'b' } },
    });
    const page = render(
      withSync(
        db,
        grid({
          viewSettings: { filter: 'userAdminFilter', columns: 'userAdminColumnsState' },
          defaultFilters: { active: { kind: 'TOGGLE', on: false } },
        }),
      ),
    );
    await waitFor(() => page.textContent?.includes('1 of 3 rows') ?? false, 'the saved filter');

    await act(async () => buttonNamed(page, 'Save View')!.click());
    await waitFor(() => page.textContent?.includes('View saved') ?? false, 'the confirmation');
    const columnsRow = await db.feed('userSettings').get(settingRowId(USER_ID, 'userAdminColumnsState'));
    expect(columnsRow?.value).toEqual({ order: ['name', 'active'], hidden: [], widths: {} });
    expect((await db.feed('userSettings').get(filterId))?.value).toEqual({ name: { kind: 'TEXT', text: 'b' } });
    db.close();
  });
});
