import type pg from 'pg';

export interface ListenOptions {
  channel: string;
  onMessage(payload: string): void;
  /** Called once LISTEN is back after a lost connection: whatever was sent meanwhile was missed. */
  onReconnect?: () => void;
  onError(error: Error): void;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * A LISTEN connection that comes back: if PostgreSQL drops it (a restart, a failover, a terminated
 * backend), it reconnects with backoff (1 s doubling to 30 s), listens again and calls `onReconnect`.
 * The connection is its own, outside the pool, since LISTEN belongs to one session.
 */
export async function listenWithReconnect(Client: typeof pg.Client, url: string, options: ListenOptions): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  async function connect(): Promise<pg.Client> {
    const client = new Client({ connectionString: url });
    client.on('error', (error) => {
      options.onError(error);
      lost(client);
    });
    client.on('end', () => lost(client));
    client.on('notification', (msg) => {
      if (msg.channel === options.channel && msg.payload) options.onMessage(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${options.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  function lost(client: pg.Client): void {
    if (client !== current || stopped) return;
    current = undefined;
    client.end().catch(() => undefined);
    retry();
  }

  function retry(): void {
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        const client = await connect();
        if (stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        current = client;
        delay = FIRST_RETRY_MS;
        options.onReconnect?.();
      } catch (error) {
        if (stopped) return;
        options.onError(error as Error);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
        retry();
      }
    }, delay);
    timer.unref();
  }

  current = await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
