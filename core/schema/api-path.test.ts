import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path.ts';

describe('apiPath', () => {
  const path = apiPath('/data/v1/vehicles/:vehicleId/wash/:washId');

  it('builds the path the server registers, each value encoded', () => {
    expect(path.pattern).toBe('/data/v1/vehicles/:vehicleId/wash/:washId');
    expect(path.build({ vehicleId: 'v-1', washId: 'a/b c' })).toBe('/data/v1/vehicles/v-1/wash/a%2Fb%20c');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => path.build({ vehicleId: 'v-1', washId: '' })).toThrow(/no value for :washId/);
  });
});
