import { compareNames } from '../../../core/rules/compare-names.ts';
import { fleetOverview } from '../../../core/rules/fleet-overview.ts';
import type { FleetOverview } from '../../../core/schema/fleet-overview.ts';
import type { Section } from '../../../core/schema/organization.ts';
import { useSession } from '../../auth/session-context.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { readOpenRecords } from '../../db/open-records.ts';
import { useKeyedLiveQuery, useMirror, type KeyedRead } from '../../sync/react.tsx';
import { DEFAULT_TIME_ZONE } from '../../../core/rules/org-clock.ts';

export interface OverviewData {
  overview: FleetOverview;
  /** Every section, by name. */
  sections: Section[];
  /** The Section tab's section: the one chosen, else the user's own, else the first; null without sections. */
  sectionId: string | null;
}

/** The Overview's scope: the whole fleet or the Section tab's section (`chosen` when it exists: a vco's pick). */
export interface OverviewScope {
  scope: 'fleet' | 'section';
  chosen: string | null;
}

/**
 * The Overview from the mirror, with the rule the server answers GET .../fleet with
 * (core/rules/fleet-overview.ts), at `now`. Only the records not completed are read (src/db/open-records.ts).
 */
export async function readOverview(db: MirrorDb, orgId: string, userId: string, { scope, chosen }: OverviewScope, now: Date): Promise<OverviewData> {
  const [organization, me, vehicles, open, sections, mels] = await Promise.all([
    db.feed('organizations').get(orgId),
    db.feed('users').get(userId),
    db.feed('vehicles').toArray(),
    readOpenRecords(db),
    db.feed('sections').toArray(),
    db.feed('sectionMels').toArray(),
  ]);
  const leadTimes = organization ?? { eolLeadTime: 0, mxLeadTime: 0, tdyLeadTime: 0, washLeadTime: 0, ltiLeadTime: 0, pmiLeadTime: 0 };
  const sorted = [...sections].sort((a, b) => compareNames(a.sectionName, b.sectionName));
  const known = (id: string | null | undefined) => sorted.find((s) => s.sectionId === id)?.sectionId;
  const sectionId = known(chosen) ?? known(me?.sectionId) ?? sorted[0]?.sectionId ?? null;
  const zone = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  const overview = fleetOverview({ vehicles, ...open, sections, mels, leadTimes }, now, scope === 'section' ? sectionId : null, zone);
  return { overview, sections: sorted, sectionId };
}

/**
 * The Overview from the mirror (it works offline), kept current as the mirror changes. Right after a
 * switch of tab or section the read is the earlier scope's (`current` false) until the new one answers:
 * shown under the new tab, a section's counts would pass for the whole fleet's.
 */
export function useOverview(scope: 'fleet' | 'section', chosen: string | null): KeyedRead<OverviewData> | undefined {
  const db = useMirror();
  const { orgId, userId } = useSession().user;
  return useKeyedLiveQuery([scope, chosen], () => readOverview(db, orgId, userId, { scope, chosen }, new Date()), [db, orgId, userId, scope, chosen]);
}
