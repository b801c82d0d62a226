import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { deployedBuildId } from './build-check';

/** Least time between two checks on navigation; and the time between checks while nothing happens. */
export const CHECK_ON_NAVIGATION_MS = 60_000;
export const CHECK_EVERY_MS = 5 * 60_000;

/**
 * Whether a newer build than this page's is deployed: asked at most once a minute when the user
 * moves to another page, and every five minutes meanwhile. Once one is found nothing is asked
 * again; dismissing hides it until another build is deployed. Never reloads by itself: the user
 * may be in the middle of a form.
 */
export function useNewVersion(
  ownBuild: string | null,
  deployed: () => Promise<string | null> = deployedBuildId,
): { available: boolean; dismiss: () => void } {
  const { pathname } = useLocation();
  const [found, setFound] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const lastCheck = useRef(0);
  // The page has just loaded its build: the first check is due a minute from now. (Declared first,
  // so it runs before the navigation effect on mount.)
  useEffect(() => {
    lastCheck.current = Date.now();
  }, []);

  const check = useCallback(async () => {
    lastCheck.current = Date.now();
    const id = await deployed();
    if (id !== null && id !== ownBuild) setFound(id);
  }, [deployed, ownBuild]);

  const searching = ownBuild !== null && (found === null || found === dismissed);

  useEffect(() => {
    if (!searching || Date.now() - lastCheck.current < CHECK_ON_NAVIGATION_MS) return;
    void check();
  }, [pathname, searching, check]);

  useEffect(() => {
    if (!searching) return;
    const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [searching, check]);

  return { available: found !== null && found !== dismissed, dismiss: () => setDismissed(found) };
}
