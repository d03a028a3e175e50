import type { ReactNode } from 'react';
import { FleetDetailsScreen } from './features/fleet/FleetDetailsScreen.tsx';
import { AllUsersScreen } from './features/users/AllUsersScreen.tsx';
import { VehicleScreen } from './features/vehicle/VehicleScreen.tsx';

/** The screen of each route that has one (src/app/route-table.ts); the others show "not available yet". */
export const SCREENS: Partial<Record<string, ReactNode>> = {
  '/FleetDetails': <FleetDetailsScreen />,
  '/Vehicle/:regNumber': <VehicleScreen />,
  '/Admin': <AllUsersScreen />,
};
