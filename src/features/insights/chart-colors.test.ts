import { describe, expect, it } from 'vitest';
import { TYPE_COLORS, typeColors } from './chart-colors.ts';

describe('vehicle type colours', () => {
  it('give a type one colour whatever else a chart shows, by its place among the known types', () => {
    const colorOf = typeColors(['Sedan', 'Bus 44 PAX', 'Pickup 4x4', 'Sedan']);
    expect(colorOf('Bus 44 PAX')).toBe(TYPE_COLORS[0]);
    expect(colorOf('Pickup 4x4')).toBe(TYPE_COLORS[1]);
    expect(colorOf('Sedan')).toBe(TYPE_COLORS[2]);
    // Known in another order, the same colours.
    expect(typeColors(['Pickup 4x4', 'Sedan', 'Bus 44 PAX'])('Sedan')).toBe(TYPE_COLORS[2]);
    // A type no longer listed takes the colour after the known ones.
    expect(colorOf('Deicer')).toBe(TYPE_COLORS[3]);
  });
});
