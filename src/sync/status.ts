import { IDLE_LEADER_STATUS, type AnswersProgress, type FirstSyncProgress, type LeaderStatus } from '../db/meta.ts';

export interface SyncStatus {
  online: boolean;
  signInRequired: boolean;
  /** Outbox entries not yet acked (pending and sent). */
  pending: number;
  sending: boolean;
  pulling: boolean;
  /** A full first pull finished at least once (cleared while a reset refills the mirror). */
  bootstrapped: boolean;
  lastSyncedAt: string | null;
  lastError: string | null;
  streamConnected: boolean;
  /** Rows this build could not read: the mirror is incomplete until a later build fetches them again. */
  unreadable: number;
  /** A pull from the start under way (the first sync, or after a reset): rows written of the total. */
  firstSync: FirstSyncProgress | null;
  /** After a first sync, the inspections' answers still being brought (src/sync/fill-answers.ts). */
  answers: AnswersProgress | null;
}

/** What this tab knows by itself. */
export interface LocalSyncFacts {
  browserOnline: boolean;
  /** The session can get tokens (false: started offline from a stored user, or refresh failed). */
  canSync: boolean;
  streamConnected: boolean;
}

/** What every tab reads from the mirror, written by whichever tab leads. */
export interface SharedSyncFacts {
  outboxCount: number;
  lastSyncedAt: string | null;
  bootstrapped: boolean;
  leader: LeaderStatus;
  unreadable: number;
  firstSync: FirstSyncProgress | null;
  answers: AnswersProgress | null;
}

export const INITIAL_SHARED_FACTS: SharedSyncFacts = {
  outboxCount: 0,
  lastSyncedAt: null,
  bootstrapped: false,
  leader: IDLE_LEADER_STATUS,
  unreadable: 0,
  firstSync: null,
  answers: null,
};

export function deriveSyncStatus(local: LocalSyncFacts, shared: SharedSyncFacts): SyncStatus {
  return {
    online: local.browserOnline && !shared.leader.unreachable,
    signInRequired: !local.canSync || shared.leader.signInRequired,
    pending: shared.outboxCount,
    sending: shared.leader.sending,
    pulling: shared.leader.pulling,
    bootstrapped: shared.bootstrapped,
    lastSyncedAt: shared.lastSyncedAt,
    lastError: shared.leader.lastError,
    streamConnected: local.streamConnected,
    unreadable: shared.unreadable,
    firstSync: shared.bootstrapped ? null : shared.firstSync,
    answers: shared.bootstrapped ? shared.answers : null,
  };
}
