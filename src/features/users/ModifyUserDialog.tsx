import { useState } from 'react';
import { Alert, Group, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { changedFields } from '../../../core/rules/changed-fields.ts';
import { hasErrors, modifyUserChanged, modifyUserErrors, type ModifyUserForm } from '../../../core/rules/user-form.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { Role } from '../../../core/schema/roles.ts';
import { useSession, type Session } from '../../auth/session-context.ts';
import { expectOwnRoleChange, ownRoleChangeRefused } from '../../auth/own-role-change.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { Typeahead } from '../../components/Typeahead.tsx';
import type { MirrorDb } from '../../db/mirror.ts';
import { updateUser, type UpdateUserArgs } from '../../data/users/update-user.ts';
import { awaitOutcome } from '../../sync/outcome.ts';
import { useMirror, useMutate } from '../../sync/react.tsx';
import { fromSectionOption, ROLE_OPTIONS, sectionOptions, toSectionOption } from './user-options.ts';
import type { UserGridRow } from './user-rows.ts';
import { useMutateWithOutcome } from '../../shared/use-mutate-with-outcome.ts';

export interface ModifyUserDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The user being modified, live from the mirror; null when there is none (the dialog shows nothing). */
  user: UserGridRow | null;
  /** The organization's sections, by name. */
  sections: readonly Section[];
}

export const OWN_ROLE_CHANGE_NOTE = 'You will be logged out upon changing your own role';

const savedForm = (user: UserGridRow): ModifyUserForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  sectionId: user.sectionId,
  active: user.active,
  isAdmin: user.isAdmin,
});

/**
 * Once the server has taken one's own role change, the session ends and this device's caches are
 * cleared (part 1 §4). While the change waits offline, signing out now would delete it with the
 * mirror, so the sign-out waits for the change to be applied; a refusal keeps the session.
 */
function signOutOnceApplied(db: MirrorDb, session: Session, mutationId: string): void {
  void awaitOutcome(db, mutationId, { timeoutMs: Infinity }).then((outcome) => {
    if (outcome.kind === 'applied') void session.signOut({ clearCaches: true });
  });
}

/**
 * An administrator changes a user's names, role, section, active and admin flags (part 1 §2, §5).
 * Fields start from the user's row, so a rule the saved user already breaks (a role without its
 * section) shows at once. Submit is enabled only for a valid change. A refusal is not shown here
 * (part 1 §8 "Modify user fails": the change is rolled back and listed in the sync indicator), so
 * the dialog closes at once, except when one changes one's own role: then it waits for the server
 * before logging out.
 */
export function ModifyUserDialog({ opened, onClose, user, sections }: ModifyUserDialogProps) {
  const db = useMirror();
  const session = useSession();
  const mutate = useMutate();
  const run = useMutateWithOutcome();
  // Only edited fields are held here: untouched ones keep following the live row.
  const [edits, setEdits] = useState<Partial<ModifyUserForm>>({});

  if (!user) return null;
  const saved = savedForm(user);
  const draft: ModifyUserForm = { ...saved, ...edits };
  const errors = modifyUserErrors(draft);
  const isSelf = user.userId === session.user.userId;
  const set = <K extends keyof ModifyUserForm>(field: K, value: ModifyUserForm[K]) => {
    setEdits((prev) => ({ ...prev, [field]: value }));
  };

  const close = () => {
    setEdits({});
    onClose();
  };

  const submit = async () => {
    // Only what this administrator changed: another one may have changed the rest meanwhile.
    const trimmed = { ...draft, firstName: draft.firstName.trim(), lastName: draft.lastName.trim() };
    const { role, ...changes } = changedFields(saved, trimmed);
    const args: UpdateUserArgs = { userId: user.userId, orgId: user.orgId, changes: { ...changes, ...(role ? { role: role as Role } : {}) } };
    if (!(isSelf && draft.role !== saved.role)) {
      await mutate(updateUser, args);
      close();
      return;
    }
    expectOwnRoleChange();
    const { mutationId, outcome } = await run(updateUser, args);
    if (outcome.kind === 'applied') {
      await session.signOut({ clearCaches: true });
      return;
    }
    if (outcome.kind === 'queued') {
      notifications.show({
        title: 'Role change saved on this device',
        message: 'You will be logged out once the server has taken the change.',
      });
      signOutOnceApplied(db, session, mutationId);
    } else {
      ownRoleChangeRefused();
    }
    close();
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Modify User"
      size="lg"
      onSubmit={submit}
      canSubmit={!hasErrors(errors) && modifyUserChanged(saved, draft)}
      closeOnSuccess={false}
      dirty={modifyUserChanged(saved, draft)}
    >
      {isSelf ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {OWN_ROLE_CHANGE_NOTE}
        </Alert>
      ) : null}
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          label="First Name"
          required
          value={draft.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          error={errors.firstName}
          autoComplete="off"
          data-autofocus
        />
        <TextInput
          label="Last Name"
          required
          value={draft.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          error={errors.lastName}
          autoComplete="off"
        />
        <Typeahead label="Role" required options={ROLE_OPTIONS} value={draft.role} onChange={(role) => set('role', role as Role | null)} error={errors.role} />
        <Typeahead
          label="Section"
          options={sectionOptions(sections)}
          value={toSectionOption(draft.sectionId)}
          onChange={(value) => set('sectionId', fromSectionOption(value))}
          error={errors.sectionId}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Switch label="Active" checked={draft.active} onChange={(e) => set('active', e.currentTarget.checked)} />
        <Switch label="Admin" checked={draft.isAdmin} onChange={(e) => set('isAdmin', e.currentTarget.checked)} />
      </Group>
    </FormModal>
  );
}
