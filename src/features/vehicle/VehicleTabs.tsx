import type { ReactNode } from 'react';
import { Tabs, Text } from '@mantine/core';
import { DocumentsTab } from './tabs/DocumentsTab.tsx';
import { InspectionsTab } from './tabs/InspectionsTab.tsx';
import { MaintenanceTab } from './tabs/maintenance/MaintenanceTab.tsx';
import { NotesTab } from './tabs/NotesTab.tsx';
import { TdyTab } from './tabs/TdyTab.tsx';
import { WaiversTab } from './tabs/waivers/WaiversTab.tsx';
import { WashesTab } from './tabs/WashesTab.tsx';

export const TAB_NOT_AVAILABLE = 'This tab is not available yet.';

/** The vehicle page's seven tabs (part 1 §2). */
export const VEHICLE_TABS = ['Inspections', 'Maintenance', 'Waivers', 'TDY', 'Washes', 'Notes', 'Documents'] as const;

type VehicleTab = (typeof VEHICLE_TABS)[number];

export interface VehicleTabsProps {
  vehicleId: string;
  regNumber: string;
  /** Read-only users see no create or edit control in any tab (part 1 §6). */
  readOnly: boolean;
}

export function VehicleTabs({ vehicleId, regNumber, readOnly }: VehicleTabsProps) {
  const content: Partial<Record<VehicleTab, ReactNode>> = {
    Inspections: <InspectionsTab vehicleId={vehicleId} regNumber={regNumber} />,
    Maintenance: <MaintenanceTab vehicleId={vehicleId} readOnly={readOnly} />,
    Waivers: <WaiversTab vehicleId={vehicleId} readOnly={readOnly} />,
    TDY: <TdyTab vehicleId={vehicleId} regNumber={regNumber} readOnly={readOnly} />,
    Washes: <WashesTab vehicleId={vehicleId} readOnly={readOnly} />,
    Notes: <NotesTab vehicleId={vehicleId} readOnly={readOnly} />,
    Documents: <DocumentsTab vehicleId={vehicleId} readOnly={readOnly} />,
  };
  return (
    <Tabs defaultValue={VEHICLE_TABS[0]} keepMounted={false}>
      <Tabs.List>
        {VEHICLE_TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {tab}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {VEHICLE_TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="lg">
          {content[tab] ?? <Text c="dimmed">{TAB_NOT_AVAILABLE}</Text>}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
