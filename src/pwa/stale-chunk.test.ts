// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk } from './stale-chunk.ts';

const failedImport = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('reloadOnStaleChunk', () => {
  it("reloads once onto the new build when a screen's chunk is gone after an update in another tab, and never loops", () => {
    const reload = vi.fn();
    const stop = reloadOnStaleChunk(window, reload);

    const first = failedImport();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    // Failing again right after that reload: the error is the screen's to show.
    const again = failedImport();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);
    stop();
  });
});
