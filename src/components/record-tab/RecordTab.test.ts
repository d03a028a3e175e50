// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, createElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MirrorQuery } from '../../sync/use-mirror-query.ts';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { stubMatchMedia } from '../../sync/testing/match-media.ts';
import { actUntil, reactRoot } from '../../sync/testing/react-root.ts';
import { withSync } from '../../sync/testing/with-sync.ts';
import { theme } from '../../theme.ts';
import { RecordTab } from './RecordTab.tsx';

interface Row {
  id: string;
}

const react = reactRoot();
const db = freshDb();

beforeAll(() => {
  stubMatchMedia();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

/** The tab with an add dialog listing `options`, as a tab's pickers list what the mirror has read so far. */
function tab(options: string[]) {
  const rows: MirrorQuery<Row[]> = { state: 'ready', data: [] };
  return withSync(
    db,
    createElement(
      MantineProvider,
      { theme, env: 'test' },
      createElement(RecordTab<Row>, {
        feed: 'waivers',
        label: 'Things',
        rows,
        columns: [{ id: 'id', header: 'Id', value: (r: Row) => r.id }],
        getRowId: (r: Row) => r.id,
        readOnly: false,
        add: { label: 'Add Thing', dialog: () => createElement('p', { role: 'note' }, `Options: ${options.join(', ') || 'none'}`) },
      }),
    ),
  );
}

describe('RecordTab', () => {
  it('shows an open dialog the options that arrive after it opened', async () => {
    const host = react.render(tab([]));
    await actUntil(() => [...host.querySelectorAll('button')].some((b) => b.textContent === 'Add Thing'), 'the add button');
    act(() => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Add Thing')!.click());
    expect(host.querySelector('[role="note"]')?.textContent).toBe('Options: none');

    react.render(tab(['A1 – Tyres', 'A2 – Lights']));
    expect(host.querySelector('[role="note"]')?.textContent).toBe('Options: A1 – Tyres, A2 – Lights');
  });
});
