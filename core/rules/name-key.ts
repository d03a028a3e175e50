/**
 * Section and vehicle type names are unique in an organization compared trimmed and case-insensitively
 * (part 2 §5): two names are the same name when their keys are equal. The server compares
 * `lower(name)` with the key in SQL, so the key is exactly trim + toLowerCase, nothing more.
 */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Whether `name` is already among `names` (a name renamed to itself is not a duplicate: pass `except`). */
export function nameTaken(name: string, names: readonly string[], except?: string): boolean {
  const key = nameKey(name);
  const own = except === undefined ? undefined : nameKey(except);
  return names.some((n) => nameKey(n) === key && nameKey(n) !== own);
}

/** The indexes of the entries whose key an earlier entry already has (the second 'Bus' of 'Bus', ' bus'). */
export function repeatedNames(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  names.forEach((name, i) => {
    const key = nameKey(name);
    if (seen.has(key)) repeated.push(i);
    seen.add(key);
  });
  return repeated;
}
