import { useLayoutEffect, useState, type RefObject } from 'react';

/** Room left under the grid: the shell's bottom padding (AppShell padding "lg"). */
const PAGE_BOTTOM_GAP_PX = 24;
/** A grid never shrinks below this, even on a short window: the page scrolls instead. */
const MIN_HEIGHT_PX = 280;

/**
 * The height that lets `target` reach the bottom of the viewport, leaving room for what follows it
 * inside `root` (the row count). Measured again when the window or anything in `root` above the
 * target changes size (the toolbar wrapping onto a second line on a narrow window).
 */
export function useFillHeight(root: RefObject<HTMLElement | null>, target: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [height, setHeight] = useState(MIN_HEIGHT_PX);

  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const rootEl = root.current;
      const targetEl = target.current;
      if (!rootEl || !targetEl) return;
      const targetRect = targetEl.getBoundingClientRect();
      const below = rootEl.getBoundingClientRect().bottom - targetRect.bottom;
      const top = targetRect.top + window.scrollY;
      const next = Math.max(MIN_HEIGHT_PX, Math.floor(window.innerHeight - top - below - PAGE_BOTTOM_GAP_PX));
      setHeight((prev) => (prev === next ? prev : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const child of Array.from(root.current?.children ?? [])) {
      if (child !== target.current && !child.contains(target.current)) observer?.observe(child);
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [root, target, enabled]);

  return height;
}
