/** A value React can read with useSyncExternalStore: `get` is stable until the value changes. */
export interface ReadableStore<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export class Store<T> implements ReadableStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** Shallow equality of two plain objects: a status patch that changes nothing notifies no one. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}
