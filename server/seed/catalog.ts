/** Fixed text the seed draws from: vehicle types, places, phrases. */

export type WorkflowKey = 'af1800Hours' | 'af1800Miles' | 'af1800MilesAndHours' | 'forklift' | 'deicer' | 'lightVehicle';

export interface VehicleTypeSpec {
  name: string;
  /** Share of the fleet. */
  weight: number;
  workflow: WorkflowKey;
  makes: readonly (readonly [make: string, model: string])[];
  /** Daily use when driven: miles and engine hours. */
  milesPerDay: number;
  hoursPerDay: number;
  /** Registration numbers of equipment are prefixed ('B-2041'); vehicles use the USAF form ('23L0451'). */
  regPrefix?: string;
  /** Letter of the USAF registration form. */
  regLetter: string;
}

export const VEHICLE_TYPES: readonly VehicleTypeSpec[] = [
  {
    name: 'Pickup 4x4',
    weight: 24,
    workflow: 'af1800Miles',
    makes: [
      ['Ford', 'F-250 Super Duty'],
      ['Chevrolet', 'Silverado 2500HD'],
      ['Ram', '2500 Tradesman'],
    ],
    milesPerDay: 45,
    hoursPerDay: 2,
    regLetter: 'L',
  },
  {
    name: 'Tractor Trailer',
    weight: 8,
    workflow: 'af1800MilesAndHours',
    makes: [
      ['Freightliner', 'M2 106'],
      ['Kenworth', 'T880'],
      ['International', 'LT625'],
    ],
    milesPerDay: 90,
    hoursPerDay: 4,
    regLetter: 'T',
  },
  {
    name: 'Forklift 10K',
    weight: 12,
    workflow: 'forklift',
    makes: [
      ['Hyster', 'H100FT'],
      ['Toyota', '8FGU45'],
      ['Caterpillar', 'GP50N'],
    ],
    milesPerDay: 0,
    hoursPerDay: 3,
    regPrefix: 'B',
    regLetter: 'B',
  },
  {
    name: 'Fuel Truck R-11',
    weight: 8,
    workflow: 'af1800MilesAndHours',
    makes: [
      ['Oshkosh', 'R-11 Refueler'],
      ['Kovatch', 'R-11 6K'],
    ],
    milesPerDay: 25,
    hoursPerDay: 5,
    regLetter: 'F',
  },
  {
    name: 'Deicer',
    weight: 7,
    workflow: 'deicer',
    makes: [
      ['Global Ground Support', 'Eliminator 2200'],
      ['Premier Deicers', '2200 Single Operator'],
    ],
    milesPerDay: 8,
    hoursPerDay: 2,
    regLetter: 'D',
  },
  {
    name: 'Sedan',
    weight: 14,
    workflow: 'lightVehicle',
    makes: [
      ['Ford', 'Fusion SE'],
      ['Chevrolet', 'Malibu LS'],
      ['Toyota', 'Camry LE'],
    ],
    milesPerDay: 35,
    hoursPerDay: 1,
    regLetter: 'S',
  },
  {
    name: 'Bus 44 PAX',
    weight: 7,
    workflow: 'lightVehicle',
    makes: [
      ['Blue Bird', 'Vision'],
      ['Thomas Built', 'Saf-T-Liner C2'],
    ],
    milesPerDay: 60,
    hoursPerDay: 3,
    regLetter: 'P',
  },
  {
    name: 'Tow Tractor',
    weight: 8,
    workflow: 'af1800Hours',
    makes: [
      ['TUG', 'MA-50'],
      ['Eagle', 'TT-8'],
    ],
    milesPerDay: 0,
    hoursPerDay: 4,
    regPrefix: 'E',
    regLetter: 'E',
  },
];

export const SECTION_NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta'] as const;

/**
 * The bases of npm start's demo organizations (SeedOptions.timeZone 'bases'): a motor pool works in
 * its base's local time, so each has the zone of its base, one east of UTC and one west of it.
 */
export const DEMO_BASES = [
  { location: 'Kadena AB, Japan', timeZone: 'Asia/Tokyo' },
  { location: 'Joint Base Andrews, MD', timeZone: 'America/New_York' },
] as const;

export const LOCATIONS = [
  'Joint Base Andrews, MD',
  'Nellis AFB, NV',
  'Eglin AFB, FL',
  'Travis AFB, CA',
  'Langley AFB, VA',
  'Maxwell AFB, AL',
  'Scott AFB, IL',
  'Hill AFB, UT',
] as const;

/** Area codes near those bases; the numbers themselves are in the 555-01xx range reserved for fiction. */
export const AREA_CODES = ['301', '702', '850', '707', '757', '334', '618', '801'] as const;

