import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Stack, Title } from '@mantine/core';
import { IconCirclePlus, IconFileTypePdf } from '@tabler/icons-react';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { useSession } from '../../auth/session-context.ts';
import { DataGrid, type FilterState, type GridViewState } from '../../components/data-grid/index.ts';
import { isReadOnlyRole } from '../../../core/rules/read-only.ts';
import { MonthlyAf1800ReportModal } from '../../shared/af1800/MonthlyAf1800ReportModal.tsx';
import { VehicleAf1800Modal } from '../../shared/af1800/VehicleAf1800Modal.tsx';
import type { VehicleAf1800Target } from '../../shared/af1800/af1800-data.ts';
import { AddVehiclesDialog } from './AddVehiclesDialog.tsx';
import { downloadText } from '../../components/download-file.ts';
import { fleetCsvColumns, fleetColumns } from './fleet-columns.tsx';
import { exportView, fleetCsvFileName, toCsv } from './fleet-csv.ts';
import { vehiclePath } from '../../shared/fleet-format.ts';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';
import { useFleetRows } from './use-fleet-rows.ts';

/** Part 1 §2: the default filter In Commission (the toggle 'Show Decommissioned' lifts it); the newest inspections first. */
const DEFAULT_FILTERS: FilterState = { inCommission: { kind: 'TOGGLE', on: false } };
const DEFAULT_SORT = [{ id: 'inspectionDate', desc: true }];
const VIEW_SETTINGS = { filter: 'fleetDetailFilter', columns: 'fleetDetailColumnsState' } as const;
/** The quick search finds a vehicle as people name it: its registration, type or section (issue 52). */
const SEARCHED = ['regNumber', 'vehicleType', 'section'] as const;
const rowId = (row: FleetRow) => row.vehicleId;

/**
 * Fleet Details (/FleetDetails, part 1 §2): one row per vehicle, derived on the device from the
 * mirror, in the shared grid with its filters and saved view; Add Vehicle(s), the CSV, and the AF1800
 * forms (each row's link and the Monthly AF1800 Report).
 */
export function FleetDetailsScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { rows, sections, error } = useFleetRows();
  const [addOpen, setAddOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [af1800, setAf1800] = useState<VehicleAf1800Target | null>(null);
  const zone = useOrgTimeZone();
  const readOnly = isReadOnlyRole(user.role);

  // The grid rebuilds on a new columns array: build one only when section names change.
  const sectionsKey = JSON.stringify(sections.map((s) => [s.sectionId, s.sectionName]));
  const columns = useMemo(() => fleetColumns(new Map(JSON.parse(sectionsKey) as [string, string][]), setAf1800, zone), [sectionsKey, zone]);
  const csvColumns = useMemo(() => fleetCsvColumns(columns), [columns]);

  // The CSV holds what the grid shows: its filters, columns, sort and search as they are now. Kept in a
  // ref, not state: only the download reads it, and state would render the whole screen (grid, filter
  // panel, dialogs) once more after every filter, sort or column change.
  const gridView = useRef<GridViewState | null>(null);
  const onViewChange = useCallback((view: GridViewState) => {
    gridView.current = view;
  }, []);

  const downloadCsv = () => {
    if (!gridView.current) return;
    const view = exportView(rows ?? [], columns, csvColumns, gridView.current);
    downloadText(toCsv(view.rows, view.columns), fleetCsvFileName(new Date()), 'text/csv;charset=utf-8');
  };

  const openVehicle = useCallback((row: FleetRow) => void navigate(vehiclePath(row.regNumber)), [navigate]);

  const toolbar = (
    <>
      {readOnly ? null : (
        <Button leftSection={<IconCirclePlus size={18} aria-hidden />} onClick={() => setAddOpen(true)}>
          Add Vehicle(s)
        </Button>
      )}
      <Button variant="default" onClick={downloadCsv} disabled={rows === undefined}>
        Download CSV
      </Button>
      <Button variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} onClick={() => setReportOpen(true)}>
        Monthly AF1800 Report
      </Button>
    </>
  );

  return (
    <Stack gap="md">
      <Title order={1}>Fleet Details</Title>
      <DataGrid<FleetRow>
        aria-label="Fleet Details"
        columns={columns}
        rows={rows}
        error={error}
        getRowId={rowId}
        viewSettings={VIEW_SETTINGS}
        defaultFilters={DEFAULT_FILTERS}
        defaultSort={DEFAULT_SORT}
        searchPlaceholder="Search reg, type or section"
        searchColumns={SEARCHED}
        toolbar={toolbar}
        onRowDoubleClick={openVehicle}
        onViewChange={onViewChange}
      />
      {readOnly ? null : <AddVehiclesDialog opened={addOpen} onClose={() => setAddOpen(false)} sections={sections} />}
      {af1800 ? <VehicleAf1800Modal target={af1800} onClose={() => setAf1800(null)} /> : null}
      {reportOpen ? <MonthlyAf1800ReportModal onClose={() => setReportOpen(false)} /> : null}
    </Stack>
  );
}
