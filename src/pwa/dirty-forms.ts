import { useEffect } from 'react';

/** Forms with unsaved input: a new app version never reloads the page under them. */
const dirty = new Set<symbol>();

export function hasDirtyForms(): boolean {
  return dirty.size > 0;
}

/** Marks the calling form as dirty while `isDirty` is true. */
export function useDirtyForm(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const token = Symbol('dirty-form');
    dirty.add(token);
    return () => void dirty.delete(token);
  }, [isDirty]);
}
