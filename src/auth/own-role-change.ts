/**
 * Set while this user's change of their own role is on its way (the Modify User dialog). The session
 * watch then sees the new role as the awaited outcome, not as another administrator's change: it signs
 * out with the caches cleared (part 1 §4) instead of starting the app over as the old session.
 */
let pending = false;

export function expectOwnRoleChange(): void {
  pending = true;
}

export function ownRoleChangeExpected(): boolean {
  return pending;
}

/** The change was refused: a role change seen from now on is another administrator's again. */
export function ownRoleChangeRefused(): void {
  pending = false;
}
