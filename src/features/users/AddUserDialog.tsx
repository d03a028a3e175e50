import { useState } from 'react';
import { Alert, List, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWifiOff } from '@tabler/icons-react';
import { nanoid } from 'nanoid';
import { addUserErrors, hasErrors, type AddUserErrors, type AddUserForm } from '../../../core/rules/user-form.ts';
import { ID_LENGTH } from '../../../core/schema/common.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { Role } from '../../../core/schema/roles.ts';
import { useSession } from '../../auth/session-context.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { Typeahead } from '../../components/Typeahead.tsx';
import { createUser } from '../../data/users/create-user.ts';
import { dismissRejected, useMirror, useSyncFact } from '../../sync/react.tsx';
import { addUserFailure, type AddUserFailure } from './add-user-error.ts';
import { fromSectionOption, ROLE_OPTIONS, sectionOptions, toSectionOption } from './user-options.ts';
import { useMutateWithOutcome } from '../../shared/use-mutate-with-outcome.ts';

export interface AddUserDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The organization's sections, by name. */
  sections: readonly Section[];
}

const EMPTY: AddUserForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', role: null, sectionId: null, isAdmin: false };

type Field = keyof AddUserErrors;

function FailureText({ failure }: { failure: AddUserFailure }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{failure.message}</Text>
      {failure.suggestions.length > 0 ? (
        <List size="sm" spacing={2}>
          {failure.suggestions.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** Why Add stays disabled offline: the password may wait nowhere but in this page's memory. */
export const ADD_USER_NEEDS_CONNECTION =
  'Adding a user needs a connection: passwords are never stored on this device, so a new user can only be sent while the server can be reached.';

/**
 * An administrator adds a user (part 1 §2, §5). Submit stays disabled while a rule fails; a field
 * shows its message once it was touched. Adding needs a connection (the password is held in this
 * page's memory only, src/sync/secrets.ts): offline the dialog says so and Add stays disabled. The
 * dialog waits a few seconds for the server and stays open with the server's message if it refuses;
 * without an answer in time it closes, and the page sends the user as soon as it can.
 */
export function AddUserDialog({ opened, onClose, sections }: AddUserDialogProps) {
  const db = useMirror();
  const { user: me } = useSession();
  const run = useMutateWithOutcome();
  const online = useSyncFact((s) => s.online);
  const signInRequired = useSyncFact((s) => s.signInRequired);
  const connected = online && !signInRequired;
  const [form, setForm] = useState<AddUserForm>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [failure, setFailure] = useState<AddUserFailure | null>(null);

  const errors = addUserErrors(form);
  const shown = (field: Field) => (touched[field] ? errors[field] : null);
  const touch = (field: Field) => setTouched((prev) => (prev[field] ? prev : { ...prev, [field]: true }));
  const set = <K extends keyof AddUserForm>(field: K, value: AddUserForm[K]) => {
    setForm((prev) => ({ ...prev, [field]: value }));
    if (field !== 'isAdmin') touch(field as Field);
  };

  const close = () => {
    setForm(EMPTY);
    setTouched({});
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    setFailure(null);
    const userId = nanoid(ID_LENGTH);
    const fullName = `${form.firstName.trim()} ${form.lastName.trim()}`;
    const { mutationId, outcome, waited } = await run(createUser, {
      userId,
      orgId: me.orgId,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      password: form.password,
      role: form.role as Role,
      isAdmin: form.isAdmin,
      sectionId: form.sectionId,
    });
    if (outcome.kind === 'rejected') {
      // Shown here, where it can be fixed, rather than a second time in the sync indicator's list.
      await dismissRejected(db, mutationId);
      setFailure(addUserFailure({ message: outcome.message, details: outcome.details }));
      return;
    }
    if (outcome.kind === 'queued') {
      notifications.show({
        title: 'User saved on this device',
        message: waited
          ? `${fullName} will be added as soon as the server confirms the change. Keep this page open until then.`
          : `${fullName} will be added when the device is back online. Keep this page open until then.`,
      });
    } else {
      notifications.show({ message: `${fullName} was added.`, color: 'green' });
    }
    close();
  };

  const sectionChoices = sectionOptions(sections);

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Add User"
      size="lg"
      onSubmit={submit}
      canSubmit={connected && !hasErrors(errors)}
      closeOnSuccess={false}
      error={failure ? <FailureText failure={failure} /> : null}
      dirty={(Object.keys(EMPTY) as (keyof AddUserForm)[]).some((k) => form[k] !== EMPTY[k])}
    >
      {connected ? null : (
        <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden />}>
          {ADD_USER_NEEDS_CONNECTION}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          label="First Name"
          required
          value={form.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          onBlur={() => touch('firstName')}
          error={shown('firstName')}
          autoComplete="off"
          data-autofocus
        />
        <TextInput
          label="Last Name"
          required
          value={form.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          onBlur={() => touch('lastName')}
          error={shown('lastName')}
          autoComplete="off"
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        required
        value={form.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        onBlur={() => touch('email')}
        error={shown('email')}
        autoComplete="off"
      />
      <SimpleGrid cols={2} spacing="md">
        <PasswordInput
          label="Password"
          required
          value={form.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          onBlur={() => touch('password')}
          error={shown('password')}
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirm Password"
          required
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword', e.currentTarget.value)}
          onBlur={() => touch('confirmPassword')}
          error={shown('confirmPassword')}
          autoComplete="new-password"
        />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="md">
        <Typeahead
          label="Role"
          required
          options={ROLE_OPTIONS}
          value={form.role}
          onChange={(role) => set('role', role)}
          onBlur={() => touch('role')}
          error={shown('role')}
        />
        <Typeahead
          label="Section"
          options={sectionChoices}
          value={toSectionOption(form.sectionId)}
          onChange={(value) => set('sectionId', fromSectionOption(value))}
          onBlur={() => touch('sectionId')}
          // The section rule depends on the role, so it shows as soon as either was touched.
          error={touched.role || touched.sectionId ? errors.sectionId : null}
        />
      </SimpleGrid>
      <Switch label="Admin" checked={form.isAdmin} onChange={(e) => set('isAdmin', e.currentTarget.checked)} />
    </FormModal>
  );
}
