import { Badge, Button, Group, Tabs } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { availabilityPercent, melVerdict, type MelVerdict } from '../../../core/rules/fleet-overview.ts';
import type { FleetOverview } from '../../../core/schema/fleet-overview.ts';
import { VEHICLE_STATUS_LABELS } from '../../../core/schema/vehicle.ts';
import { formatDate } from '../../shared/fleet-format.ts';
import { daysText, ListTable, reg } from './ListTable.tsx';
import { ReadinessForecast, shortfallCount } from './ReadinessForecast.tsx';
import classes from './OverviewLists.module.css';
import { VERDICT_COLORS, VERDICT_LABELS } from './verdict-colors.ts';

/** The Availability tab's badges: how many vehicle types pass, warn and fail (part 2 §2.7). */
function VerdictBadges({ counts }: { counts: Record<MelVerdict, number> }) {
  return (
    <Group gap={4} wrap="nowrap">
      {(['pass', 'warning', 'fail'] as const).map((v) => (
        <Badge key={v} size="sm" circle={counts[v] < 10} color={VERDICT_COLORS[v]} autoContrast aria-label={`${counts[v]} vehicle types ${VERDICT_LABELS[v]}`}>
          {counts[v]}
        </Badge>
      ))}
    </Group>
  );
}

function CountBadge({ n, label, color = '#1864ab' }: { n: number; label: string; color?: string }) {
  return (
    <Badge size="sm" variant={n === 0 ? 'light' : 'filled'} color={n === 0 ? 'gray' : color} aria-label={`${n} ${label}`}>
      {n}
    </Badge>
  );
}

type Flat = FleetOverview['availability'][number]['vehicleTypes'][number] & { sectionId: string; sectionName: string };

/**
 * The nine lists of the Overview (part 2 §2.7) as tabs with count badges; every row links to its
 * vehicle. Availability shows each section's vehicle types against their MEL and downloads as CSV.
 */
