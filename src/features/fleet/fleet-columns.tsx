import { IconFileTypePdf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { daysToEticColor, fuelBar } from '../../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { VEHICLE_STATUS_LABELS, VEHICLE_STATUSES } from '../../../core/schema/vehicle.ts';
import { valueText, type CellValue, type GridColumn } from '../../components/data-grid/index.ts';
import type { CsvColumn } from './fleet-csv.ts';
import { vehicleFormTitle, type VehicleAf1800Target } from '../../shared/af1800/af1800-data.ts';
import { af1800LinkLabel, af1800Target, formatDate, vehiclePath } from '../../shared/fleet-format.ts';
import { StatusIcon } from '../../shared/StatusIcon.tsx';
import classes from './fleet-columns.module.css';

/** A Fleet Details column: how the grid shows it and what the CSV writes for it. */
type FleetColumn = GridColumn<FleetRow> & { csv?: (row: FleetRow) => string; forceText?: boolean };

/** Mantine palette shades as CSS variables: the cells are plain elements (fleet-columns.module.css). */
const ETIC_TEXT_COLOR = { green: 'var(--mantine-color-green-9)', orange: 'var(--mantine-color-orange-9)', red: 'var(--mantine-color-red-8)' } as const;
const FUEL_BAR_COLOR = { green: 'var(--mantine-color-green-7)', orange: 'var(--mantine-color-orange-6)', red: 'var(--mantine-color-red-7)' } as const;
const NARROW = 110;

function Af1800Cell({ row, zone, onOpen }: { row: FleetRow; zone: string; onOpen(target: VehicleAf1800Target): void }) {
  const target = af1800Target(row, zone);
  if (!target) return null;
  const label = vehicleFormTitle(target.regNumber, target.month);
  return (
    <button
      type="button"
      className={classes.pdfButton}
      aria-label={label}
      title={label}
      onClick={() => onOpen(target)}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <IconFileTypePdf size={20} aria-hidden />
    </button>
  );
}

function FuelCell({ level }: { level: number | null }) {
  const bar = fuelBar(level);
  if (!bar) return null;
  return (
    <div className={classes.fuel}>
      <div className={classes.fuelTrack} role="progressbar" aria-label={`Fuel level ${bar.label}`} aria-valuenow={bar.percent} aria-valuemin={0} aria-valuemax={100}>
        <div className={classes.fuelBar} style={{ width: `${bar.percent}%`, background: FUEL_BAR_COLOR[bar.color] }} />
      </div>
      <span className={classes.fuelLabel}>{bar.label}</span>
    </div>
  );
}

const date = (pick: (row: FleetRow) => string | null) => ({
  value: pick,
  cell: (row: FleetRow) => formatDate(pick(row)),
  csv: (row: FleetRow) => formatDate(pick(row)),
  filter: 'DATE_TIME' as const,
});

const count = (pick: (row: FleetRow) => number | null) => ({ value: pick, filter: 'NUMBER_RANGE' as const, width: 150 });

const STATUS_OPTIONS = VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status], icon: <StatusIcon status={status} size={20} /> }));

/**
 * The 26 Fleet Details columns in the spec's order (part 1 §2). Values are what filters, sorting
 * and the CSV use: dates as ISO (shown MM/dd/yyyy), Section by name, Fuel Level as a percentage.
 */
