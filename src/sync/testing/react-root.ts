import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

/**
 * One React root for the tests of a file (under jsdom), for hooks rendered in a probe component:
 * `render` renders into it (again, with new props, on a second call), inside act(); the root is
 * unmounted after each test.
 */
export function reactRoot(): { render(node: ReactNode): HTMLElement } {
  let mounted: { root: Root; host: HTMLElement } | null = null;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => mounted?.root.unmount());
    mounted = null;
  });
  return {
    render(node) {
      if (!mounted) {
        const host = document.createElement('div');
        mounted = { root: createRoot(host), host };
      }
      const { root, host } = mounted;
      act(() => root.render(node));
      return host;
    },
  };
}

/** Waits, letting React render between checks (inside act()), until `check` holds; fails after about 1 s. */
export async function actUntil(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
