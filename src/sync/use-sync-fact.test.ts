// @vitest-environment jsdom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../auth/session-context.ts';
import type { MirrorDb } from '../db/mirror.ts';
import type { SyncEngine } from './engine.ts';
import { SyncProvider, useSyncFact, useSyncStatus } from './react.tsx';
import { deriveSyncStatus, INITIAL_SHARED_FACTS, type SyncStatus } from './status.ts';
import { Store } from './store.ts';
import { reactRoot } from './testing/react-root.ts';

const react = reactRoot();

const idle = deriveSyncStatus({ browserOnline: true, canSync: true, streamConnected: true }, INITIAL_SHARED_FACTS);

/** Renders `read` under a provider whose engine has `status`; counts its renders. */
function mount(status: Store<SyncStatus>, read: () => unknown): { renders: () => number; shown: () => string } {
  let renders = 0;
  function Probe() {
    renders++;
    return String(read());
  }
  const engine = { status } as unknown as SyncEngine;
  const host = react.render(createElement(SyncProvider, { db: {} as MirrorDb, engine, session: {} as Session, children: createElement(Probe) }));
  return { renders: () => renders, shown: () => host.textContent ?? '' };
}

describe('useSyncFact', () => {
  it('renders again when its fact changes, not when the rest of the status does', () => {
    const status = new Store<SyncStatus>(idle);
    const fact = mount(status, () => useSyncFact((s) => s.bootstrapped));
    const before = fact.renders();
    expect(fact.shown()).toBe('false');

    // A pull starts and ends, a change waits, a first sync moves on: the fact stays.
    act(() => status.set({ ...status.get(), pulling: true, pending: 3, firstSync: { done: 500, total: 2000 } }));
    act(() => status.set({ ...status.get(), pulling: false, lastSyncedAt: '2026-11-27T12:00:00.000Z' }));
    expect(fact.renders()).toBe(before);

    act(() => status.set({ ...status.get(), bootstrapped: true }));
    expect(fact.shown()).toBe('true');
    expect(fact.renders()).toBe(before + 1);
  });

  it('beside the whole status, which renders again with every change', () => {
    const status = new Store<SyncStatus>(idle);
    const whole = mount(status, () => useSyncStatus().bootstrapped);
    const before = whole.renders();
    act(() => status.set({ ...status.get(), pulling: true }));
    act(() => status.set({ ...status.get(), pulling: false }));
    expect(whole.renders()).toBe(before + 2);
  });
});
