import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Af1800Form } from '../../../core/schema/af1800.ts';
import { setMeta, type MetaKey } from '../../db/meta.ts';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { inspectionFormMonth, loadVehicleForm } from './af1800-data.ts';

describe('inspectionFormMonth', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it("is the current form for this month's inspections", () => {
    expect(inspectionFormMonth('2026-03-01T00:00:00.000Z', now, 'UTC')).toBe('current');
  });

  it("is the inspection's month in the organization's zone for earlier ones", () => {
    expect(inspectionFormMonth('2026-02-28T23:59:59.000Z', now, 'UTC')).toEqual({ year: 2026, month: 2 });
    expect(inspectionFormMonth('2025-12-31T22:00:00.000-05:00', now, 'UTC')).toEqual({ year: 2026, month: 1 });
    expect(inspectionFormMonth('2025-12-31T22:00:00.000-05:00', now, 'America/New_York')).toEqual({ year: 2025, month: 12 });
    expect(inspectionFormMonth('2026-02-28T15:30:00.000Z', now, 'Asia/Tokyo')).toBe('current');
  });
});

describe('loadVehicleForm: where the current form is made', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const serverForm = { fromServer: true } as unknown as Af1800Form;

  async function whoMakes(meta: Record<string, unknown>): Promise<string> {
    const db = freshDb();
    for (const [key, value] of Object.entries(meta)) await setMeta(db, key as MetaKey, value as never);
    const asked: string[] = [];
    const read = (async (path: string) => {
      asked.push(path);
      return serverForm;
    }) as unknown as Parameters<typeof loadVehicleForm>[1];
    // The vehicle is not in the mirror: a form made here says so, one from the server comes back.
    const made = await loadVehicleForm(db, read, 'v1', 'current', now).then(
      () => 'server',
      (error: Error) => `device: ${error.message}`,
    );
    db.close();
    return made === 'server' ? `server ${asked.join()}` : made;
  }

  it('comes from the server while the first sync is still bringing the records', async () => {
    expect(await whoMakes({})).toBe('server /data/v1/vehicles/v1/files/af1800/2026/11');
  });

  it('comes from the server while the answers a first sync left for later are missing', async () => {
    expect(await whoMakes({ bootstrapped: true, answersPending: { after: '', done: 0, total: null } })).toMatch(/^server /);
  });

  it('is made on the device once the mirror is whole', async () => {
    expect(await whoMakes({ bootstrapped: true })).toBe('device: This vehicle is not on this device.');
  });
});
