import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { leadTimeError } from '../../../core/rules/org-admin-form.ts';
import { LEAD_TIME_FIELDS, LEAD_TIME_MAX_DAYS, type Organization } from '../../../core/schema/organization.ts';
import type { UpdateOrganizationBody } from '../../../core/schema/organization-admin.ts';
import { updateLeadTimes } from '../../data/organization/option-mutators.ts';
import { useDirtyForm } from '../../pwa/dirty-forms.ts';
import { OptionHeader } from './OptionHeader.tsx';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';

type LeadTimeField = (typeof LEAD_TIME_FIELDS)[number];

/** The table's columns, in the spec's order (part 2 §2.3). */
const LABELS: Record<LeadTimeField, string> = {
  eolLeadTime: 'EOL',
  mxLeadTime: 'MX',
  tdyLeadTime: 'TDY',
  washLeadTime: 'Wash',
  ltiLeadTime: 'LTI',
  pmiLeadTime: 'PMI',
};

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The lead-time table (part 2 §2.3, §5): how many days ahead each 'Approaching ...' list looks. Edit
 * is for everyone who sees the page; each value is a whole number of days from 0 to 180, Save needs
 * a change and sends only the changed lead times.
 */
export function LeadTimes({ organization }: { organization: Organization }) {
  const change = useChangeWithVerdict();
  const [draft, setDraft] = useState<Record<LeadTimeField, string> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const changes = draft
    ? (Object.fromEntries(
        LEAD_TIME_FIELDS.filter((f) => draft[f].trim() !== String(organization[f])).map((f) => [f, Number(draft[f].trim())]),
      ) as UpdateOrganizationBody)
    : {};
  const errors = draft ? Object.fromEntries(LEAD_TIME_FIELDS.map((f) => [f, leadTimeError(draft[f])])) : {};
  const valid = Object.values(errors).every((e) => e === null);
  const changed = Object.keys(changes).length > 0;
  useDirtyForm(changed);

  const edit = () => {
    setFailure(null);
    setDraft(Object.fromEntries(LEAD_TIME_FIELDS.map((f) => [f, String(organization[f])])) as Record<LeadTimeField, string>);
  };
  const save = async () => {
    if (!changed || !valid) return;
    setSaving(true);
    setFailure(null);
    try {
      await change(updateLeadTimes, { orgId: organization.orgId, changes });
      setDraft(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setDraft(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs">
      <OptionHeader
        title="Lead Times"
        onEdit={edit}
        actions={
          draft ? (
            <Group gap="xs">
              <Button variant="default" onClick={() => setDraft(null)} disabled={saving}>
                Cancel
              </Button>
              <Button onClick={() => void save()} disabled={!changed || !valid} loading={saving}>
                Save
              </Button>
            </Group>
          ) : undefined
        }
      />
      <Text size="sm" c="dimmed">
        How many days ahead the Overview lists what is approaching: whole days, 0 to {LEAD_TIME_MAX_DAYS}.
      </Text>
      {failure ? (
        <Alert color="red" title="The lead times were not saved" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <Table withTableBorder withColumnBorders layout="fixed" aria-label="Lead times">
        <Table.Thead>
          <Table.Tr>
            {LEAD_TIME_FIELDS.map((f) => (
              <Table.Th key={f}>{LABELS[f]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {LEAD_TIME_FIELDS.map((f) => (
              <Table.Td key={f}>
                {draft ? (
                  <TextInput
                    aria-label={`${LABELS[f]} lead time in days`}
                    inputMode="numeric"
                    value={draft[f]}
                    onChange={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') void save();
                      if (e.key === 'Escape') setDraft(null);
                    }}
                    error={errors[f]}
                    rightSection={
                      <Text size="xs" c="dimmed">
                        days
                      </Text>
                    }
                    rightSectionWidth={44}
                  />
                ) : (
                  days(organization[f])
                )}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
