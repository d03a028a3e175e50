import { describe, expect, it } from 'vitest';
import { canOpenRoute } from './route-access.ts';

const dispatcher = { role: 'dispatcher', isAdmin: false } as const;
const vco = { role: 'vco', isAdmin: false } as const;

describe('canOpenRoute', () => {
  it('denies when there is no user info or no role', () => {
    expect(canOpenRoute(null, {})).toBe(false);
    expect(canOpenRoute({ role: null, isAdmin: true }, {})).toBe(false);
  });

  it('allows every role but vco on a route without config', () => {
    expect(canOpenRoute(dispatcher, undefined)).toBe(true);
    expect(canOpenRoute(vco, undefined)).toBe(false);
  });

  it('always denies inspectors on configured routes', () => {
    expect(canOpenRoute({ role: 'inspector', isAdmin: true }, {})).toBe(false);
  });

  it('demands admin when the route requires it', () => {
    expect(canOpenRoute(vco, { requireAdmin: true })).toBe(false);
    expect(canOpenRoute({ role: 'vco', isAdmin: true }, { requireAdmin: true })).toBe(true);
  });

  it('checks the authorized and restricted lists', () => {
    expect(canOpenRoute(dispatcher, { authorized: ['vco', 'sectionLead'] })).toBe(false);
    expect(canOpenRoute(vco, { authorized: ['vco', 'sectionLead'] })).toBe(true);
    expect(canOpenRoute(vco, { restricted: ['vco'] })).toBe(false);
    expect(canOpenRoute(dispatcher, { restricted: ['vco'] })).toBe(true);
  });
});
