import type { Page } from '@playwright/test';

/** A close of one of the page's live streams, as the page saw it. */
export interface StreamClose {
  code: number;
  at: number;
}

declare global {
  interface Window {
    /** The live-stream sockets this document opened (watchLiveStreams). */
    __liveStreams?: WebSocket[];
    __liveStreamClosed?: (code: number) => Promise<void>;
  }
}

/**
 * Watches the page's live streams from inside it: each socket to /stream/events the app opens, and
 * each close event it gets, reported to the test as it fires. Playwright's own websocket 'close' event
 * is not enough here: when the app reloads right after the stream closed (a 403 starts it over), the
 * event of the unloaded document's socket may never arrive, though the socket closed. The sockets
 * stay the browser's own; only their construction is observed.
 */
export async function watchLiveStreams(page: Page): Promise<{ closes: StreamClose[]; openInPage: () => Promise<number> }> {
  const closes: StreamClose[] = [];
  await page.exposeBinding('__liveStreamClosed', (_source, code: number) => void closes.push({ code, at: Date.now() }));
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const streams: WebSocket[] = (window.__liveStreams = []);
    class Watched extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!String(url).includes('/stream/events')) return;
        streams.push(this);
        // Registered before the app's onclose, so the test hears of it before the app reacts.
        this.addEventListener('close', (event) => void window.__liveStreamClosed?.(event.code));
      }
    }
    window.WebSocket = Watched;
  });
  return {
    closes,
    /** The streams of the current document that are connecting or open. */
    openInPage: () =>
      page.evaluate(() => (window.__liveStreams ?? []).filter((s) => s.readyState === WebSocket.CONNECTING || s.readyState === WebSocket.OPEN).length),
  };
}
