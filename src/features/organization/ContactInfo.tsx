import { useState, type ReactNode } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { changedFields } from '../../../core/rules/changed-fields.ts';
import { isPhoneNumber, PHONE_MAX_LENGTH, phoneInvalidMessage, PHONE_LABELS } from '../../../core/rules/phone.ts';
import type { Organization } from '../../../core/schema/organization.ts';
import type { UpdateContactBody } from '../../../core/schema/organization-admin.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { updateContact } from '../../data/organization/option-mutators.ts';
import { OptionHeader } from './OptionHeader.tsx';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

interface ContactForm {
  primaryContactUserId: string | null;
  primaryContactPhoneNumber: string;
  basePhoneNumber: string;
}

type PhoneField = keyof typeof PHONE_LABELS;
const PHONE_FIELDS = Object.keys(PHONE_LABELS) as PhoneField[];

function contactOf(organization: Organization): ContactForm {
  const [contact] = organization.contactInfo;
  return {
    primaryContactUserId: contact?.primaryContactUserId ?? null,
    primaryContactPhoneNumber: contact?.primaryContactPhoneNumber ?? '',
    basePhoneNumber: contact?.basePhoneNumber ?? '',
  };
}

const phoneError = (field: PhoneField, value: string) => (value.trim() === '' || isPhoneNumber(value) ? null : phoneInvalidMessage(field, value.trim()));

/**
 * Contact information (part 2 §2.3, §5): the primary contact, chosen among the organization's vco
 * users, and two optional US phone numbers. Printed on the AF1800; only a vco edits it, and only the
 * changed fields are sent.
 */
export function ContactInfo({
  organization,
  canEdit,
  vcoUsers,
  userNames,
}: {
  organization: Organization;
  canEdit: boolean;
  vcoUsers: { userId: string; name: string }[];
  userNames: Map<string, string>;
}) {
  const [editing, setEditing] = useState(false);
  const contact = contactOf(organization);
  const shown = (value: string) =>
    value === '' ? (
      <Text span c="dimmed">
        Not set
      </Text>
    ) : (
      value
    );

  return (
    <Stack gap="xs">
      <OptionHeader title="Contact Information" onEdit={canEdit ? () => setEditing(true) : undefined} />
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 1 }} spacing="sm">
        <Field label="Primary Contact">{shown(contact.primaryContactUserId ? (userNames.get(contact.primaryContactUserId) ?? 'Unknown user') : '')}</Field>
        <Field label="Primary Contact Phone">{shown(contact.primaryContactPhoneNumber)}</Field>
        <Field label="Base Phone">{shown(contact.basePhoneNumber)}</Field>
      </SimpleGrid>
      {editing ? <ContactDialog organization={organization} initial={contact} vcoUsers={vcoUsers} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

function ContactDialog({
  organization,
  initial,
  vcoUsers,
  onClose,
}: {
  organization: Organization;
  initial: ContactForm;
  vcoUsers: { userId: string; name: string }[];
  onClose(): void;
}) {
  const change = useChangeWithVerdict();
  const [form, setForm] = useState(initial);
  const errors = Object.fromEntries(PHONE_FIELDS.map((f) => [f, phoneError(f, form[f])])) as Record<PhoneField, string | null>;
  const changes = changedFields(initial, {
    ...form,
    primaryContactPhoneNumber: form.primaryContactPhoneNumber.trim(),
    basePhoneNumber: form.basePhoneNumber.trim(),
  }) as UpdateContactBody;
  const changed = Object.keys(changes).length > 0;
  // A primary contact no longer an active vco stays listed, so the field never shows an id.
  const options = vcoUsers.map((u) => ({ value: u.userId, label: u.name }));
  if (initial.primaryContactUserId && !options.some((o) => o.value === initial.primaryContactUserId))
    options.push({ value: initial.primaryContactUserId, label: 'Current contact (no longer an active VCO)' });

  return (
    <FormModal
      opened
      onClose={onClose}
      title="Contact Information"
      submitLabel="Save"
      canSubmit={changed && PHONE_FIELDS.every((f) => errors[f] === null)}
      dirty={changed}
      onSubmit={() => change(updateContact, { orgId: organization.orgId, changes })}
    >
      <Stack gap="sm">
        <Select
          label="Primary Contact"
          description="A user with the VCO role"
          data={options}
          value={form.primaryContactUserId}
          onChange={(value) => setForm({ ...form, primaryContactUserId: value })}
          clearable
          {...searchablePickerProps}
          nothingFoundMessage="No active VCO users"
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {PHONE_FIELDS.map((f) => (
          <TextInput
            key={f}
            label={PHONE_LABELS[f]}
            description="US style, with an optional country code, e.g. (555) 123-4567 or +1 555-123-4567"
            type="tel"
            maxLength={PHONE_MAX_LENGTH}
            value={form[f]}
            onChange={(e) => setForm({ ...form, [f]: e.currentTarget.value })}
            error={errors[f]}
          />
        ))}
      </Stack>
    </FormModal>
  );
}
