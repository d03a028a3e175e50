import { useMemo, useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE } from '../../../core/rules/org-clock.ts';
import { zoneLabel } from '../../shared/org-time-zone.ts';
import type { Organization } from '../../../core/schema/organization.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { updateTimeZone } from '../../data/organization/option-mutators.ts';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';
import { OptionHeader } from './OptionHeader.tsx';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/** Every zone the browser lists, UTC first, and the current one though it be a name the list lacks, each with its offset now. */
function zoneOptions(current: string, now: Date): { value: string; label: string }[] {
  const listed = Intl.supportedValuesOf('timeZone').filter((z) => z !== DEFAULT_TIME_ZONE && z !== current);
  return [...new Set([DEFAULT_TIME_ZONE, current]), ...listed].map((zone) => ({ value: zone, label: zoneLabel(zone, now) }));
}

/**
 * The organization's time zone (issue 50): the local time the motor pool works in, to be the one
 * clock of its days, months and shifts on every device (docs/organization-admin.md says which follow
 * it so far). Only a vco changes it.
 */
export function TimeZone({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const zone = organization.timeZone ?? DEFAULT_TIME_ZONE;
  const now = new Date();
  return (
    <Stack gap="xs">
      <OptionHeader title="Time Zone" onEdit={canEdit ? () => setEditing(true) : undefined} />
      <Text fw={600} aria-label="Organization time zone">
        {zoneLabel(zone, now)}
      </Text>
      <Text size="sm" c="dimmed">
        {organization.timeZone === null ? 'Not chosen yet: UTC until a VCO chooses the zone the motor pool works in.' : 'The local time the motor pool works in.'}
      </Text>
      {editing ? <TimeZoneDialog organization={organization} zone={zone} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}

function TimeZoneDialog({ organization, zone, onClose }: { organization: Organization; zone: string; onClose: () => void }) {
  const change = useChangeWithVerdict();
  const [value, setValue] = useState<string | null>(zone);
  const options = useMemo(() => zoneOptions(zone, new Date()), [zone]);
  const changed = value !== null && value !== zone;
  return (
    <FormModal
      opened
      onClose={onClose}
      title="Edit Time Zone"
      submitLabel="Save"
      canSubmit={changed}
      dirty={changed}
      onSubmit={async () => {
        if (value) await change(updateTimeZone, { orgId: organization.orgId, timeZone: value });
      }}
    >
      <Select
        label="Time zone"
        description="Where the motor pool works: its days start at this zone's midnight."
        data={options}
        value={value}
        onChange={setValue}
        {...searchablePickerProps}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
