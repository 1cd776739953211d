import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../preferences';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** The page is narrower than the mobile breakpoint (spec 9: 992 px). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
