import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../preferences';

/** Whether a CSS media query matches, following its changes. */
export function useMediaQuery(query: string): boolean {
  // Stable per query: a new subscribe function on each render would unsubscribe and subscribe again every time.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The page is narrower than the mobile breakpoint (spec 9: 992 px). */
export const useNarrow = (): boolean => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);

/** The user asked the system for less motion: the components then open and close without animating. */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