export function OverviewLists({ overview, onDownload }: { overview: FleetOverview; onDownload(): void }) {
  const types: Flat[] = overview.availability.flatMap((s) => s.vehicleTypes.map((t) => ({ ...t, sectionId: s.sectionId, sectionName: s.sectionName })));
  const verdicts: Record<MelVerdict, number> = { pass: 0, warning: 0, fail: 0 };
  for (const t of types) verdicts[melVerdict(t)]++;
  const { mx, tdy } = overview;
  const shortfalls = shortfallCount(overview.forecast);

  const lists = [
    {
      value: 'availability',
      label: 'Availability',
      badge: <VerdictBadges counts={verdicts} />,
      body: (
        <>
          <Group justify="flex-end" mb="xs">
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={onDownload} disabled={types.length === 0}>
              Download CSV
            </Button>
          </Group>
          <ListTable<Flat>
            label="Availability"
            rows={types}
            rowKey={(t) => `${t.sectionId}:${t.vehicleType}`}
            empty="No sections or vehicle types to report"
            columns={[
              { header: 'Section', cell: (t) => t.sectionName },
              { header: 'Vehicle Type', cell: (t) => t.vehicleType },
              { header: 'Total', cell: (t) => t.total, numeric: true },
              { header: 'Available', cell: (t) => t.available, numeric: true },
              { header: 'FMC', cell: (t) => t.fmc, numeric: true },
              { header: 'TDY', cell: (t) => t.tdy, numeric: true },
              { header: 'MEL', cell: (t) => t.mel, numeric: true },
              {
                header: 'Available - MEL',
                numeric: true,
                cell: (t) => (
                  <Badge color={VERDICT_COLORS[melVerdict(t)]} autoContrast>
                    {t.available - t.mel}
                  </Badge>
                ),
              },
              { header: 'Availability %', cell: (t) => (availabilityPercent(t) === null ? '—' : `${availabilityPercent(t)}%`), numeric: true },
            ]}
          />
        </>
      ),
    },
    {
      value: 'forecast',
      label: 'Readiness Forecast',
      badge: <CountBadge n={shortfalls} label="vehicle types fall short of their MEL in the next 30 days" color={VERDICT_COLORS.fail} />,
      body: <ReadinessForecast forecast={overview.forecast} />,
    },
    {
      value: 'status',
      label: 'Status Details',
      count: mx.allInOpStatus.length,
      body: (
        <ListTable
          label="Status Details"
          rows={mx.allInOpStatus}
          rowKey={(r) => r.vehicleId}
          empty="Every vehicle is FMC"
          columns={[
            reg(),
            { header: 'Status', cell: (r) => VEHICLE_STATUS_LABELS[r.status] },
            { header: 'ETIC', cell: (r) => formatDate(r.etic) || '—' },
            { header: 'Days Past ETIC', cell: (r) => (r.daysPast === null ? '—' : r.daysPast), numeric: true },
          ]}
        />
      ),
    },
    {
      value: 'scheduled',
      label: 'Scheduled Mx',
      count: mx.approachingScheduledMx.length,
      body: (
        <ListTable
          label="Scheduled Mx"
          rows={mx.approachingScheduledMx}
          rowKey={(r) => r.mxId}
          empty="No scheduled maintenance within the MX lead time"
          columns={[
            reg(),
            { header: 'Mx Type', cell: (r) => r.mxType },
            { header: 'Date', cell: (r) => formatDate(r.nextMxDate) },
            { header: 'Days', cell: (r) => daysText(r.daysToMx), numeric: true },
          ]}
        />
      ),
    },
    {
      value: 'lti',
      label: 'Approaching LTIs',
      count: mx.approachingLti.length,
      body: (
        <ListTable
          label="Approaching LTIs"
          rows={mx.approachingLti}
          rowKey={(r) => r.ltiId}
          empty="No LTIs within the LTI lead time"
          columns={[reg(), { header: 'Date', cell: (r) => formatDate(r.nextLtiDate) }, { header: 'Days', cell: (r) => daysText(r.daysToLti), numeric: true }]}
        />
      ),
    },
    {
      value: 'pmi',
      label: 'Approaching PMIs',
      count: mx.approachingPmi.length,
      body: (
        <ListTable
          label="Approaching PMIs"
          rows={mx.approachingPmi}
          rowKey={(r) => r.pmiId}
          empty="No PMIs within the PMI lead time"
          columns={[reg(), { header: 'Date', cell: (r) => formatDate(r.nextPmiDate) }, { header: 'Days', cell: (r) => daysText(r.daysToPmi), numeric: true }]}
        />
      ),
    },
    {
      value: 'tdy',
      label: 'Current TDYs',
      count: tdy.current.length,
      body: (
        <ListTable
          label="Current TDYs"
          rows={tdy.current}
          rowKey={(r) => r.tdyId}
          empty="No vehicle is on TDY"
          columns={[
            reg(),
            { header: 'Start', cell: (r) => formatDate(r.startDate) },
            { header: 'End', cell: (r) => formatDate(r.endDate) || 'Open' },
            { header: 'Description', cell: (r) => r.description },
          ]}
        />
      ),
    },
    {
      value: 'tdyNext',
      label: 'Approaching TDYs',
      count: tdy.approaching.length,
      body: (
        <ListTable
          label="Approaching TDYs"
          rows={tdy.approaching}
          rowKey={(r) => r.tdyId}
          empty="No TDYs within the TDY lead time"
          columns={[
            reg(),
            { header: 'Start', cell: (r) => formatDate(r.startDate) },
            { header: 'End', cell: (r) => formatDate(r.endDate) || 'Open' },
            { header: 'Description', cell: (r) => r.description },
            { header: 'Days', cell: (r) => r.daysToTdy, numeric: true },
          ]}
        />
      ),
    },
    {
      value: 'wash',
      label: 'Approaching Washes',
      count: overview.wash.length,
      body: (
        <ListTable
          label="Approaching Washes"
          rows={overview.wash}
          rowKey={(r) => r.washId}
          empty="No washes within the wash lead time"
          columns={[reg(), { header: 'Date', cell: (r) => formatDate(r.date) }, { header: 'Days', cell: (r) => daysText(r.daysToWash), numeric: true }]}
        />
      ),
    },
    {
      value: 'eol',
      label: 'Approaching EOL/Depo Turn-In',
      count: overview.eol.length,
      body: (
        <ListTable
          label="Approaching EOL/Depo Turn-In"
          rows={overview.eol}
          rowKey={(r) => r.vehicleId}
          empty="No vehicle reaches its EOL within the EOL lead time"
          columns={[
            reg(),
            { header: 'Vehicle Type', cell: (r) => r.vehicleType },
            { header: 'EOL Date', cell: (r) => formatDate(r.eolDate) },
            { header: 'Days', cell: (r) => daysText(r.daysToEol), numeric: true },
          ]}
        />
      ),
    },
  ];

  return (
    <Tabs defaultValue="availability" keepMounted={false}>
      <Tabs.List className={classes.tabList}>
        {lists.map((l) => (
          <Tabs.Tab key={l.value} value={l.value} className={classes.tab} rightSection={l.badge ?? <CountBadge n={l.count ?? 0} label={l.label} />}>
            {l.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {lists.map((l) => (
        <Tabs.Panel key={l.value} value={l.value} pt="sm">
          {l.body}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
