import type { Organization, Section } from '../../../core/schema/organization.ts';
import { displayName } from '../../../core/schema/user.ts';
import { useSession } from '../../auth/session-context.ts';
import { useLiveQuery, useMirror } from '../../sync/react.tsx';
import { vehicleTypeNames } from '../../shared/vehicle-options.ts';
import { sectionGroups, typeGroups, type SectionGroup, type TypeGroup } from './admin-groups.ts';

export interface OrganizationAdmin {
  /** Null until the first pull brought the organization's row. */
  organization: Organization | null;
  sections: SectionGroup[];
  types: TypeGroup[];
  /** Every section, for the pickers and the name checks. */
  sectionRows: Section[];
  /** Every vehicle type name, each once. */
  typeNames: string[];
  /** Users who may be the primary contact: active vco users, by name. */
  vcoUsers: { userId: string; name: string }[];
  /** Every user's name by id (a primary contact since deactivated is still named). */
  userNames: Map<string, string>;
}

/** The Organization Administration's data, live from the mirror (it works offline). */
export function useOrganizationAdmin(): OrganizationAdmin | undefined {
  const db = useMirror();
  const { orgId } = useSession().user;
  return useLiveQuery(async () => {
    const [organization, sections, mels, types, users] = await Promise.all([
      db.feed('organizations').get(orgId),
      db.feed('sections').toArray(),
      db.feed('sectionMels').toArray(),
      db.feed('vehicleTypes').toArray(),
      db.feed('users').toArray(),
    ]);
    return {
      organization: organization ?? null,
      sections: sectionGroups(sections, mels, users),
      types: typeGroups(types, mels, sections),
      sectionRows: sections,
      typeNames: vehicleTypeNames(types),
      vcoUsers: users
        .filter((u) => u.active && u.role === 'vco')
        .map((u) => ({ userId: u.userId, name: displayName(u) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      userNames: new Map(users.map((u) => [u.userId, displayName(u)])),
    };
  }, [db, orgId]);
}
