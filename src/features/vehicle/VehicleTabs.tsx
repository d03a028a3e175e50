import { Tabs, Text } from '@mantine/core';

/** The vehicle page's seven tabs (part 1 §2); their content is later work. */
export const VEHICLE_TABS = ['Inspections', 'Maintenance', 'Waivers', 'TDY', 'Washes', 'Notes', 'Documents'] as const;

export const TAB_NOT_AVAILABLE = 'This tab is not available yet.';

export function VehicleTabs() {
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
          <Text c="dimmed">{TAB_NOT_AVAILABLE}</Text>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
