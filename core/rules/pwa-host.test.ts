import { describe, expect, it } from 'vitest';
import { pwaHostOf } from './pwa-host.ts';

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
