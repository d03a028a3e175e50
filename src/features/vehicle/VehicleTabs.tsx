import type { ReactNode } from 'react';
import { Tabs, Text } from '@mantine/core';
import { NotesTab } from './tabs/NotesTab.tsx';
import { WashesTab } from './tabs/WashesTab.tsx';

/** The vehicle page's seven tabs (part 1 §2). */
export const VEHICLE_TABS = ['Inspections', 'Maintenance', 'Waivers', 'TDY', 'Washes', 'Notes', 'Documents'] as const;

export const TAB_NOT_AVAILABLE = 'This tab is not available yet.';

type VehicleTab = (typeof VEHICLE_TABS)[number];

export interface VehicleTabsProps {
  vehicleId: string;
  /** Read-only users see no create or edit control in any tab (part 1 §6). */
  readOnly: boolean;
}

export function VehicleTabs({ vehicleId, readOnly }: VehicleTabsProps) {
  const content: Partial<Record<VehicleTab, ReactNode>> = {
    Washes: <WashesTab vehicleId={vehicleId} readOnly={readOnly} />,
    Notes: <NotesTab vehicleId={vehicleId} readOnly={readOnly} />,
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
