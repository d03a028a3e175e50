import { describe, expect, it } from 'vitest';
import { environmentOf, mainHostOf } from './environment.ts';

describe('environmentOf', () => {
  it('tells production, dev and local apart by host name', () => {
    expect(environmentOf('www.fleet-readiness.af.mil')).toBe('production');
    expect(environmentOf('www.dev.fleet-readiness.af.mil')).toBe('dev');
    expect(environmentOf('localhost')).toBe('local');
    expect(environmentOf('127.0.0.1')).toBe('local');
  });

  it('treats the pwa sub-host as its main host', () => {
    expect(mainHostOf('pwa.fleet-readiness.af.mil')).toBe('www.fleet-readiness.af.mil');
    expect(environmentOf('pwa.fleet-readiness.af.mil')).toBe('production');
    expect(environmentOf('pwa.dev.fleet-readiness.af.mil')).toBe('dev');
  });
});
