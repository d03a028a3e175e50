import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';

/** The border MRT's paper draws around the table (`withBorder`): the scroll container is this much narrower than its box. */
const PAPER_BORDERS_PX = 2;

/**
 * The width the table's scroll container will have, once the box it fills has been laid out (null
 * before). The grid renders its table only then, at that size, so that its virtualizers place the rows
 * and columns in view at once: a table first rendered at no size was placed again by the virtualizers'
 * own measure, a second render of every header and cell run synchronously from a layout effect, which
 * made the mount of Fleet Details one task of 90 to 160 ms (docs/performance.md). The width is handed
 * over as a transition, so React renders the table in slices and input is answered between them.
 */
export function useFirstLayout(box: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measured = Math.max(0, Math.round(box.current?.getBoundingClientRect().width ?? 0) - PAPER_BORDERS_PX);
    startTransition(() => setWidth(measured));
  }, [box]);
  return width;
}
