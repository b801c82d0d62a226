import { describe, expect, it } from 'vitest';
import { filterRoutesByPermission, findRouteChain } from '../../lib/route-access';
import { ASYNC_ROUTES, allRoutes } from '../routes';
import type { AppRoute } from '../../lib/route-types';
import { menuKeysForChain } from '../../components/menu-items';

const route = (name: string, path: string, meta: Partial<AppRoute['meta']> = {}, children?: AppRoute[]): AppRoute => ({
  name,
  path,
  meta: { titleKey: `routes.${name}`, ...meta },
  children,
});

const TABLE: AppRoute[] = [
  route('store', '/store', { order: 70 }, [
    route('goods', '/store/goods', { permission: 'STORE_GOODS_READ||STORE_GOODS_WRITE' }),
    route('order', '/store/order', { permission: 'STORE_ORDER_READ' }),
  ]),
  route('dashboard', '/dashboard', { order: 10 }),
  route('permission', '/permission/index', { order: 80, permission: 'ROLE_PERMISSION_WRITE' }),
  route('material', '/material', { order: 40 }, [route('game', '/material/game', { permission: 'GAME_READ' })]),
  route('dev', '/dev', { order: 90, roles: ['super'] }),
];

const names = (routes: AppRoute[]): string[] => routes.flatMap((r) => [r.name, ...names(r.children ?? [])]);

describe('filterRoutesByPermission (role mode)', () => {
  it('keeps routes without a requirement and sorts by order', () => {
    expect(names(filterRoutesByPermission(TABLE, []))).toEqual(['dashboard']);
  });

  it('shows a parent when any child is allowed, with only the allowed children', () => {
    const result = filterRoutesByPermission(TABLE, ['STORE_ORDER_READ', 'GAME_READ']);
    expect(names(result)).toEqual(['dashboard', 'material', 'game', 'store', 'order']);
  });

  it('evaluates || expressions and plain codes', () => {
    expect(names(filterRoutesByPermission(TABLE, ['STORE_GOODS_WRITE', 'ROLE_PERMISSION_WRITE']))).toEqual([
      'dashboard',
      'store',
      'goods',
      'permission',
    ]);
  });

  it('requires one of the listed roles', () => {
    expect(names(filterRoutesByPermission(TABLE, [], ['super']))).toContain('dev');
    expect(names(filterRoutesByPermission(TABLE, [], ['other']))).not.toContain('dev');
  });

  it('the real table gives every user the dashboard, with its hidden workbench child, the agent report under /report, the bet page, the members screen and the log page', () => {
    const built = filterRoutesByPermission(ASYNC_ROUTES, []);
    expect(built.map((r) => r.path)).toEqual(['/dashboard', '/report', '/bet/index', '/member/index', '/log/index']);
    expect(built[0]?.meta.hideChildrenInMenu).toBe(true);
    expect(built[0]?.children?.map((c) => c.path)).toEqual(['/dashboard/workbench']);
    // /report has no page of its own: it redirects to its first child (spec §2)
    expect(built[1]).toMatchObject({ name: 'Report', redirect: '/report/agent', page: undefined });
    expect(built[1]?.children?.map((c) => [c.name, c.path])).toEqual([['AgentReport', '/report/agent']]);
  });

  it('shows the provider screen to holders of PROVIDER_MAINTAIN or SITE_PROVIDER only', () => {
    const paths = (codes: string[]) => filterRoutesByPermission(ASYNC_ROUTES, codes).map((r) => r.path);
    expect(paths(['PROVIDER_MAINTAIN'])).toContain('/provider/index');
    expect(paths(['SITE_PROVIDER'])).toContain('/provider/index');
    expect(paths(['MOVE_USER'])).not.toContain('/provider/index');
  });

  it('/material keeps the children the codes allow and redirects to the first of them', () => {
    const material = (codes: string[]) => filterRoutesByPermission(ASYNC_ROUTES, codes).find((r) => r.path === '/material');
    expect(material(['CATEGORY_READ', 'GAME_WRITE'])).toMatchObject({ redirect: '/material/category', page: undefined });
    expect(material(['GAME_READ'])?.redirect).toBe('/material/game');
    expect(material(['GAME_READ'])?.children?.map((c) => c.path)).toEqual(['/material/game']);
    expect(material(['TAG_READ'])?.redirect).toBe('/material/tag');
    expect(material(['COLLECTION_WRITE', 'TAG_WRITE'])?.children?.map((c) => c.path)).toEqual(['/material/tag', '/material/collection']);
    expect(material(['ACTIVITY_WRITE', 'STORE_GOODS_READ'])).toBeUndefined();
  });

  it('/store opens the goods (spec route table) while they are visible, else the first child the codes allow', () => {
    const store = (codes: string[]) => filterRoutesByPermission(ASYNC_ROUTES, codes).find((r) => r.path === '/store');
    const every = ['STORE_CATEGORY_READ', 'STORE_GOODS_WRITE', 'PLAYER_POINTS_READ', 'STORE_ORDER_READ'];
    expect(store(every)).toMatchObject({ redirect: '/store/goods', page: undefined, meta: { order: 70 } });
    expect(store(every)?.children?.map((c) => c.path)).toEqual(['/store/category', '/store/goods', '/store/points', '/store/order']);
    expect(store(['STORE_CATEGORY_WRITE', 'STORE_ORDER_READ'])?.redirect).toBe('/store/category');
    expect(store(['PLAYER_POINTS_READ'])?.redirect).toBe('/store/points');
    expect(store(['STORE_ORDER_WRITE'])?.children?.map((c) => c.path)).toEqual(['/store/order']);
    expect(store(['GAME_READ', 'ACTIVITY_WRITE'])).toBeUndefined();
  });
});

describe('findRouteChain', () => {
  const all = allRoutes(filterRoutesByPermission(ASYNC_ROUTES, []));

  it('finds nested routes outermost first, and the menu selects the visible parent', () => {
    const chain = findRouteChain(all, '/dashboard/workbench');
    expect(chain.map((r) => r.name)).toEqual(['Dashboard', 'Workbench']);
    expect(menuKeysForChain(chain).selected).toEqual(['/dashboard']);
  });

  it('matches the redirect helper and falls back to the error page for unknown paths', () => {
    expect(findRouteChain(all, '/redirect/%2Fdashboard/path').map((r) => r.name)).toEqual(['Redirect']);
    const unknown = findRouteChain(all, '/nowhere/at/all');
    expect(unknown.map((r) => r.name)).toEqual(['PageNotFound']);
    expect(unknown[0]?.meta.hideBreadcrumb && unknown[0]?.meta.hideMenu).toBe(true);
  });
});
