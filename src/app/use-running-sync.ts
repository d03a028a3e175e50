import { startTransition, useEffect, useState } from 'react';
import type { SessionUser } from '../auth/session-context.ts';
import type { SessionStore } from '../auth/session-store.ts';
import { openMirror, type MirrorDb } from '../db/mirror.ts';
import { ownRoleChangeExpected } from '../auth/own-role-change.ts';
import { startSync, type SyncEngine } from '../sync/engine.ts';
import { reloadAfterForbidden } from '../auth/forbidden.ts';
import { checkSession, watchSession } from '../auth/session-watch.ts';
import { forgetRecord } from '../auth/self-check.ts';

export interface Running {
  db: MirrorDb;
  engine: SyncEngine;
}

/** Opens this user's mirror and runs sync for as long as the app is signed in. */
export function useRunningSync(user: SessionUser, store: SessionStore): Running | null {
  const [running, setRunning] = useState<Running | null>(null);
  useEffect(() => {
    const db = openMirror(user.userId, user.orgId);
    // The engine reads the session through the store, so it always sees whether tokens can be had.
    const session = {
      user,
      get canSync() {
        return store.get().canSync;
      },
      getAccessToken: () => store.get().getAccessToken(),
    };
    const engine = startSync({
      db,
      session,
      baseUrl: '',
      isInspector: user.role === 'inspector',
      onForbidden: () => {
        // The next start asks the server who the user is now before it shows anything.
        forgetRecord(user.userId);
        return reloadAfterForbidden(db);
      },
    });
    store.onBeforeSignOut(() => {
      engine.stop();
      db.close();
    });
    // The shell's first render is the app's largest: as a transition React renders it in slices and
    // answers input between them, where as an update of an effect it ran as one task of 80 to 160 ms.
    startTransition(() => setRunning({ db, engine }));
    return () => {
      engine.stop();
      db.close();
    };
  }, [user, store]);
  return running;
}

/**
 * Checks the session every 5 s while online (part 1 §9). A sign-in ended at the provider signs in
 * again. An account the server refuses, or a role, admin flag, organization or section another
 * administrator changed, starts the app over: the kept record is forgotten, so the start reads the
 * user from the server and shows the screen for what they are now (the refused screen says why). The
 * mirror, waiting changes and refused ones stay. An own role change signs out instead, whether the
 * dialog or the watch hears of it first.
 */
export function useSessionWatch(user: SessionUser, store: SessionStore, home: string): void {
  useEffect(
    () =>
      watchSession({
        check: () => checkSession({ getAccessToken: () => store.get().getAccessToken(), hasStoredUser: () => store.hasStoredUser() }, user),
        onVerdict(verdict) {
          if (store.isSigningOut()) return;
          if (verdict === 'ended') void store.signInAgain();
          // The server took this user's own role change before the dialog heard of it: sign out as it would.
          else if (verdict === 'changed' && ownRoleChangeExpected()) void store.get().signOut({ clearCaches: true });
          else {
            // Start over from the server's answer, not from the record this device kept.
            forgetRecord(user.userId);
            window.location.assign(home);
          }
        },
      }),
    [user, store, home],
  );
}
