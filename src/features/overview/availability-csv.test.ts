import { describe, expect, it } from 'vitest';
import { availabilityCsv, availabilityFileName } from './availability-csv.ts';

describe('availability CSV', () => {
  it('writes a line per section and vehicle type with the list figures', () => {
    const csv = availabilityCsv([
      {
        sectionId: 's1',
        sectionName: 'Alpha',
        vehicleTypes: [
          { vehicleType: 'Pickup', total: 3, available: 2, fmc: 1, tdy: 1, mel: 3 },
          { vehicleType: 'Bus, 44 PAX', total: 0, available: 0, fmc: 0, tdy: 0, mel: 0 },
        ],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFSection,Vehicle Type,Total,Available,FMC,TDY,MEL,Available - MEL,Availability %,MEL Status',
      'Alpha,Pickup,3,2,1,1,3,-1,67%,Warning',
      'Alpha,"Bus, 44 PAX",0,0,0,0,0,0,,Pass',
      '',
    ]);
  });

  it('is named for the section or the whole fleet and the day', () => {
    const day = new Date(2026, 10, 4, 15, 0);
    expect(availabilityFileName(null, day)).toBe('availability_whole-fleet_2026-11-04.csv');
    expect(availabilityFileName(' Alpha Flight / Ops ', day)).toBe('availability_Alpha-Flight-Ops_2026-11-04.csv');
  });
});
