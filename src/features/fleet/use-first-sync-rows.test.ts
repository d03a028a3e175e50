// @vitest-environment jsdom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import type { Session } from '../../auth/session-context.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { SyncProvider } from '../../sync/react.tsx';
import { reactRoot } from '../../sync/testing/react-root.ts';
import { useFirstSyncRows } from './use-first-sync-rows.ts';

const react = reactRoot();

describe('useFirstSyncRows', () => {
  it("never shows an earlier first sync's rows in a later one: until the new answer, none", async () => {
    const answers: ((rows: FleetRow[]) => void)[] = [];
    const engine = { read: () => new Promise<FleetRow[]>((resolve) => answers.push(resolve)) } as unknown as SyncEngine;
    const shown: string[] = [];
    function Probe({ filling }: { filling: boolean }) {
      const rows = useFirstSyncRows(filling);
      shown.push(`${filling ? 'filling' : 'whole'}: ${rows === undefined ? 'none' : rows.length}`);
      return null;
    }
    const mount = (filling: boolean) =>
      react.render(createElement(SyncProvider, { db: {} as MirrorDb, engine, session: {} as Session, children: createElement(Probe, { filling }) }));

    mount(true);
    await act(async () => answers[0]!([{} as FleetRow, {} as FleetRow]));
    expect(shown.at(-1)).toBe('filling: 2');
    // The mirror becomes whole, then is started over (a reset) while the screen stays open; this time
    // the server's answer does not come.
    const whole = shown.length;
    mount(false);
    mount(true);
    expect(answers).toHaveLength(2);
    expect(shown.slice(whole)).not.toContain('filling: 2');
    expect(shown.at(-1)).toBe('filling: none');
  });
});
