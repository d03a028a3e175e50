import { fleetOverview } from '../../../core/rules/fleet-overview.ts';
import type { FleetOverview } from '../../../core/schema/fleet-overview.ts';
import type { Section } from '../../../core/schema/organization.ts';
import { useSession } from '../../auth/session-context.ts';
import { useLiveQuery, useMirror } from '../../sync/react.tsx';

export interface OverviewData {
  overview: FleetOverview;
  sections: Section[];
  /** The signed-in user's section, as the mirror knows it. */
  mySectionId: string | null;
  /** False until the first pull brought the organization (its lead times). */
  ready: boolean;
}

/**
 * The Overview from the mirror (it works offline), with the rule the server answers GET .../fleet
 * with (core/rules/fleet-overview.ts), for the whole fleet (sectionId null) or one section. Only
 * records not completed are read into the rule.
 */
export function useOverview(sectionId: string | null): OverviewData | undefined {
  const db = useMirror();
  const { orgId, userId } = useSession().user;
  return useLiveQuery(async () => {
    const open = <T extends { completed: boolean }>(rows: T[]) => rows.filter((r) => !r.completed);
    const [organization, me, vehicles, scheduledMx, ltis, pmis, tdys, washes, sections, mels] = await Promise.all([
      db.feed('organizations').get(orgId),
      db.feed('users').get(userId),
      db.feed('vehicles').toArray(),
      db.feed('scheduledMx').toArray(),
      db.feed('ltis').toArray(),
      db.feed('pmis').toArray(),
      db.feed('tdys').toArray(),
      db.feed('washes').toArray(),
      db.feed('sections').toArray(),
      db.feed('sectionMels').toArray(),
    ]);
    const leadTimes = organization ?? { eolLeadTime: 0, mxLeadTime: 0, tdyLeadTime: 0, washLeadTime: 0, ltiLeadTime: 0, pmiLeadTime: 0 };
    const overview = fleetOverview(
      { vehicles, scheduledMx: open(scheduledMx), ltis: open(ltis), pmis: open(pmis), tdys: open(tdys), washes: open(washes), sections, mels, leadTimes },
      new Date(),
      sectionId !== null && sections.some((s) => s.sectionId === sectionId) ? sectionId : null,
    );
    const sorted = [...sections].sort((a, b) => a.sectionName.localeCompare(b.sectionName, undefined, { sensitivity: 'base', numeric: true }));
    return { overview, sections: sorted, mySectionId: me?.sectionId ?? null, ready: organization !== undefined };
  }, [db, orgId, userId, sectionId]);
}
