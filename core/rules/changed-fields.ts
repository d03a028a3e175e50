/**
 * The fields of `draft` whose value differs from `saved`: what an update sends. Sending only these
 * is what lets two people change different fields of one record, offline, and both win; a field the
 * user did not touch is never sent back from a copy that may be stale. Values are compared with ===,
 * so the forms hold plain values (strings, numbers, booleans, null).
 */
export function changedFields<T extends object>(saved: T, draft: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (draft[key] !== saved[key]) changed[key] = draft[key];
  }
  return changed;
}
