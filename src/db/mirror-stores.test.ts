import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MIRROR_VERSION, MirrorDb } from './mirror.ts';
import released from './mirror-stores.lock.json' with { type: 'json' };

/** Each store's key and indexes as the mirror declares them now (Dexie syntax, indexes sorted). */
function declaredStores(): Record<string, string> {
  const db = new MirrorDb('mirror-stores-lock');
  const stores = Object.fromEntries(
    db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).sort()].join(', ')] as const).sort(([a], [b]) => a.localeCompare(b)),
  );
  db.close();
  return stores;
}

describe('the mirror stores', () => {
  it('are those its version was released with: a changed store (a contract’s indexes included) needs a new version', () => {
    const lock = released as Record<string, Record<string, string>>;
    expect(Object.keys(lock).map(Number)).toContain(MIRROR_VERSION);
    expect(declaredStores(), `the stores differ from version ${MIRROR_VERSION}'s: raise MIRROR_VERSION and add its stores to mirror-stores.lock.json`).toEqual(
      lock[String(MIRROR_VERSION)],
    );
  });
});
