import type { Vehicle } from '../../../core/schema/vehicle.ts';

export const NOT_AVAILABLE = 'N/A';

/** 'Year Make Model' of what is known, or N/A. */
export function yearMakeModel(vehicle: Pick<Vehicle, 'year' | 'make' | 'model'>): string {
  const parts = [vehicle.year === null ? null : String(vehicle.year), vehicle.make, vehicle.model].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ') : NOT_AVAILABLE;
}

/** A mileage or hours reading with thousands separators ('12,500'), or N/A. */
export function formatReading(value: number | null): string {
  return value === null ? NOT_AVAILABLE : value.toLocaleString('en-US');
}

export const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
