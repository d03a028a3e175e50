import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppConfig } from './app-config.ts';

const KEPT = { productName: 'Fleet', oidc: { authority: 'https://a.example/oidc', clientId: 'pwa' }, roleGroupPrefix: 'fleet-' };
const FRESH = { ...KEPT, productName: 'Fleet Readiness' };

function stubStorage(initial: Record<string, string> = {}) {
  const storage = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
  return storage;
}

afterEach(() => vi.unstubAllGlobals());

describe('loadAppConfig', () => {
  it('starts at once from the kept copy on a link that never answers, and keeps a fresh copy for the next start when one comes', async () => {
    const storage = stubStorage({ 'fleet-app-config': JSON.stringify(KEPT) });
    let answer!: (res: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );

    await expect(loadAppConfig()).resolves.toEqual(KEPT);

    answer(new Response(JSON.stringify(FRESH), { status: 200 }));
    await vi.waitFor(() => expect(JSON.parse(storage.get('fleet-app-config')!)).toEqual(FRESH));
  });

  it('waits for the server on a device that has never started online, and says what to do when it cannot reach it', async () => {
    const storage = stubStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(FRESH), { status: 200 })),
    );
    await expect(loadAppConfig()).resolves.toEqual(FRESH);
    expect(JSON.parse(storage.get('fleet-app-config')!)).toEqual(FRESH);

    stubStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadAppConfig()).rejects.toThrow(/has not been opened online on this device yet/);
  });

  it('ignores a kept copy that is not a configuration', async () => {
    stubStorage({ 'fleet-app-config': '{not json' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(FRESH), { status: 200 })),
    );
    await expect(loadAppConfig()).resolves.toEqual(FRESH);
  });
});
