import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../theme.ts';
import { stubMatchMedia } from './match-media.ts';

/**
 * Components rendered into jsdom under the app's Mantine theme, for a test file marked
 * `// @vitest-environment jsdom`: installs what jsdom lacks and Mantine measures with (matchMedia,
 * ResizeObserver, scrollIntoView) and unmounts after each test. Answers `render`, which mounts a node
 * and gives back its host element.
 */
export function mantineDom(): { render(node: ReactNode): HTMLElement } {
  const mounted: { root: Root; host: HTMLElement }[] = [];
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    stubMatchMedia();
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    for (const { root, host } of mounted.splice(0)) {
      act(() => root.unmount());
      host.remove();
    }
  });
  return {
    render(node: ReactNode): HTMLElement {
      const host = document.createElement('div');
      document.body.append(host);
      const root = createRoot(host);
      mounted.push({ root, host });
      act(() => root.render(createElement(MantineProvider, { theme, env: 'test' }, node)));
      return host;
    },
  };
}
