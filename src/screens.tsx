import type { ReactNode } from 'react';
import { AllUsersScreen } from './features/users/AllUsersScreen.tsx';

/** The screen of each route that has one (src/app/route-table.ts); the others show "not available yet". */
export const SCREENS: Partial<Record<string, ReactNode>> = {
  '/Admin': <AllUsersScreen />,
};
