import { useEffect } from 'react';
import { DEFAULT_TIME_ZONE, isTimeZone, orgZoneOf, utcOffsetLabel } from '../../core/rules/org-clock.ts';
import { useSession } from '../auth/session-context.ts';
import { updateTimeZone } from '../data/organization/option-mutators.ts';
import { useLiveQuery, useMirror, useMutate } from '../sync/react.tsx';

/** The signed-in user's organization's row, as the mirror holds it (undefined while it loads, null before the first sync). */
function useOrganization() {
  const { user } = useSession();
  const db = useMirror();
  return useLiveQuery(async () => (await db.feed('organizations').get(user.orgId)) ?? null, [db, user.orgId]);
}

/** The organization's time zone, the one clock of every day on this device (UTC until one is chosen or synced). */
export function useOrgTimeZone(): string {
  return orgZoneOf(useOrganization() ?? null);
}

/** A zone as people read it: 'Asia/Tokyo (UTC+09:00)', the offset of `now`; UTC alone. */
export const zoneLabel = (zone: string, now: Date): string => (zone === DEFAULT_TIME_ZONE ? 'UTC' : `${zone.replace(/_/g, ' ')} (${utcOffsetLabel(now, zone)})`);

/**
 * This browser's zone, in the spelling of the browser's own list of zones (its runtime may name
 * Asia/Kolkata by an older link, Asia/Calcutta); null when it names none the runtime knows.
 */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || !isTimeZone(zone)) return null;
  const listed = Intl.supportedValuesOf('timeZone');
  if (zone === DEFAULT_TIME_ZONE || listed.includes(zone)) return zone;
  return listed.find((name) => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone === zone) ?? zone;
}

/**
 * A new organization has no zone until its first vco signs in: it takes the zone of that vco's
 * browser, through the outbox like any change, and the vco can change it on Organization Administration.
 */
export function useAdoptBrowserTimeZone(): void {
  const { user } = useSession();
  const org = useOrganization();
  const mutate = useMutate();
  const unchosen = user.role === 'vco' && org != null && org.timeZone === null;
  useEffect(() => {
    const zone = browserTimeZone();
    if (unchosen && zone) void mutate(updateTimeZone, { orgId: user.orgId, timeZone: zone });
  }, [unchosen, mutate, user.orgId]);
}
