import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vehicleRow } from '../../core/testing/feed-rows.ts';
import { Drain } from '../sync/drain.ts';
import { mutate } from '../sync/mutator.ts';
import { updateVehicle } from '../data/mutators.ts';
import { pullOnce } from '../sync/pull.ts';
import { FakeSyncServer } from '../sync/testing/fake-server.ts';
import { ctx, freshDb } from '../sync/testing/fixtures.ts';
import { manualTimers } from '../sync/testing/manual-timers.ts';
import { reloadAfterForbidden } from './forbidden.ts';

afterEach(() => vi.unstubAllGlobals());

describe('reloadAfterForbidden', () => {
  it('resets the mirror as a server reset does: a row deleted on the server meanwhile never comes back', async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
    const replace = vi.fn();
    vi.stubGlobal('window', { location: { replace } });

    const server = new FakeSyncServer();
    server.write([{ t: 'vehicles', id: 'v1', data: vehicleRow({ vehicleId: 'v1', regNumber: 'AB-1234' }) }]);
    const db = freshDb();
    const api = server.api();
    await pullOnce({ db, api, clientId: 'c1' });
    await mutate(db, updateVehicle, { vehicleId: 'v1', changes: { make: 'Ford' } }, ctx);
    // The vehicle is deleted on the server; then this device is answered 403.
    server.write([{ t: 'vehicles', id: 'v1', data: null }]);

    await reloadAfterForbidden(db);
    expect(replace).toHaveBeenCalledWith('/');
    await pullOnce({ db, api, clientId: 'c1' });
    expect(await db.outbox.count()).toBe(1);

    server.rejectWhen = () => ({ status: 404, message: 'Vehicle not found' });
    await new Drain({ db, api, clientId: 'c1', onApplied: () => undefined, report: () => undefined, timers: manualTimers().timers }).wake();

    expect(await db.feed('vehicles').get('v1')).toBeUndefined();
    expect(await db.shadows.count()).toBe(0);
  });
});
