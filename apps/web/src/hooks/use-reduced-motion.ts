import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** The user asked the system for less motion; follows the setting while the page is open. */
export function useReducedMotion(): boolean {
  // The login page prerendered at build time (build/prerender-login.mjs) is drawn with motion;
  // the app follows the setting from its first render in the browser.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
