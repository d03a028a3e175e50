import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Stack, Title, Tooltip } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { useSession } from '../../auth/session-context.ts';
import { DataGrid, type FilterState, type GridViewState } from '../../components/data-grid/index.ts';
import { isReadOnlyRole } from '../../../core/rules/read-only.ts';
import { AddVehiclesDialog } from './AddVehiclesDialog.tsx';
import { downloadText } from './download-file.ts';
import { fleetCsvColumns, fleetColumns } from './fleet-columns.tsx';
import { exportView, fleetCsvFileName, toCsv } from './fleet-csv.ts';
import { vehiclePath } from './fleet-format.ts';
import { useFleetRows } from './use-fleet-rows.ts';

/** Part 1 §2: only vehicles in commission by default; the newest inspections first. */
/** Part 1 §2: the default filter In Commission; the toggle 'Show Decommissioned' lifts it. */
const DEFAULT_FILTERS: FilterState = { inCommission: { kind: 'TOGGLE', on: false } };
const DEFAULT_SORT = [{ id: 'inspectionDate', desc: true }];
const VIEW_SETTINGS = { filter: 'fleetDetailFilter', columns: 'fleetDetailColumnsState' } as const;

export const MONTHLY_REPORT_NOT_AVAILABLE = 'The Monthly AF1800 Report is not available yet.';

/**
 * Fleet Details (/FleetDetails, part 1 §2): one row per vehicle in commission, derived on the device
 * from the mirror, in the shared grid with its filters and saved view; Add Vehicle(s) and the CSV.
 */
export function FleetDetailsScreen() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { rows, sections, error } = useFleetRows();
  const [addOpen, setAddOpen] = useState(false);
  const readOnly = isReadOnlyRole(user.role);

  // The grid rebuilds on a new columns array: build one only when section names change.
  const sectionsKey = JSON.stringify(sections.map((s) => [s.sectionId, s.sectionName]));
  const columns = useMemo(() => fleetColumns(new Map(JSON.parse(sectionsKey) as [string, string][])), [sectionsKey]);
  const csvColumns = useMemo(() => fleetCsvColumns(columns), [columns]);

  // The CSV holds what the grid shows: its filters, columns, sort and search as they are now.
  const [gridView, setGridView] = useState<GridViewState | null>(null);

  const downloadCsv = () => {
    if (!gridView) return;
    const view = exportView(rows ?? [], columns, csvColumns, gridView);
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
      <Tooltip label={MONTHLY_REPORT_NOT_AVAILABLE}>
        {/* data-disabled rather than disabled: a disabled button gets no pointer events, so no tooltip. */}
        <Button
          variant="default"
          data-disabled
          aria-disabled
          onClick={(event) => event.preventDefault()}
        >
          Monthly AF1800 Report
        </Button>
      </Tooltip>
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
        getRowId={(row) => row.vehicleId}
        viewSettings={VIEW_SETTINGS}
        defaultFilters={DEFAULT_FILTERS}
        defaultSort={DEFAULT_SORT}
        toolbar={toolbar}
        onRowDoubleClick={openVehicle}
        onViewChange={setGridView}
      />
      {readOnly ? null : <AddVehiclesDialog opened={addOpen} onClose={() => setAddOpen(false)} sections={sections} />}
    </Stack>
  );
}
