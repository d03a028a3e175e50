import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { Inspection } from '../../../../core/schema/inspection.ts';
import { DataGrid, type GridColumn } from '../../../components/data-grid/index.ts';
import { MirrorQueryState } from '../../../components/MirrorQueryState.tsx';
import { inspectionsOfVehicle } from '../../../data/inspections/queries.ts';
import { inspectionFormMonth, vehicleFormTitle, type VehicleAf1800Target } from '../../../shared/af1800/af1800-data.ts';
import { VehicleAf1800Modal } from '../../../shared/af1800/VehicleAf1800Modal.tsx';
import { dateColumn } from '../../../shared/date-column.ts';
import { formatDateTime, inspectionPath } from '../../../shared/fleet-format.ts';
import { PassFailIcon } from '../../../shared/PassFailIcon.tsx';
import { useOrgTimeZone } from '../../../shared/org-time-zone.ts';
import { useMirrorQuery } from '../../../sync/use-mirror-query.ts';

export const NO_INSPECTIONS = 'No inspections have been recorded for this vehicle';

const DEFAULT_SORT = [{ id: 'inspectionDate', desc: true }];

/** 'No inspections have been recorded for this vehicle', with no data or a failed read (part 1 §2). */
function NoInspections({ error }: { error?: string }) {
  return (
    <Stack gap={4} py="xl" align="center">
      <Text c="dimmed">{NO_INSPECTIONS}</Text>
      {error ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function inspectionColumns(regNumber: string, now: Date, zone: string, openAf1800: (target: VehicleAf1800Target) => void): GridColumn<Inspection>[] {
  const date = dateColumn<Inspection>('inspectionDate', 'Inspection Date', (i) => i.inspectionDate, { withTime: true, width: 190 });
  return [
    {
      ...date,
      // The row's way to its detail: a link, so that Tab and Enter open it as a click does.
      cell: (i) => (
        <Anchor
          component={Link}
          to={inspectionPath(regNumber, i.inspectionId)}
          size="sm"
          aria-label={`Open inspection of ${formatDateTime(i.inspectionDate)}`}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          {formatDateTime(i.inspectionDate)}
        </Anchor>
      ),
    },
    { id: 'shift', header: 'Shift', value: (i) => i.shift, filter: 'SET', width: 100 },
    { id: 'inspector', header: 'Inspector', value: (i) => i.inspector, filter: 'TEXT', width: 220 },
    {
      id: 'passed',
      header: 'Passed',
      value: (i) => i.passed,
      cell: (i) => (
        <Group gap={6} wrap="nowrap">
          <PassFailIcon passing={i.passed} label={null} size={18} />
          <Text size="sm">{i.passed ? 'Yes' : 'No'}</Text>
        </Group>
      ),
      filter: 'BOOLEAN',
      width: 120,
    },
    {
      id: 'af1800',
      header: 'AF-1800',
      value: (i) => i.inspectionDate.slice(0, 7),
      cell: (i) => {
        const target: VehicleAf1800Target = { vehicleId: i.vehicleId, regNumber, month: inspectionFormMonth(i.inspectionDate, now, zone) };
        const label = vehicleFormTitle(regNumber, target.month);
        return (
          <Tooltip label={label}>
            <ActionIcon variant="subtle" color="red.8" aria-label={label} onClick={() => openAf1800(target)} onDoubleClick={(event) => event.stopPropagation()}>
              <IconFileTypePdf size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        );
      },
      sortable: false,
      width: 110,
    },
  ];
}

/**
 * The vehicle's inspections (part 1 §2 Inspections), newest first, from the mirror: each row opens the
 * inspection's detail (its date is a link; a double click opens it too) and its month's AF-1800 (the
 * current form for this month's inspections).
 */
export function InspectionsTab({ vehicleId, regNumber }: { vehicleId: string; regNumber: string }) {
  const rows = useMirrorQuery((db) => inspectionsOfVehicle(db, vehicleId), [vehicleId]);
  const navigate = useNavigate();
  const [af1800, setAf1800] = useState<VehicleAf1800Target | null>(null);
  // The month the links call current: the tab's opening (a month that turns while it is open keeps its links).
  const [now] = useState(() => new Date());
  const zone = useOrgTimeZone();
  const columns = useMemo(() => inspectionColumns(regNumber, now, zone, setAf1800), [regNumber, now, zone]);

  if (rows.state === 'loading') return <MirrorQueryState query={rows} />;
  if (rows.state === 'error') return <NoInspections error={rows.message} />;
  if (rows.data.length === 0) return <NoInspections />;
  return (
    <>
      <DataGrid
        aria-label="Inspections"
        columns={columns}
        rows={rows.data}
        getRowId={(i) => i.inspectionId}
        defaultSort={DEFAULT_SORT}
        searchPlaceholder="Search inspections"
        onRowDoubleClick={(i) => void navigate(inspectionPath(regNumber, i.inspectionId))}
      />
      {af1800 ? <VehicleAf1800Modal target={af1800} onClose={() => setAf1800(null)} /> : null}
    </>
  );
}
