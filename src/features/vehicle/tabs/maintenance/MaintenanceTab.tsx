import { Tabs } from '@mantine/core';
import { RequiredTab } from './RequiredTab.tsx';
import { InspectionVisitTab } from './InspectionVisitTab.tsx';
import { ScheduledMxTab } from './ScheduledMxTab.tsx';

/** Part 1 §2 Maintenance: the sub-tabs Required, Scheduled, LTI and PMI. */
export const MAINTENANCE_TABS = ['Required', 'Scheduled', 'LTI', 'PMI'] as const;

export function MaintenanceTab({ vehicleId, readOnly }: { vehicleId: string; readOnly: boolean }) {
  return (
    <Tabs defaultValue="Required" keepMounted={false} variant="pills">
      <Tabs.List mb="md">
        {MAINTENANCE_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {tab}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="Required">
        <RequiredTab vehicleId={vehicleId} readOnly={readOnly} />
      </Tabs.Panel>
      <Tabs.Panel value="Scheduled">
        <ScheduledMxTab vehicleId={vehicleId} readOnly={readOnly} />
      </Tabs.Panel>
      <Tabs.Panel value="LTI">
        <InspectionVisitTab kind="lti" vehicleId={vehicleId} readOnly={readOnly} />
      </Tabs.Panel>
      <Tabs.Panel value="PMI">
        <InspectionVisitTab kind="pmi" vehicleId={vehicleId} readOnly={readOnly} />
      </Tabs.Panel>
    </Tabs>
  );
}
