import { Alert, Group, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { GateLayout } from './GateLayout.tsx';
import { LogOutButton } from './LogOutButton.tsx';

export interface NoSectionScreenProps {
  productName?: string;
  name?: string;
  orgName?: string;
  /** The role's label, e.g. 'Dispatcher'. */
  roleLabel: string;
  onLogOut: () => void;
}

/** A website role without a section (part 1 §2, §6; the profile answered 412). */
export function NoSectionScreen({ productName, name, orgName, roleLabel, onLogOut }: NoSectionScreenProps) {
  // Who is signed in, so a person on a shared tablet sees which account lacks the section.
  const who = [name, orgName].filter(Boolean).join(' · ');
  return (
    <GateLayout productName={productName}>
      {who ? <Text c="dimmed">{who}</Text> : null}
      <Title order={1} size="h3">
        {`As an ${roleLabel}, you should have a section but are not assigned one in the system.`}
      </Title>
      <Alert color="navy" variant="light" icon={<IconInfoCircle aria-hidden />}>
        NOTE: You may still perform inspections.
      </Alert>
      <Group>
        <LogOutButton onLogOut={onLogOut} />
      </Group>
    </GateLayout>
  );
}
