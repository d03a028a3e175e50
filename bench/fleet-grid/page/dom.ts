// Reading the grid as a person sees it: only the DOM, never React state.

export const GRID_SELECTOR = 'table[aria-label="Fleet Details"]';

export function grid(): HTMLTableElement | null {
  return document.querySelector<HTMLTableElement>(GRID_SELECTOR);
}

/** Rows the grid says it shows (aria-rowcount counts the header row), or null while it is loading. */
export function shownCount(): number | null {
  const table = grid();
  if (!table || table.hasAttribute('aria-busy')) return null;
  return Number(table.getAttribute('aria-rowcount')) - 1;
}

/** Data rows in the DOM (the virtualizer renders those in view); the empty-state row has no index. */
export function dataRows(): HTMLTableRowElement[] {
  return Array.from(grid()?.querySelectorAll<HTMLTableRowElement>('tbody tr[aria-rowindex]') ?? []);
}

export function header(title: string): HTMLTableCellElement {
  const cell = Array.from(grid()?.querySelectorAll<HTMLTableCellElement>('th[role="columnheader"]') ?? []).find((th) => th.textContent?.trim() === title);
  if (!cell) throw new Error(`no column header "${title}"`);
  return cell;
}

/** The text of a column's cell in the first row shown. */
export function firstRowText(title: string): string | null {
  const th = header(title);
  const index = Array.from(th.parentElement?.children ?? []).indexOf(th);
  const row = grid()?.querySelector('tbody tr[aria-rowindex="2"]');
  return row?.children[index]?.textContent?.trim() ?? null;
}

/**
 * Resolves with the time at which `done` first holds, checked after every DOM change (a MutationObserver
 * runs right after React commits), so the time is when the DOM showed it, not when a poll noticed.
 */
export function whenDom(done: () => boolean, what: string | (() => string), timeoutMs = 300_000): Promise<number> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (!done()) return;
      const at = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      resolve(at);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`));
    }, timeoutMs);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
}

/** The time after the next frame has been painted: a task queued from requestAnimationFrame runs after it. */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

/** Lets deferred renders, effects and transitions finish, and collects garbage, between measured steps. */
export async function settle(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
