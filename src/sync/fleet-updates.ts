import type { LiveEvent } from '../../core/schema/live-event.ts';
import { Store } from './store.ts';

export interface FleetUpdatesState {
  /** Newest first. */
  events: LiveEvent[];
  /** The live stream is open (the panel shows 'Connecting...' otherwise). */
  connected: boolean;
}

/** Bounds memory in a tab left open for days; far more than anyone scrolls through. */
export const FLEET_UPDATES_MAX = 500;

const newerFirst = (a: LiveEvent, b: LiveEvent) => Date.parse(b.eventTime) - Date.parse(a.eventTime);

/**
 * The Fleet Updates panel of one tab (part 1 §2): events from the live stream, and from the mirror
 * for those that arrived by pull while the stream was down. An event is shown at most once: after
 * it is dismissed or cleared, neither source brings it back.
 */
export class FleetUpdates extends Store<FleetUpdatesState> {
  private readonly seen = new Set<string>();

  constructor() {
    super({ events: [], connected: false });
  }

  add(...events: LiveEvent[]): void {
    const fresh = events.filter((e) => {
      if (this.seen.has(e.eventId)) return false;
      this.seen.add(e.eventId);
      return true;
    });
    if (fresh.length === 0) return;
    const next = [...this.get().events, ...fresh].sort(newerFirst).slice(0, FLEET_UPDATES_MAX);
    this.set({ ...this.get(), events: next });
  }

  dismiss = (eventId: string): void => {
    const { events } = this.get();
    if (!events.some((e) => e.eventId === eventId)) return;
    this.set({ ...this.get(), events: events.filter((e) => e.eventId !== eventId) });
  };

  clearAll = (): void => {
    if (this.get().events.length > 0) this.set({ ...this.get(), events: [] });
  };

  setConnected(connected: boolean): void {
    if (this.get().connected !== connected) this.set({ ...this.get(), connected });
  }
}
