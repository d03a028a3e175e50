import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconDeviceMobile, IconLogout, IconSelector, IconUser, IconUsers } from '@tabler/icons-react';
import { ROLE_LABELS } from '../../core/schema/roles.ts';
import { useSession } from '../auth/session-context.ts';
import { ProfileDialog } from '../features/profile/ProfileDialog.tsx';
import { useLiveQuery, useMirror, useWaitingCount } from '../sync/react.tsx';
import { TOUCH_TARGET_PX } from '../theme.ts';
import { MobileAppDialog } from './MobileAppDialog.tsx';
import { SignOutDialog } from './SignOutDialog.tsx';

export interface UserMenuProps {
  /** The collapsed sidebar shows only the avatar. */
  compact?: boolean;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** Who is signed in, and Profile, Users, Mobile App and Log out (part 1 §2 "Shell"). */
export function UserMenu({ compact = false }: UserMenuProps) {
  const session = useSession();
  const { user } = session;
  const db = useMirror();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'profile' | 'mobileApp' | 'signOut' | null>(null);
  const waiting = useWaitingCount();
  // With changes still waiting, Log Out asks first: they must not vanish unseen.
  const logOut = () => (waiting > 0 ? setDialog('signOut') : void session.signOut());

  // The mirror row follows a profile change at once; the token keeps the name it was issued with.
  const row = useLiveQuery(() => db.feed('users').get(user.userId), [db, user.userId]);
  const name = row?.fullName || user.name;
  const roleLabel = user.role ? ROLE_LABELS[user.role] : '';

  const avatar = (
    <Avatar color="navy" radius="xl" size={40} aria-hidden>
      {initials(name)}
    </Avatar>
  );

  const target = compact ? (
    // A native title rather than a Tooltip: Tooltip would swallow the menu target's aria attributes.
    <UnstyledButton aria-label={`${name}, ${roleLabel}`} title={`${name} · ${roleLabel}`} style={{ borderRadius: '50%' }}>
      {avatar}
    </UnstyledButton>
  ) : (
    <UnstyledButton w="100%" mih={TOUCH_TARGET_PX + 6} p={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Group gap="sm" wrap="nowrap">
        {avatar}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {roleLabel}
          </Text>
        </div>
        <IconSelector size={18} aria-hidden />
      </Group>
    </UnstyledButton>
  );

  return (
    <>
      <Menu position={compact ? 'right-end' : 'top-start'} width={220} withinPortal>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUser size={20} aria-hidden />} onClick={() => setDialog('profile')}>
            Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconUsers size={20} aria-hidden />} onClick={() => navigate('/Admin')}>
            Users
          </Menu.Item>
          <Menu.Item leftSection={<IconDeviceMobile size={20} aria-hidden />} onClick={() => setDialog('mobileApp')}>
            Mobile App
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={20} aria-hidden />} onClick={logOut}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileDialog opened={dialog === 'profile'} onClose={() => setDialog(null)} />
      <MobileAppDialog opened={dialog === 'mobileApp'} onClose={() => setDialog(null)} />
      <SignOutDialog opened={dialog === 'signOut'} onClose={() => setDialog(null)} />
    </>
  );
}
