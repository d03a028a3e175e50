import { availabilityPercent, melVerdict } from '../../../core/rules/fleet-overview.ts';
import type { SectionAvailability, TypeAvailability } from '../../../core/schema/fleet-overview.ts';
import { toCsv, type CsvColumn } from '../../shared/csv.ts';

/**
 * The availability CSV (part 2 §2.7, §9): one line per section and vehicle type with the figures the
 * Availability list shows, named availability_{section or whole-fleet}_{date}.csv.
 */

type Line = TypeAvailability & { sectionName: string };

const COLUMNS: CsvColumn<Line>[] = [
  { id: 'section', header: 'Section', text: (l) => l.sectionName },
  { id: 'vehicleType', header: 'Vehicle Type', text: (l) => l.vehicleType },
  { id: 'total', header: 'Total', text: (l) => String(l.total) },
  { id: 'available', header: 'Available', text: (l) => String(l.available) },
  { id: 'fmc', header: 'FMC', text: (l) => String(l.fmc) },
  { id: 'tdy', header: 'TDY', text: (l) => String(l.tdy) },
  { id: 'mel', header: 'MEL', text: (l) => String(l.mel) },
  { id: 'compliance', header: 'Available - MEL', text: (l) => String(l.available - l.mel) },
  { id: 'percent', header: 'Availability %', text: (l) => (availabilityPercent(l) === null ? '' : `${availabilityPercent(l)}%`) },
  { id: 'verdict', header: 'MEL Status', text: (l) => ({ pass: 'Pass', warning: 'Warning', fail: 'Fail' })[melVerdict(l)] },
];

export function availabilityCsv(sections: readonly SectionAvailability[]): string {
  return toCsv(
    sections.flatMap((s) => s.vehicleTypes.map((t) => ({ ...t, sectionName: s.sectionName }))),
    COLUMNS,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** availability_Alpha-Flight_2026-11-24.csv, or availability_whole-fleet_... (the device's local day). */
export function availabilityFileName(sectionName: string | null, now: Date): string {
  const scope =
    sectionName === null
      ? 'whole-fleet'
      : sectionName
          .trim()
          .replace(/[^A-Za-z0-9_-]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'section';
  return `availability_${scope}_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
