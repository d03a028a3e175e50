import type { FleetPdf, FleetRow } from '../schema/fleet.ts';

/** Fuel bar (part 1 §2, part 2 §9): under 30 percent red, over 70 green, otherwise orange. */
export const FUEL_LOW_PERCENT = 30;
export const FUEL_HIGH_PERCENT = 70;
/** Days to ETIC (part 2 §9): green at 7 or more, orange 0 to 6, red below 0. */
export const ETIC_GREEN_DAYS = 7;

export type EticColor = 'green' | 'orange' | 'red';

export function daysToEticColor(days: number | null): EticColor | null {
  if (days === null || Number.isNaN(days)) return null;
  if (days >= ETIC_GREEN_DAYS) return 'green';
  return days >= 0 ? 'orange' : 'red';
}

export interface FuelBar {
  /** 0 to 100, rounded to a whole number. */
  percent: number;
  color: 'red' | 'orange' | 'green';
  /** 'Full' at 100, otherwise the percentage ('45%'). */
  label: string;
}

/** The thresholds apply to the rounded percentage, the number the bar shows. */
export function fuelBar(level: number | null): FuelBar | null {
  if (level === null || Number.isNaN(level)) return null;
  const percent = Math.min(100, Math.max(0, Math.round(level * 100)));
  const color = percent < FUEL_LOW_PERCENT ? 'red' : percent > FUEL_HIGH_PERCENT ? 'green' : 'orange';
  return { percent, color, label: percent === 100 ? 'Full' : `${percent}%` };
}

/**
 * The AF-1800 link (part 1 §2, part 2 §2.4): nothing without a registration, or with neither an
 * inspection or completion date nor any visit to maintenance; otherwise the monthly form when the
 * row has a completion date and the current form when it has none.
 */
export function pdfLink(row: Pick<FleetRow, 'regNumber' | 'completionDate' | 'inspectionDate' | 'visitsToMx'>): FleetPdf | null {
  if (row.regNumber.trim() === '') return null;
  if (row.completionDate !== null) return 'monthly';
  return row.inspectionDate !== null || row.visitsToMx > 0 ? 'current' : null;
}
