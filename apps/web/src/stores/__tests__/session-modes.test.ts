import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem, UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../test/fixtures';
import { envelope, seedStorage, stubFetch } from '../../test/app-harness';

/** ensureSession builds the routes by permission mode (spec §4), against a stubbed server. */
const USER: UserInfo = adminUser({ roles: ['shadow'], permission: { permissions: [] } });
const SERVER_MENU: MenuItem[] = [
  { name: 'Log', path: '/log/index', meta: { title: 'routes.log', orderNo: 1 } },
  { name: 'Dashboard', path: '/dashboard', meta: { title: 'routes.dashboard', orderNo: 2 } },
];

let calls: string[];

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  calls = [];
  stubFetch((path) => {
    const url = new URL(path, 'http://localhost');
    calls.push(url.pathname);
    if (url.pathname === '/api/manage/userinfo') return envelope(USER);
    if (url.pathname === '/api/getPermCode') return envelope(['MOVE_USER']);
    if (url.pathname === '/api/getMenuList') return envelope(SERVER_MENU);
    return envelope(null, 404, 'not found', 404);
  });
});

afterEach(() => {
  vi.stubGlobal('fetch', undefined);
});

async function buildIn(mode: 'ROLE' | 'ROUTE_MAPPING' | 'BACK', storedRoles: string[] = []) {
  const { useAppStore } = await import('../app-store');
  const { usePermissionStore } = await import('../permission-store');
  const { ensureSession } = await import('../session');
  useAppStore.getState().setProjectConfig({ permissionMode: mode });
  if (storedRoles.length) usePermissionStore.getState().setRoleList(storedRoles);
  await ensureSession();
  return usePermissionStore.getState();
}

describe('ensureSession by permission mode', () => {
  it('ROLE: routes from the route table filtered by codes; no menu call', async () => {
    const state = await buildIn('ROLE');
    expect(state.routes.map((r) => r.name)).toEqual(['Dashboard', 'Report', 'Bet', 'Member', 'Log']);
    expect(state.roleList).toEqual(['shadow']);
    expect(calls).not.toContain('/api/getMenuList');
  });

  it('ROUTE_MAPPING: routes by the role mapping over the user roles (a shadow has no Log)', async () => {
    const state = await buildIn('ROUTE_MAPPING');
    expect(state.routes.map((r) => r.name)).toEqual(['Dashboard', 'Report', 'Bet', 'Member']);
    expect(state.isDynamicAddedRoute).toBe(true);
    expect(state.lastBuildMenuTime).toBeGreaterThan(0);
  });

  it('ROUTE_MAPPING: a switched role list kept from before the reload wins over the user roles', async () => {
    const state = await buildIn('ROUTE_MAPPING', ['admin']);
    expect(state.roleList).toEqual(['admin']);
    expect(state.routes.map((r) => r.name)).toContain('Log');
  });

  it('BACK: the server menu decides the routes and their order; codes from getPermCode', async () => {
    const state = await buildIn('BACK');
    expect(calls).toContain('/api/getMenuList');
    expect(state.routes.map((r) => r.name)).toEqual(['Log', 'Dashboard']);
    expect(state.backMenuList).toEqual(SERVER_MENU);
    expect(state.permCodes).toEqual(['MOVE_USER']);
    expect(state.frontMenuList.map((m) => m.name)).toEqual(['Log', 'Dashboard']);
  });
});
