import { createElement, type ReactNode } from 'react';
import { SessionContext, type Session } from '../../auth/session-context.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import type { SyncEngine } from '../engine.ts';
import type { Mutator } from '../mutator.ts';
import { SyncProvider } from '../react.tsx';

/** A mirror and an engine whose mutate applies the change locally, as the real one does first, for `userId`. */
export function withSync(db: MirrorDb, node: ReactNode, userId = 'user-1'): ReactNode {
  const engine = {
    db,
    mutate: async <A>(mutator: Mutator<A>, args: A) => {
      await mutator.apply(db, mutator.parse(args));
    },
  } as unknown as SyncEngine;
  const session = { user: { userId } } as Session;
  return createElement(SessionContext.Provider, { value: session }, createElement(SyncProvider, { db, engine, session, children: node }));
}
