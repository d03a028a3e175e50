import { describe, expect, it } from 'vitest';
import { isPwaHost, pwaHostOf } from './pwa-host.ts';

describe('pwaHostOf', () => {
  it('replaces www with pwa', () => {
    expect(pwaHostOf('www.fleet.example.com')).toBe('pwa.fleet.example.com');
  });

  it('replaces www inside a label, as in www-dev hosts', () => {
    expect(pwaHostOf('www-dev.example.com')).toBe('pwa-dev.example.com');
  });

  it('replaces only the first www', () => {
    expect(pwaHostOf('www.wwwfleet.com')).toBe('pwa.wwwfleet.com');
  });

  it('matches WWW in any case and keeps the case of the rest', () => {
    expect(pwaHostOf('WWW.Fleet.example.com')).toBe('pwa.Fleet.example.com');
  });

  it('keeps the port', () => {
    expect(pwaHostOf('www.fleet.test:8443')).toBe('pwa.fleet.test:8443');
  });

  it('keeps a host without www', () => {
    expect(pwaHostOf('localhost:5173')).toBe('localhost:5173');
    expect(pwaHostOf('127.0.0.1')).toBe('127.0.0.1');
    expect(pwaHostOf('pwa.fleet.example.com')).toBe('pwa.fleet.example.com');
  });
});

describe('isPwaHost', () => {
  it('is a host whose first label is pwa, alone or before a dash, in any case and with a port', () => {
    expect(isPwaHost('pwa.fleet.example.com')).toBe(true);
    expect(isPwaHost('PWA-dev.example.com:8443')).toBe(true);
    expect(isPwaHost('pwa:8080')).toBe(true);
  });

  it('is no other host', () => {
    expect(isPwaHost('www.fleet.example.com')).toBe(false);
    expect(isPwaHost('pwafleet.example.com')).toBe(false);
    expect(isPwaHost('fleet.pwa.example.com')).toBe(false);
    expect(isPwaHost('localhost:8080')).toBe(false);
  });
});
