import { useState } from 'react';
import { Badge, Group, Text, TextInput } from '@mantine/core';
import { changedFields } from '../../../core/rules/changed-fields.ts';
import { useSession } from '../../auth/session-context.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useLiveQuery, useMirror, useMutate, usePending } from '../../sync/react.tsx';
import { updateProfile } from '../../data/users/update-profile.ts';
import { canSubmitProfile, profileNameError, type ProfileNames } from './profile-validation.ts';

export interface ProfileDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The signed-in user's given and family name (part 1 §2, §5). Administrators may change them; everyone
 * else sees them read-only. Names come from the mirror's users row, so a change made on another
 * device (or one still pending here) shows as soon as the mirror has it.
 */
export function ProfileDialog({ opened, onClose }: ProfileDialogProps) {
  const { user } = useSession();
  const db = useMirror();
  const mutate = useMutate();
  const pending = usePending(`users:${user.userId}`);
  const row = useLiveQuery(() => db.feed('users').get(user.userId), [db, user.userId]);

  // Before the first pull the mirror has no row yet; the token's names stand in.
  const saved: ProfileNames = { firstName: row?.firstName ?? user.givenName, lastName: row?.lastName ?? user.familyName };
  // The server's users table, not the token, decides admin rights; the token answers until it arrives.
  const isAdmin = row?.isAdmin ?? user.isAdmin;

  // Only edited fields are held here: untouched ones keep following the live row.
  const [edits, setEdits] = useState<Partial<ProfileNames>>({});
  const draft: ProfileNames = { firstName: edits.firstName ?? saved.firstName, lastName: edits.lastName ?? saved.lastName };

  // The value is read before the state update: React may run the updater after the event is gone.
  const setField = (field: keyof ProfileNames, value: string) => setEdits((prev) => ({ ...prev, [field]: value }));

  const close = () => {
    setEdits({});
    onClose();
  };

  const submit = async () => {
    const trimmed = { firstName: draft.firstName.trim(), lastName: draft.lastName.trim() };
    await mutate(updateProfile, { userId: user.userId, changes: changedFields(saved, trimmed) });
  };

  const fullName = `${saved.firstName} ${saved.lastName}`.trim();
  const firstError = edits.firstName === undefined ? null : profileNameError('Given name', draft.firstName);
  const lastError = edits.lastName === undefined ? null : profileNameError('Family name', draft.lastName);

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Profile"
      size="md"
      onSubmit={isAdmin ? submit : undefined}
      canSubmit={canSubmitProfile(saved, draft)}
      dirty={Object.keys(edits).length > 0}
    >
      <Group gap="sm" wrap="nowrap">
        <Text fw={600} size="lg">
          {fullName}
        </Text>
        {pending ? (
          <Badge color="yellow.4" variant="filled" title="Waiting to be sent to the server">
            Pending
          </Badge>
        ) : null}
      </Group>
      {isAdmin ? (
        <>
          <TextInput
            label="Given Name"
            value={draft.firstName}
            onChange={(e) => setField('firstName', e.currentTarget.value)}
            error={firstError}
            autoComplete="given-name"
            data-autofocus
          />
          <TextInput
            label="Family Name"
            value={draft.lastName}
            onChange={(e) => setField('lastName', e.currentTarget.value)}
            error={lastError}
            autoComplete="family-name"
          />
        </>
      ) : (
        <>
          <TextInput label="Given Name" value={saved.firstName} readOnly variant="filled" />
          <TextInput label="Family Name" value={saved.lastName} readOnly variant="filled" />
        </>
      )}
    </FormModal>
  );
}
