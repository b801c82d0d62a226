import { useEffect } from 'react';
import type { AppRoute } from '../lib/route-types';
import { usePermissionStore } from '../stores/permission-store';
import { loadPage } from './pages';

/** The page names of the routes this user may open, in menu order, each once. */
export function pagesOf(routes: readonly AppRoute[]): string[] {
  const names: string[] = [];
  const walk = (list: readonly AppRoute[]) => {
    for (const route of list) {
      if (route.page && !names.includes(route.page)) names.push(route.page);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return names;
}

type Idle = (callback: () => void) => void;

/** When the browser has nothing else to do: requestIdleCallback, or a short timeout where it is missing. */
const whenIdle: Idle = (callback) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 2_000 });
  else window.setTimeout(callback, 200);
};

/**
 * Fetches the code of every screen this user may open, one page module at a time while the
 * browser is idle, after the first screen is shown: a first visit to a menu entry then waits only
 * for its data, not for its code and then its data (issue 31, "screens that open at once"). One
 * module at a time, so the current screen's own requests are never queued behind a burst. A page
 * already loaded costs nothing (the module cache answers). Returns a function that stops it.
 */
export function prefetchPages(names: readonly string[], idle: Idle = whenIdle, load: (name: string) => unknown = loadPage): () => void {
  let stopped = false;
  const next = (index: number) => {
    if (stopped || index >= names.length) return;
    idle(() => {
      if (stopped) return;
      void Promise.resolve(load(names[index]!))
        .catch(() => undefined) // a chunk that fails now is fetched again when its screen opens
        .then(() => next(index + 1));
    });
  };
  next(0);
  return () => {
    stopped = true;
  };
}

/**
 * In the signed-in layout: prefetch the allowed screens' code once the routes are known. Not in
 * the unit tests' jsdom, where every whole-app test would import every page in the background
 * (prefetchPages itself is tested there with its own loader).
 */
export function usePrefetchPages(): void {
  const routes = usePermissionStore((s) => s.routes);
  useEffect(() => (routes.length && import.meta.env.MODE !== 'test' ? prefetchPages(pagesOf(routes)) : undefined), [routes]);
}
