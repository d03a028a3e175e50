import { describe, expect, it } from 'vitest';
import { apkDownloadUrl } from './hosts.ts';

// The host rule itself (www becomes pwa) is tested in core/rules/pwa-host.test.ts.
describe('apkDownloadUrl', () => {
  it('points at the download path on the pwa sub-host', () => {
    expect(apkDownloadUrl({ protocol: 'https:', host: 'www.fleet.example.com' })).toBe('https://pwa.fleet.example.com/data/apk/download');
  });

  it('keeps the port and the protocol', () => {
    expect(apkDownloadUrl({ protocol: 'http:', host: 'www.fleet.test:8443' })).toBe('http://pwa.fleet.test:8443/data/apk/download');
  });

  it('keeps a host without www', () => {
    expect(apkDownloadUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('http://localhost:5173/data/apk/download');
  });
});
