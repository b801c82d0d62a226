import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { RouteIcon } from './route-icon';
import { routeTitle } from '../lib/i18n';
import type { AppRoute } from '../lib/route-types';

type MenuItem = Required<MenuProps>['items'][number];

/** Menu entries of the allowed routes, in order; hidden routes and hidden children left out. */
export function toMenuItems(routes: readonly AppRoute[], t: TFunction): MenuItem[] {
  return routes
    .filter((r) => !r.meta.hideMenu)
    .map((route): MenuItem => {
      const visibleChildren = route.meta.hideChildrenInMenu ? [] : (route.children ?? []).filter((c) => !c.meta.hideMenu);
      const label = routeTitle(route.meta, t);
      const icon = route.meta.icon ? <RouteIcon name={route.meta.icon} /> : undefined;
      if (visibleChildren.length) {
        return { key: route.path, icon, label, children: toMenuItems(visibleChildren, t) };
      }
      return { key: route.path, icon, label };
    });
}

/** Keys of menu entries on the way to `chain`'s end: the deepest visible one is selected. */
export function menuKeysForChain(chain: readonly AppRoute[]): { selected: string[]; open: string[] } {
  const visible: AppRoute[] = [];
  for (const route of chain) {
    if (route.meta.hideMenu) break;
    visible.push(route);
    if (route.meta.hideChildrenInMenu) break;
  }
  const last = visible[visible.length - 1];
  return { selected: last ? [last.path] : [], open: visible.slice(0, -1).map((r) => r.path) };
}
