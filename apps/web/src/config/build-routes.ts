import type { MenuItem } from '@agent-bo/shared';
import type { PermissionMode } from './project-config';
import { filterRouteTree, filterRoutesByPermission } from '../lib/route-access';
import type { AppRoute } from '../lib/route-types';
import { ROLE_ROUTE_MAPPING } from './role-route-mapping';

/**
 * ROUTE_MAPPING: a route passes when the mapping lists none of its roles or one of `roles`. A
 * parent stays when at least one child passes. Order as in the route table.
 */
export function filterRoutesByRoleMapping(
  routes: readonly AppRoute[],
  roles: readonly string[],
  mapping: Readonly<Record<string, readonly string[]>> = ROLE_ROUTE_MAPPING,
): AppRoute[] {
  const held = new Set(roles);
  return filterRouteTree(routes, (route) => {
    const allowed = mapping[route.name];
    return !allowed || allowed.some((r) => held.has(r));
  });
}

/**
 * BACK: the server's menu decides which routes exist and their order. Each menu item is matched
 * by `name` to the route table (which supplies the page, title key and icon); items the table
 * does not know are skipped (no page to show), and so are table routes the server left out.
 * A route whose children are all left out is dropped unless it has a page of its own.
 */
export function routesFromBackMenu(menu: readonly MenuItem[], table: readonly AppRoute[]): AppRoute[] {
  const byName = new Map(table.map((r) => [r.name, r]));
  const items = [...menu].sort((a, b) => a.meta.orderNo - b.meta.orderNo);
  const result: AppRoute[] = [];
  for (const item of items) {
    const route = byName.get(item.name);
    if (!route) continue;
    const order = item.meta.orderNo;
    if (route.children?.length) {
      const children = routesFromBackMenu(item.children ?? [], route.children);
      if (children.length === 0 && !route.page) continue;
      const redirect = route.page ? undefined : children[0]?.path;
      result.push({ ...route, redirect, meta: { ...route.meta, order }, children: children.length ? children : undefined });
    } else {
      result.push({ ...route, meta: { ...route.meta, order } });
    }
  }
  return result;
}

export interface RouteSources {
  mode: PermissionMode;
  table: readonly AppRoute[];
  codes: readonly string[];
  roles: readonly string[];
  /** The server's menu, needed in BACK mode. */
  backMenu?: readonly MenuItem[];
}

/** The routes of one session by permission mode (spec §4). */
export function buildRoutesForMode({ mode, table, codes, roles, backMenu = [] }: RouteSources): AppRoute[] {
  switch (mode) {
    case 'BACK':
      return routesFromBackMenu(backMenu, table);
    case 'ROUTE_MAPPING':
      return filterRoutesByRoleMapping(table, roles);
    case 'ROLE':
    default:
      return filterRoutesByPermission(table, codes, roles);
  }
}
