import type { FeedRow } from '../schema/feeds.ts';
import { displayName } from '../schema/user.ts';

type User = FeedRow<'users'>;

const initialOf = (word: string) => /[\p{L}\p{N}]/u.exec(word)?.[0]?.toUpperCase() ?? '';

/**
 * Initials as operators write them in the page 1 boxes: the first letter of the first and of the last
 * word ("Sam Patel" → "SP", "Mary Ann Lee" → "ML", "Cher" → "C").
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => initialOf(w) !== '');
  if (words.length === 0) return '';
  const first = initialOf(words[0]!);
  return words.length === 1 ? first : first + initialOf(words.at(-1)!);
}

/** What a signature box holds when nobody can be named: the inspection happened, so the box is marked. */
export const UNNAMED_SIGNATURE = 'X';

/**
 * Names of people on the form. The users list is the authority (it follows renames); a name stored on
 * a record covers people the list no longer has; an id that names no user is printed as it is,
 * because a maintenance employee may be recorded by employee number rather than as a user.
 */
export class People {
  private readonly byId = new Map<string, User>();

  constructor(users: readonly User[]) {
    for (const u of users) this.byId.set(u.userId, u);
  }

  private userName(userId: string | null): string {
    const user = userId === null ? undefined : this.byId.get(userId);
    return user ? displayName(user) : '';
  }

  /** "First Last" of the user, else the stored name, else ''. */
  fullName(userId: string | null, storedName: string | null = null): string {
    return this.userName(userId) || (storedName ?? '').trim();
  }

  /** Initials of the user or the stored name, else UNNAMED_SIGNATURE. */
  initials(userId: string | null, storedName: string | null = null): string {
    return initialsOf(this.fullName(userId, storedName)) || UNNAMED_SIGNATURE;
  }

  /** The user's name when the id is a user's, else the text as recorded (an employee number). */
  nameOrRecorded(value: string | null): string {
    return this.userName(value) || (value ?? '').trim();
  }

  has(userId: string | null): boolean {
    return userId !== null && this.byId.has(userId);
  }

  all(): IterableIterator<User> {
    return this.byId.values();
  }
}
