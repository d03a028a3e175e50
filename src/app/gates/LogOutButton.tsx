import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

/** The gates' way out; variant default so it never competes with a gate's main action. */
export function LogOutButton({ onLogOut }: { onLogOut: () => void }) {
  return (
    <Button variant="default" leftSection={<IconLogout size={20} aria-hidden />} onClick={onLogOut}>
      Log Out
    </Button>
  );
}
