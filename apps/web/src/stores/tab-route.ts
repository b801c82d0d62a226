import { findRouteChain, flattenRoutes } from '../lib/route-access';
import type { AppRoute } from '../lib/route-types';
import type { Tab, TabOpening } from './tab-store';

/** The route that renders `pathname`, or undefined. */
export function routeOf(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const chain = findRouteChain(routes, pathname);
  return chain[chain.length - 1];
}

/**
 * The tab a full path opens, or null for pages that get none (redirect, login, error, 404, and
 * paths without a page). Tabs are keyed by full path; a route listing `tabQueryKeys` is keyed by
 * its pathname and those parameters only, so its other parameters move the tab instead.
 */
export function tabOpeningFor(fullPath: string, routes: readonly AppRoute[], home: string): TabOpening | null {
  const url = new URL(fullPath, 'http://tab.invalid');
  const route = routeOf(routes, url.pathname);
  if (!route || !route.page || route.meta.hideTab) return null;
  const path = `${url.pathname}${url.search}`;
  let id = path;
  if (route.meta.tabQueryKeys) {
    const kept = new URLSearchParams();
    for (const key of route.meta.tabQueryKeys) {
      for (const value of url.searchParams.getAll(key)) kept.append(key, value);
    }
    const query = kept.toString();
    id = query ? `${url.pathname}?${query}` : url.pathname;
  }
  const affix = !!route.meta.affix || path === home;
  return { id, fullPath: path, ...(affix ? { affix: true } : {}) };
}

/** The fixed tabs among the user's routes, in menu order. */
export function affixTabsOf(routes: readonly AppRoute[]): TabOpening[] {
  return flattenRoutes(routes)
    .filter((r) => r.meta.affix && r.page && !r.path.includes(':') && !r.path.includes('*'))
    .map((r) => ({ id: r.path, fullPath: r.path, affix: true }));
}

/**
 * The tab the URL `here` belongs to: an open tab already at that exact path (it may have been
 * moved there by `updateTabPath`), else the tab the path opens; null for pages without a tab.
 */
export function resolveOpening(here: string, tabs: readonly Tab[], routes: readonly AppRoute[], home: string): TabOpening | null {
  const opening = tabOpeningFor(here, routes, home);
  if (!opening) return null;
  const at = tabs.find((t) => t.fullPath === here);
  return at ? { id: at.id, fullPath: here, ...(at.affix ? { affix: true } : {}) } : opening;
}
