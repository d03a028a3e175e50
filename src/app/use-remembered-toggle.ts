import { useCallback } from 'react';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';

/** The user's choice per window class; unset means "follow the window width". */
interface RememberedChoices {
  whenMatching?: boolean;
  otherwise?: boolean;
}

function parseChoices(raw: string | undefined): RememberedChoices {
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (typeof value !== 'object' || value === null) return {};
    const { whenMatching, otherwise } = value as Record<string, unknown>;
    return {
      ...(typeof whenMatching === 'boolean' ? { whenMatching } : {}),
      ...(typeof otherwise === 'boolean' ? { otherwise } : {}),
    };
  } catch {
    // A hand-edited or foreign value must not break the shell; fall back to the automatic layout.
    return {};
  }
}

/**
 * A layout flag that follows a media query until the user flips it, and then keeps the user's choice
 * (in localStorage, across reloads and tabs). The choice is remembered per window class: a tablet
 * user who opens the sidebar keeps it open on the tablet, while the same account on a wide desktop
 * still gets the automatic layout there.
 */
export function useRememberedToggle(storageKey: string, mediaQuery: string): [value: boolean, toggle: () => void] {
  // Read synchronously so the first paint already has the right widths (no slide-in on load).
  const matches = useMediaQuery(mediaQuery, false, { getInitialValueInEffect: false }) ?? false;
  const [choices, setChoices] = useLocalStorage<RememberedChoices>({
    key: storageKey,
    defaultValue: {},
    getInitialValueInEffect: false,
    deserialize: parseChoices,
  });
  const slot = matches ? 'whenMatching' : 'otherwise';
  const value = choices[slot] ?? matches;
  const toggle = useCallback(() => setChoices((prev) => ({ ...prev, [slot]: !value })), [setChoices, slot, value]);
  return [value, toggle];
}