export function fleetColumns(sectionNames: ReadonlyMap<string, string>, openAf1800: (target: VehicleAf1800Target) => void, zone: string): FleetColumn[] {
  const sectionName = (row: FleetRow) => (row.sectionId === null ? '' : (sectionNames.get(row.sectionId) ?? ''));
  return [
    {
      id: 'pdf',
      header: 'AF-1800',
      value: (r) => r.pdf,
      cell: (r) => <Af1800Cell row={r} zone={zone} onOpen={openAf1800} />,
      csv: (r) => af1800LinkLabel(r, zone)?.replace(/ for .*$/, '') ?? '',
      width: NARROW,
    },
    {
      id: 'regNumber',
      header: 'Reg Number',
      value: (r) => r.regNumber,
      cell: (r) => (
        <Link className={classes.link} to={vehiclePath(r.regNumber)} title={r.regNumber}>
          {r.regNumber}
        </Link>
      ),
      filter: 'TEXT',
      forceText: true,
    },
    { id: 'wrm', header: 'WRM', value: (r) => r.wrm, filter: 'BOOLEAN', width: NARROW },
    { id: 'section', header: 'Section', value: sectionName, filter: 'SET' },
    { id: 'vehicleType', header: 'Vehicle Type', value: (r) => r.vehicleType, filter: 'SET' },
    {
      id: 'status',
      header: 'Status',
      value: (r) => r.status,
      cell: (r) => <StatusIcon status={r.status} />,
      csv: (r) => VEHICLE_STATUS_LABELS[r.status],
      filter: 'SET',
      setOptions: STATUS_OPTIONS,
      width: 130,
    },
    { id: 'onTdy', header: 'TDY', value: (r) => r.onTdy, filter: 'BOOLEAN', width: NARROW },
    {
      id: 'workflowTitle',
      header: 'Inspection Workflow',
      value: (r) => r.workflowTitle,
      filter: 'SET',
      width: 200,
    },
    { id: 'inspectionDate', header: 'Inspection Date', ...date((r) => r.inspectionDate) },
    { id: 'inspector', header: 'Last Inspector', value: (r) => r.inspector, filter: 'TEXT' },
    {
      id: 'fuelLevel',
      header: 'Fuel Level',
      value: (r) => fuelBar(r.fuelLevel)?.percent ?? null,
      cell: (r) => <FuelCell level={r.fuelLevel} />,
      csv: (r) => fuelBar(r.fuelLevel)?.label ?? '',
      filter: 'NUMBER_RANGE',
    },
    { id: 'eticDate', header: 'ETIC', ...date((r) => r.eticDate) },
    {
      id: 'daysToEtic',
      header: 'Days to ETIC',
      ...count((r) => r.daysToEtic),
      cell: (r) => {
        const color = daysToEticColor(r.daysToEtic);
        return r.daysToEtic === null || !color ? null : (
          <span className={classes.days} style={{ color: ETIC_TEXT_COLOR[color] }}>
            {r.daysToEtic}
          </span>
        );
      },
    },
    { id: 'inCommission', header: 'In Commission', value: (r) => r.inCommission, filter: 'TOGGLE', toggleLabel: 'Show Decommissioned', width: 165 },
    { id: 'nextMxDate', header: 'Next Mx Date', ...date((r) => r.nextMxDate) },
    { id: 'nextMxType', header: 'Next Mx Type', value: (r) => r.nextMxType, filter: 'TEXT' },
    { id: 'nextLtiDate', header: 'Next LTI', ...date((r) => r.nextLtiDate) },
    { id: 'nextPmiDate', header: 'Next PMI', ...date((r) => r.nextPmiDate) },
    { id: 'openWaivers', header: 'Open Waivers', ...count((r) => r.openWaivers) },
    { id: 'fixedWaivers', header: 'Fixed Waivers', ...count((r) => r.fixedWaivers) },
    { id: 'recentlyRepaired', header: 'Recently Repaired', ...count((r) => r.recentlyRepaired), width: 185 },
    { id: 'visitsToMx', header: 'Visits to Mx', ...count((r) => r.visitsToMx) },
    { id: 'daysInMx', header: 'Days in Maintenance', ...count((r) => r.daysInMx), width: 210 },
    { id: 'recentNotes', header: 'Recent Notes', ...count((r) => r.recentNotes) },
    { id: 'recentFixes', header: 'Recent Fixes', ...count((r) => r.recentFixes) },
    {
      id: 'mostRecentAnnotation',
      header: 'Most Recent Annotation',
      value: (r) => r.mostRecentAnnotation,
      filter: 'TEXT',
      width: 250,
    },
  ];
}

/** What the CSV writes for each column: its own text, or the value as the grid reads it (Yes/No, numbers). */
export function fleetCsvColumns(columns: readonly FleetColumn[]): CsvColumn<FleetRow>[] {
  return columns.map((c) => ({
    id: c.id,
    header: c.header,
    text: c.csv ?? ((row: FleetRow) => valueText(c.value(row) as CellValue)),
    forceText: c.forceText,
  }));
}