export const DISCREPANCY_TEXT: Record<number, string> = {
  2: 'Heater blower inoperative on all speeds',
  3: 'Corrosion on battery terminals, slow crank',
  4: 'Dent and paint damage on rear quarter panel',
  5: 'Service brakes soft, pedal travel excessive',
  6: 'Parking brake does not hold on incline',
  9: 'Driver door latch sticks, opens from inside only',
  12: 'Exhaust leak at manifold gasket',
  13: 'Fire extinguisher gauge in the red',
  14: 'Fluid leak under engine, spots on ground',
  16: 'Windshield crack in the driver line of sight',
  17: 'Horn inoperative',
  20: 'Left rear turn signal inoperative',
  21: 'Passenger side mirror glass cracked',
  25: 'Driver seat belt does not retract',
  28: 'Excessive play in steering wheel',
  30: 'Right front tire tread below limit',
  32: 'Lug nut missing on left rear wheel',
  33: 'Wiper blades streaking, washer pump weak',
  34: 'Backup alarm inoperative',
  36: 'Cargo tie-down strap frayed, ratchet slips',
  37: 'Special purpose equipment fails function check',
  38: 'Found unlocked with keys in the ignition after operation',
  39: 'Fleet fuel card missing from the vehicle',
};

export const SYSTEM_CODES: Record<number, string> = {
  2: 'HVAC',
  3: 'ELEC',
  4: 'BODY',
  5: 'BRAKE',
  6: 'BRAKE',
  9: 'BODY',
  12: 'EXHAUST',
  13: 'SAFETY',
  14: 'ENGINE',
  16: 'GLASS',
  17: 'ELEC',
  20: 'ELEC',
  21: 'BODY',
  25: 'SAFETY',
  28: 'STEER',
  30: 'TIRE',
  32: 'TIRE',
  33: 'GLASS',
  34: 'ELEC',
  37: 'SPECIAL',
};

export const RESULT_NOTES = [
  'Minor scuff on rear bumper, no action needed',
  'Topped off washer fluid',
  'Interior needs cleaning',
  'Slight vibration above 50 mph, monitor',
  'Tire pressure adjusted to spec',
  'Small chip in windshield outside sight line',
  'Seat cover torn, reported to section lead',
] as const;

/** What inspectors write against the page 3 items of the AF1800 (36 to 39) when they pass. */
export const PAGE3_REMARKS: Record<number, readonly string[]> = {
  36: ['Two spare straps added to the cargo box', 'Tie-down rings checked, bed liner loose at tailgate'],
  37: ['Light bar lens cracked, still works', 'Tow hitch pin replaced with spare'],
  38: ['Parked at the dispatch lot, keys returned', 'Windows left cracked for the heat, locked'],
  39: ['Logbook nearly full, new one requested', 'Registration card laminated and replaced'],
};

export const VEHICLE_NOTES = [
  'Keys in the dispatch lock box',
  'Assigned to flightline operations this week',
  'Awaiting parts from LRS, ETA next week',
  'Driver reports a slight pull to the left',
  'Use for base shuttle only until further notice',
  'Spare key missing, replacement ordered',
  'Radio removed for repair',
  'Returned from TDY, needs a wash',
  'Coolant topped off by operator',
  'Scheduled for detail cleaning Friday',
  'Loaned to CES for snow removal support',
  'Check engine light intermittent, monitor',
] as const;

export const TDY_DESCRIPTIONS = [
  'Exercise Red Flag support, Nellis AFB',
  'Deployment preparation, Moody AFB',
  'Air show support, Joint Base Andrews',
  'Loaned to the 4th Civil Engineer Squadron',
  'Hurricane evacuation support, Tyndall AFB',
  'Exercise Agile Combat Employment, Eglin AFB',
] as const;

export const MX_TYPES = [
  'Oil change',
  'Tire rotation',
  'A-Service',
  'B-Service',
  'Brake service',
  'Hydraulic service',
  'Annual safety inspection',
  'Transmission service',
  'Coolant flush',
] as const;

export const VISIT_NOTES_FAILED = [
  'Brake lines chafed, replaced before release',
  'Hydraulic hoses weeping, parts ordered',
  'Frame corrosion found, referred to body shop',
] as const;

export const WAIVER_EXPLANATIONS = [
  'Cosmetic damage only; safe to operate until the body shop has a slot',
  'Radio inoperative; operator issued a handheld radio',
  'Heater inoperative; waived for the summer months',
  'Minor oil seep, level checked every shift',
  'Backup alarm inoperative; spotter required when reversing',
  'Cracked mirror glass; replacement on order',
] as const;

export const DOCUMENTS = [
  { filename: 'Registration.pdf', description: 'Vehicle registration', kind: 'pdf' },
  { filename: 'Insurance card.pdf', description: 'Proof of insurance', kind: 'pdf' },
  { filename: 'Operator manual.pdf', description: 'Operator manual excerpt', kind: 'pdf' },
  { filename: 'Accident report.pdf', description: 'SF 91 accident report', kind: 'pdf' },
  { filename: 'Damage photo.png', description: 'Front bumper damage', kind: 'png' },
] as const;
