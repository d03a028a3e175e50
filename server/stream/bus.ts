import { randomUUID } from 'node:crypto';
import type { StreamMessage } from '../../core/schema/stream.ts';

type Listener = (message: StreamMessage) => void;

export const NOTIFY_CHANNEL = 'fleet_stream';

/**
 * Fans live messages out to the websockets of an organization. In-process always; with a `notify`
 * function (PostgreSQL NOTIFY) every instance also hears the others through `receiveRemote`.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly sessionEnders = new Set<(userId: string) => void>();
  readonly instanceId = randomUUID();

  constructor(private readonly notify?: (payload: string) => Promise<void>) {}

  subscribe(orgId: string, listener: Listener): () => void {
    let set = this.listeners.get(orgId);
    if (!set) this.listeners.set(orgId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(orgId);
    };
  }

  publish(orgId: string, message: StreamMessage): void {
    this.deliver(orgId, message);
    if (this.notify) {
      this.notify(JSON.stringify({ i: this.instanceId, o: orgId, m: message })).catch(() => {
        // Another instance misses this message; its clients still pull on their next reconnect or write.
      });
    }
  }

  receiveRemote(payload: string): void {
    try {
      const { i, o, m, end } = JSON.parse(payload) as { i: string; o?: string; m?: StreamMessage; end?: string };
      if (i === this.instanceId) return;
      if (typeof end === 'string') this.endLocal(end);
      else if (typeof o === 'string' && m) this.deliver(o, m);
    } catch {
      // A malformed notification is not ours to act on.
    }
  }

  /** Who ends the live streams of a user on this instance (the stream routes). */
  onEndSessions(ender: (userId: string) => void): () => void {
    this.sessionEnders.add(ender);
    return () => this.sessionEnders.delete(ender);
  }

  /**
   * Ends the user's live streams here and, through NOTIFY, on every other instance: their access
   * changed (deactivated, another role, another organization).
   */
  endSessions(userId: string): void {
    this.endLocal(userId);
    if (this.notify) {
      this.notify(JSON.stringify({ i: this.instanceId, end: userId })).catch(() => {
        // The other instances' periodic re-check ends them within seconds.
      });
    }
  }

  private endLocal(userId: string): void {
    for (const ender of this.sessionEnders) {
      try {
        ender(userId);
      } catch {
        // one failing ender must not stop the others
      }
    }
  }

  /**
   * Pokes every client connected here, each with its organization's revision, so they all pull: for
   * when this instance may have missed messages (its LISTEN connection was down).
   */
  async pokeAll(revOf: (orgIds: string[]) => Promise<Map<string, number>>): Promise<void> {
    const orgIds = [...this.listeners.keys()];
    if (orgIds.length === 0) return;
    const revs = await revOf(orgIds);
    for (const orgId of orgIds) this.deliver(orgId, { type: 'poke', rev: revs.get(orgId) ?? 0 });
  }

  connectionCount(orgId: string): number {
    return this.listeners.get(orgId)?.size ?? 0;
  }

  private deliver(orgId: string, message: StreamMessage): void {
    for (const listener of this.listeners.get(orgId) ?? []) {
      try {
        listener(message);
      } catch {
        // One broken socket must not stop the others.
      }
    }
  }
}
