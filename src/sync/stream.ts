import { streamMessageSchema, streamTicketSchema, type StreamMessage } from '../../core/schema/stream.ts';
import type { ApiClient } from './api.ts';
import { Backoff, realTimers, type Timers } from './backoff.ts';
import { STREAM_CONNECT_TIMEOUT_MS, STREAM_MIN_UPTIME_MS, STREAM_RECONNECT_FACTOR, STREAM_RECONNECT_INITIAL_MS, STREAM_RECONNECT_MAX_MS } from './constants.ts';

/** The part of WebSocket the stream uses, so tests can hand in a fake socket. */
export interface StreamSocket {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  close(code?: number): void;
}

export interface LiveStreamOptions {
  api: ApiClient;
  /** The API's origin; '' for the page's own. The socket opens on the same host. */
  baseUrl: string;
  onMessage(message: StreamMessage): void;
  /** Opened or reopened: whatever happened meanwhile is fetched by a pull. */
  onOpen(): void;
  onConnectedChange(connected: boolean): void;
  openSocket?: (url: string) => StreamSocket;
  timers?: Timers;
  now?: () => number;
  random?: () => number;
}

/** ws(s)://host/stream/events?ticket=…, secure whenever the page or API is served over https. */
export function streamUrl(baseUrl: string, ticket: string): string {
  const url = new URL('/stream/events', baseUrl || globalThis.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

/**
 * The live stream of one tab (part 1 §2, §9): a single-use ticket, then a websocket; reconnects for
 * ever with a delay growing by 1.3 from about 1 s to 10 s, which resets only after a connection
 * stayed up 5 s, so a server that accepts and drops at once is not hammered.
 */
export class LiveStream {
  private socket: StreamSocket | null = null;
  private timer: unknown = null;
  private openedAt: number | null = null;
  private stopped = true;
  /** A ticket is being fetched: no second attempt may start meanwhile. */
  private connecting = false;
  /** Bumped by stop(): an attempt begun before it must not open a socket after it. */
  private generation = 0;
  private readonly backoff: Backoff;
  private readonly timers: Timers;
  private readonly now: () => number;

  constructor(private readonly options: LiveStreamOptions) {
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
    this.backoff = new Backoff({
      initialMs: STREAM_RECONNECT_INITIAL_MS,
      factor: STREAM_RECONNECT_FACTOR,
      maxMs: STREAM_RECONNECT_MAX_MS,
      jitter: 0.1,
      random: options.random,
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.connecting = false;
    this.clearTimer();
    this.dropSocket();
    this.options.onConnectedChange(false);
  }

  /** Reconnects at once (e.g. the browser came back online) instead of waiting out the delay. */
  retryNow(): void {
    if (this.stopped || this.socket || this.connecting) return;
    this.clearTimer();
    void this.connect();
  }

  private async connect(): Promise<void> {
    const generation = this.generation;
    this.connecting = true;
    let ticket: string;
    try {
      ticket = streamTicketSchema.parse(await this.options.api.request('GET', '/stream/ticket')).ticket;
    } catch {
      if (generation !== this.generation) return;
      this.connecting = false;
      // Offline, no token, or refused: try again later like any dropped connection.
      this.scheduleReconnect();
      return;
    }
    if (generation !== this.generation) return;
    this.connecting = false;
    const open = this.options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as StreamSocket);
    let socket: StreamSocket;
    try {
      socket = open(streamUrl(this.options.baseUrl, ticket));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.lost(socket);
    }, STREAM_CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearTimer();
      this.openedAt = this.now();
      this.options.onConnectedChange(true);
      this.options.onOpen();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket || typeof ev.data !== 'string') return;
      let json: unknown;
      try {
        json = JSON.parse(ev.data);
      } catch {
        return;
      }
      const message = streamMessageSchema.safeParse(json);
      if (message.success) this.options.onMessage(message.data);
    };
    socket.onclose = () => this.lost(socket);
    socket.onerror = () => this.lost(socket);
  }

  /** The socket closed, failed or never opened in time: count it once and schedule the next try. */
  private lost(socket: StreamSocket): void {
    if (this.socket !== socket) return;
    const wasOpen = this.openedAt !== null;
    if (wasOpen && this.now() - this.openedAt! >= STREAM_MIN_UPTIME_MS) this.backoff.reset();
    this.dropSocket();
    if (wasOpen) this.options.onConnectedChange(false);
    this.scheduleReconnect();
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.openedAt = null;
    if (!socket) return;
    socket.onopen = socket.onclose = socket.onerror = null;
    socket.onmessage = null;
    try {
      socket.close(1000);
    } catch {
      // already closed
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.backoff.next());
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
