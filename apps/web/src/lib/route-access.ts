import { matchPath } from 'react-router';
import { satisfies } from '@agent-bo/shared';
import type { AppRoute } from './route-types';

/**
 * The routes of the tree that `keep` accepts. A route with children is kept only when at least
 * one child passes (its children then are the ones that pass); a parent that redirects to a
 * child no longer kept redirects to its first kept child instead (`/material` opens the first
 * screen the user may see). Siblings are ordered by `meta.order`.
 */
export function filterRouteTree(routes: readonly AppRoute[], keep: (route: AppRoute) => boolean): AppRoute[] {
  const kept: AppRoute[] = [];
  for (const route of routes) {
    if (!keep(route)) continue;
    if (route.children?.length) {
      const children = filterRouteTree(route.children, keep);
      if (children.length === 0) continue;
      const lost = route.redirect !== undefined && !flattenRoutes(children).some((c) => c.path === route.redirect);
      kept.push({ ...route, children, redirect: lost ? children[0]!.path : route.redirect });
    } else {
      kept.push(route);
    }
  }
  return kept.sort((a, b) => (a.meta.order ?? 0) - (b.meta.order ?? 0));
}

/**
 * Role-mode filtering (spec §2, §5): a route passes when its permission is satisfied by the
 * user's codes and, if it lists roles, the user holds one of them. A route with children is
 * kept only when at least one child passes. Siblings are ordered by `meta.order`.
 */
export function filterRoutesByPermission(
  routes: readonly AppRoute[],
  permCodes: Iterable<string>,
  roles: Iterable<string> = [],
): AppRoute[] {
  const codes = new Set(permCodes);
  const roleSet = new Set(roles);
  return filterRouteTree(
    routes,
    (route) => satisfies(route.meta.permission, codes) && (!route.meta.roles?.length || route.meta.roles.some((r) => roleSet.has(r))),
  );
}

/** Every route of the tree, parents before children. */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}

/**
 * The chain of routes, outermost first, that leads to `pathname`: used for breadcrumbs, the
 * selected menu entry and the page title. Empty when nothing matches.
 */
export function findRouteChain(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  for (const route of routes) {
    const childChain = findRouteChain(route.children ?? [], pathname);
    if (childChain.length) return [route, ...childChain];
    if (route.path !== '*' && matchPath({ path: route.path, end: true }, pathname)) return [route];
  }
  const fallback = routes.find((r) => r.path === '*');
  return fallback ? [fallback] : [];
}
