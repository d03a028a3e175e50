import { describe, expect, it } from 'vitest';
import { apkDownloadUrl } from './hosts.ts';

describe('apkDownloadUrl', () => {
  it('replaces www with pwa in the host', () => {
    expect(apkDownloadUrl({ protocol: 'https:', host: 'www.fleet.example.com' })).toBe(
      'https://pwa.fleet.example.com/data/apk/download',
    );
  });

  it('replaces www inside a label, as in www-dev hosts', () => {
    expect(apkDownloadUrl({ protocol: 'https:', host: 'www-dev.example.com' })).toBe('https://pwa-dev.example.com/data/apk/download');
  });

  it('replaces only the first www', () => {
    expect(apkDownloadUrl({ protocol: 'https:', host: 'www.wwwfleet.com' })).toBe('https://pwa.wwwfleet.com/data/apk/download');
  });

  it('keeps the port and the protocol', () => {
    expect(apkDownloadUrl({ protocol: 'http:', host: 'www.fleet.test:8443' })).toBe('http://pwa.fleet.test:8443/data/apk/download');
  });

  it('keeps a host without www', () => {
    expect(apkDownloadUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('http://localhost:5173/data/apk/download');
  });

  it('matches WWW in any case', () => {
    expect(apkDownloadUrl({ protocol: 'https:', host: 'WWW.Fleet.example.com' })).toBe('https://pwa.Fleet.example.com/data/apk/download');
  });
});
