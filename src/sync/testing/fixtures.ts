import { nanoid } from 'nanoid';
import { MirrorDb } from '../../db/mirror.ts';

/** A mirror of its own per test, so tests share no state. */
export function freshDb(): MirrorDb {
  return new MirrorDb(`test-mirror-${nanoid(8)}`);
}

export const ctx = { userId: 'u1', orgId: 'org1' };
