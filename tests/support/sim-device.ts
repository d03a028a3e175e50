import 'fake-indexeddb/auto';
import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../core/schema/common.ts';
import type { LeaderStatus } from '../../src/db/meta.ts';
import { setMeta } from '../../src/db/meta.ts';
import { MirrorDb, type OutboxEntry } from '../../src/db/mirror.ts';
import { createApiClient, type ApiClient } from '../../src/sync/api.ts';
import type { Timers } from '../../src/sync/backoff.ts';
import { Drain } from '../../src/sync/drain.ts';
import { mutate, type Mutator } from '../../src/sync/mutator.ts';
import { pullOnce, type PullResult } from '../../src/sync/pull.ts';
import { resetMirror } from '../../src/sync/pull-write.ts';
import { refresh, signIn, type Tokens } from './sign-in.ts';
import { FaultyNetwork, type PushFaults } from './sim-faults.ts';

/** Timers that never fire by themselves: a drain's retry waits until the simulation wakes it. */
export class ManualTimers implements Timers {
  readonly pending = new Map<number, () => void>();
  private next = 1;

  setTimeout(fn: () => void, _ms: number): unknown {
    const handle = this.next++;
    this.pending.set(handle, fn);
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
}

export interface SimUser {
  label: string;
  userId: string;
  email: string;
  password: string;
  orgId: string;
  role: string;
  isAdmin: boolean;
}

/** A mutation a device made, as the simulation's ledger keeps it. */
export interface MadeMutation {
  id: string;
  op: number;
  device: string;
  userId: string;
  clientId: string;
  name: string;
  args: unknown;
  /** The fields this change is meant to set, keyed `table/id/field`, with the value it sets. */
  meant: Record<string, unknown>;
  what: string;
}

/**
 * One simulated device: its own Dexie mirror (fake-indexeddb), clientId, signed-in session and
 * network, driving the real client code (mutate, Drain, pullOnce, resetMirror) against the real server.
 * A reload (mirror reopened, 403 reset, crashed tab) makes a new Drain, as a new tab would.
 */
export class SimDevice {
  db: MirrorDb;
  drain: Drain;
  readonly api: ApiClient;
  readonly timers = new ManualTimers();
  readonly network: FaultyNetwork;
  /** 403 answers the api client saw (the app would reset the mirror and reload). */
  forbidden = 0;
  status: Partial<LeaderStatus> = {};
  private tokens: Tokens;
  private tokensAt = Date.now();
  /** Drains of tabs that crashed or closed: stopped, kept only so nothing collects them mid-flight. */
  private readonly abandoned: Drain[] = [];

  private constructor(
    readonly label: string,
    readonly user: SimUser,
    readonly dbName: string,
    readonly clientId: string,
    private readonly baseUrl: string,
    tokens: Tokens,
    pushFaults: PushFaults,
  ) {
    this.tokens = tokens;
    this.network = new FaultyNetwork(label, clientId, pushFaults);
    this.db = new MirrorDb(dbName);
    this.api = createApiClient({
      baseUrl,
      getAccessToken: () => this.accessToken(),
      onForbidden: () => {
        this.forbidden++;
      },
      fetch: this.network.fetch,
    });
    this.drain = this.newDrain();
  }

  /** Signs the user in through the real OIDC flow and opens an empty mirror with a new clientId. */
  static async open(label: string, user: SimUser, baseUrl: string, pushFaults: PushFaults, tokens?: Tokens): Promise<SimDevice> {
    const session = tokens ?? (await signIn(baseUrl, user.email, user.password));
    const device = new SimDevice(label, user, `sim-${label}-${nanoid(8)}`, nanoid(ID_LENGTH), baseUrl, session, pushFaults);
    await setMeta(device.db, 'clientId', device.clientId);
    return device;
  }

  /** The signed-in session (a fresh mirror of the same user borrows it). */
  get session(): Tokens {
    return this.tokens;
  }

  get ctx() {
    return { userId: this.user.userId, orgId: this.user.orgId };
  }

  private async accessToken(): Promise<string> {
    // Refreshed well before it runs out (the app refreshes with fewer than 5 s left), so a long run
    // never meets a real expiry: expiry is a fault the network injects.
    if (Date.now() - this.tokensAt > (this.tokens.expiresIn - 60) * 1000) {
      this.tokens = await refresh(this.baseUrl, this.tokens.refreshToken);
      this.tokensAt = Date.now();
    }
    return this.tokens.accessToken;
  }

  /** A drain on this device's mirror, as a leader tab would run it. */
  newDrain(): Drain {
    return new Drain({
      db: this.db,
      api: this.api,
      clientId: this.clientId,
      onApplied: () => undefined,
      report: (patch) => {
        this.status = { ...this.status, ...patch };
      },
      timers: this.timers,
      random: () => 0.5,
    });
  }

  /** The tab that ran the drain is gone (crashed or reloaded): a new one takes over. */
  replaceDrain(): void {
    this.drain.stop();
    this.abandoned.push(this.drain);
    this.drain = this.newDrain();
  }

  async mutate<A>(mutator: Mutator<A>, args: A): Promise<OutboxEntry> {
    return mutate(this.db, mutator, args, this.ctx);
  }

  pull(limit?: number): Promise<PullResult> {
    return pullOnce({ db: this.db, api: this.api, clientId: this.clientId, ...(limit ? { limit } : {}) });
  }

  /** The app closed and opened again: the same database opened anew, a new tab leading. */
  async reopen(): Promise<void> {
    this.drain.stop();
    this.abandoned.push(this.drain);
    this.db.close();
    this.db = new MirrorDb(this.dbName);
    await this.db.open();
    this.drain = this.newDrain();
  }

  /** A 403: the mirror's data is dropped as a server reset does, and the app reloads. */
  async resetAfterForbidden(): Promise<void> {
    await resetMirror(this.db);
    this.replaceDrain();
  }

  async outbox(): Promise<OutboxEntry[]> {
    return this.db.outbox.toArray();
  }

  /** Closes the mirror and deletes it (the end of a seed). */
  async destroy(): Promise<void> {
    this.drain.stop();
    this.network.releaseHung();
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.db.close();
    await MirrorDb.delete(this.dbName).catch(() => undefined);
  }
}

/** A mirror of its own that pulls the whole feed from scratch: what each device must equal at the end. */
export async function freshMirror(of: SimDevice, baseUrl: string, pushFaults: PushFaults): Promise<SimDevice> {
  const device = await SimDevice.open(`fresh-${of.user.label}`, of.user, baseUrl, pushFaults, of.session);
  await device.pull();
  return device;
}
