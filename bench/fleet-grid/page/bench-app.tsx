import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { SessionContext, type Session, type SessionUser } from '../../../src/auth/session-context.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';
import { FleetDetailsScreen } from '../../../src/features/fleet/FleetDetailsScreen.tsx';
import { OverviewScreen } from '../../../src/features/overview/OverviewScreen.tsx';
import type { SyncEngine } from '../../../src/sync/engine.ts';
import { FleetUpdates } from '../../../src/sync/fleet-updates.ts';
import { SyncProvider } from '../../../src/sync/react.tsx';
import type { SyncStatus } from '../../../src/sync/status.ts';
import { Store } from '../../../src/sync/store.ts';
import { theme } from '../../../src/theme.ts';

/** A writer (not read-only), so the screen shows and mounts everything it has, Add Vehicle(s) included. */
const USER: SessionUser = {
  userId: 'fleet-bench-user',
  orgId: 'fleet-bench-org',
  email: 'bench@example.com',
  givenName: 'Bench',
  familyName: 'User',
  name: 'Bench User',
  role: 'vco',
  isAdmin: true,
};

const SESSION: Session = {
  user: USER,
  canSync: true,
  getAccessToken: async () => null,
  signIn: async () => {},
  signOut: async () => {},
};

/** Synced and idle: the mirror is complete (bootstrapped), so the hook shows what it derives. */
const STATUS: SyncStatus = {
  online: true,
  signInRequired: false,
  pending: 0,
  sending: false,
  pulling: false,
  bootstrapped: true,
  lastSyncedAt: null,
  lastError: null,
  streamConnected: true,
  unreadable: 0,
  firstSync: null,
  answers: null,
};

/** The engine the screen's hooks read; the bench page never syncs, writes or asks the server. */
export function benchEngine(db: MirrorDb): SyncEngine {
  const refuse = () => Promise.reject(new Error('the bench page makes no changes and asks the server nothing'));
  const engine = {
    db,
    status: new Store(STATUS),
    fleetUpdates: new FleetUpdates(),
    touchedRows: new Store<ReadonlySet<string>>(new Set()),
    isLeader: () => true,
    mutate: refuse,
    read: refuse,
    syncNow: async () => {},
    stop: () => {},
  };
  return engine;
}

/** The bench user's session in an organization (the Overview reads the organization's lead times). */
export const benchSession = (orgId: string): Session => ({ ...SESSION, user: { ...USER, orgId } });

/** The real Fleet Details screen (or the Overview) in the providers the signed-in app gives it. */
export function BenchApp({
  db,
  engine,
  screen = 'fleet',
  session = SESSION,
}: {
  db: MirrorDb;
  engine: SyncEngine;
  screen?: 'fleet' | 'overview';
  session?: Session;
}) {
  return (
    <MantineProvider theme={theme}>
      <SessionContext.Provider value={session}>
        <SyncProvider db={db} engine={engine} session={session}>
          <MemoryRouter initialEntries={[screen === 'fleet' ? '/FleetDetails' : '/']}>
            <div style={{ padding: 24 }}>{screen === 'fleet' ? <FleetDetailsScreen /> : <OverviewScreen />}</div>
          </MemoryRouter>
        </SyncProvider>
      </SessionContext.Provider>
    </MantineProvider>
  );
}
