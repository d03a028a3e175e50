import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { parseRole } from '../../core/schema/roles.ts';
import { roleRequiresSection } from '../../core/schema/user.ts';

/** Whom a live stream was opened for, as the users table said when it opened. */
export interface StreamHolder {
  userId: string;
  orgId: string;
  role: string | null;
  isAdmin: boolean;
  /** False for a user of an external issuer the users table does not know (nothing to re-check). */
  known: boolean;
}

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'orgId' | 'role' | 'isAdmin' | 'active' | 'deletedAt' | 'sectionId'>;

/** Whether a user may hold a live stream of this organization: active, in it, a website role, a section. */
export function mayStream(row: UserRow, orgId: string): boolean {
  const role = parseRole(row.role);
  if (!row.active || row.deletedAt || row.orgId !== orgId) return false;
  if (role === null || role === 'inspector') return false;
  return !(roleRequiresSection(role) && row.sectionId === null);
}

/**
 * Whether a stream opened for `holder` must end now that the user is `row` (undefined: gone):
 * deactivated or deleted, moved out of the organization, the role or admin flag changed, the section
 * taken away. The app starts over with what the user now may see.
 */
export function streamEnds(holder: StreamHolder, row: UserRow | undefined): boolean {
  if (!row) return holder.known;
  return !mayStream(row, holder.orgId) || parseRole(row.role) !== parseRole(holder.role) || row.isAdmin !== holder.isAdmin;
}

export const userColumns = {
  id: users.id,
  orgId: users.orgId,
  role: users.role,
  isAdmin: users.isAdmin,
  active: users.active,
  deletedAt: users.deletedAt,
  sectionId: users.sectionId,
};

export async function userRows(db: Db, userIds: string[]): Promise<Map<string, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select(userColumns).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r]));
}

interface Session {
  holder: StreamHolder;
  end: () => void;
}

/** The live streams open on this instance, by user, so that a user's can be ended at once. */
export class StreamSessions {
  private readonly byUser = new Map<string, Set<Session>>();

  /** Registers a stream; `end` closes it. Answers the function to call when it closes by itself. */
  add(holder: StreamHolder, end: () => void): () => void {
    const session: Session = { holder, end };
    let set = this.byUser.get(holder.userId);
    if (!set) this.byUser.set(holder.userId, (set = new Set()));
    set.add(session);
    return () => this.remove(session);
  }

  /** Ends every stream of the user on this instance; answers how many. */
  end(userId: string, which: (holder: StreamHolder) => boolean = () => true): number {
    let ended = 0;
    for (const session of [...(this.byUser.get(userId) ?? [])]) {
      if (!which(session.holder)) continue;
      this.remove(session);
      ended++;
      try {
        session.end();
      } catch {
        // already closed
      }
    }
    return ended;
  }

  /** Re-checks every open stream against the users table; ends those whose user changed. */
  async sweep(db: Db): Promise<number> {
    const userIds = [...this.byUser.keys()];
    if (userIds.length === 0) return 0;
    const rows = await userRows(db, userIds);
    let ended = 0;
    for (const userId of userIds) {
      ended += this.end(userId, (holder) => streamEnds(holder, rows.get(userId)));
    }
    return ended;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private remove(session: Session): void {
    const set = this.byUser.get(session.holder.userId);
    if (!set) return;
    set.delete(session);
    if (set.size === 0) this.byUser.delete(session.holder.userId);
  }
}
