import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@agent-bo/shared';
import type { AppRoute } from '../../lib/route-types';
import { buildRoutesForMode, filterRoutesByRoleMapping, routesFromBackMenu } from '../build-routes';

const TABLE: AppRoute[] = [
  {
    name: 'Dashboard',
    path: '/dashboard',
    page: 'Dashboard',
    meta: { titleKey: 'routes.dashboard', order: 10, hideChildrenInMenu: true },
    children: [{ name: 'Workbench', path: '/dashboard/workbench', page: 'Workbench', meta: { titleKey: 'routes.workbench', order: 10 } }],
  },
  { name: 'Member', path: '/member/index', page: 'Member', meta: { titleKey: 'routes.member', icon: 'TeamOutlined', order: 30 } },
  { name: 'Log', path: '/log/index', page: 'Log', meta: { titleKey: 'routes.log', order: 60, permission: 'DEVELOPER' } },
  {
    name: 'Store',
    path: '/store',
    redirect: '/store/goods',
    meta: { titleKey: 'routes.store', order: 70 },
    children: [
      { name: 'StoreGoods', path: '/store/goods', page: 'StoreGoods', meta: { titleKey: 'routes.storeGoods', order: 10 } },
      { name: 'StoreOrder', path: '/store/order', page: 'StoreOrder', meta: { titleKey: 'routes.storeOrder', order: 20 } },
    ],
  },
];

const item = (name: string, orderNo: number, children?: MenuItem[]): MenuItem => ({
  name,
  path: `/server-path/${name}`,
  meta: { title: `server.${name}`, orderNo },
  children,
});

const names = (routes: AppRoute[]) => routes.map((r) => r.name);

describe('BACK mode: routes from the server menu', () => {
  it('keeps only the items the server sent, in the server order, with pages and titles from the table', () => {
    const menu = [item('Log', 5), item('Dashboard', 20, [item('Workbench', 1)]), item('Unknown', 1)];
    const routes = routesFromBackMenu(menu, TABLE);
    expect(names(routes)).toEqual(['Log', 'Dashboard']);
    const log = routes[0]!;
    expect(log.path).toBe('/log/index');
    expect(log.page).toBe('Log');
    expect(log.meta.titleKey).toBe('routes.log');
    expect(log.meta.order).toBe(5);
    expect(names(routes[1]!.children ?? [])).toEqual(['Workbench']);
  });

  it('drops a page-less parent whose children the server left out, and points a kept one at its first child', () => {
    expect(names(routesFromBackMenu([item('Store', 1, [])], TABLE))).toEqual([]);
    const [store] = routesFromBackMenu([item('Store', 1, [item('StoreOrder', 1)])], TABLE);
    expect(names(store!.children ?? [])).toEqual(['StoreOrder']);
    expect(store!.redirect).toBe('/store/order');
  });

  it('is what buildRoutesForMode uses in BACK mode, ignoring roles and codes', () => {
    const routes = buildRoutesForMode({ mode: 'BACK', table: TABLE, codes: [], roles: [], backMenu: [item('Member', 1)] });
    expect(names(routes)).toEqual(['Member']);
  });
});

describe('ROUTE_MAPPING mode: routes by the role mapping', () => {
  const mapping = { Dashboard: ['admin', 'agent', 'shadow'], Member: ['admin', 'agent', 'shadow'], Log: ['admin', 'agent'] };

  it('hides what the mapping keeps from the roles held, and passes routes without an entry', () => {
    expect(names(filterRoutesByRoleMapping(TABLE, ['shadow'], mapping))).toEqual(['Dashboard', 'Member', 'Store']);
    expect(names(filterRoutesByRoleMapping(TABLE, ['agent'], mapping))).toEqual(['Dashboard', 'Member', 'Log', 'Store']);
    expect(names(filterRoutesByRoleMapping(TABLE, ['player'], mapping))).toEqual(['Store']);
  });

  it('uses the project mapping by default: shadow loses Log, admin keeps it, codes do not matter', () => {
    expect(names(buildRoutesForMode({ mode: 'ROUTE_MAPPING', table: TABLE, codes: [], roles: ['shadow'] }))).not.toContain('Log');
    expect(names(buildRoutesForMode({ mode: 'ROUTE_MAPPING', table: TABLE, codes: [], roles: ['admin'] }))).toContain('Log');
  });
});

describe('ROLE mode: routes by permission codes', () => {
  it('filters by the route permissions', () => {
    expect(names(buildRoutesForMode({ mode: 'ROLE', table: TABLE, codes: [], roles: ['admin'] }))).not.toContain('Log');
    expect(names(buildRoutesForMode({ mode: 'ROLE', table: TABLE, codes: ['DEVELOPER'], roles: [] }))).toContain('Log');
  });
});
