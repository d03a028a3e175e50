import WebSocket from 'ws';
import type { StreamMessage } from '../../core/schema/stream.ts';

/** A websocket client of /stream/events that collects messages and can wait for one. */
export async function openStream(baseUrl: string, ticket: string) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/stream/events?ticket=${encodeURIComponent(ticket)}`);
  const messages: StreamMessage[] = [];
  const waiters: { match: (m: StreamMessage) => boolean; resolve: (m: StreamMessage) => void }[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as StreamMessage;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return {
    messages,
    next(match: (m: StreamMessage) => boolean, timeoutMs = 5000): Promise<StreamMessage> {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching stream message')), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => ws.close(),
  };
}

/** Tries to open the stream and answers the HTTP status of a refused upgrade (or 101). */
export async function upgradeStatus(baseUrl: string, ticket: string): Promise<number> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/stream/events?ticket=${encodeURIComponent(ticket)}`);
  return new Promise((resolve) => {
    ws.once('open', () => (ws.close(), resolve(101)));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}
