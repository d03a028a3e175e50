import { Group, Text, Title } from '@mantine/core';
import { GateLayout } from './GateLayout.tsx';
import { LogOutButton } from './LogOutButton.tsx';

export interface NoRoleScreenProps {
  productName?: string;
  /** Who is signed in, so a person on a shared tablet sees which account lacks the role. */
  name?: string;
  orgName?: string;
  onLogOut: () => void;
}

/** A signed-in user whose groups name no role of the product (part 1 §2, §6, §8). */
export function NoRoleScreen({ productName, name, orgName, onLogOut }: NoRoleScreenProps) {
  const who = [name, orgName].filter(Boolean).join(' · ');
  return (
    <GateLayout productName={productName}>
      <Title order={1} size="h2">
        No role provided
      </Title>
      {who ? <Text c="dimmed">{who}</Text> : null}
      <Text size="lg">No role provided. You lack the permissions to access any part of this system.</Text>
      <Group>
        <LogOutButton onLogOut={onLogOut} />
      </Group>
    </GateLayout>
  );
}
