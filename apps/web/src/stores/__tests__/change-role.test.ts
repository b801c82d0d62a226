import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const tabActions = vi.hoisted(() => ({ clearTabCache: vi.fn(), closeAllTabs: vi.fn(), resetTabState: vi.fn() }));
const navigation = vi.hoisted(() => ({ navigateTo: vi.fn() }));
const feedback = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../tab-actions', () => tabActions);
vi.mock('../navigation', async (original) => ({ ...(await original<object>()), ...navigation }));
vi.mock('../../lib/feedback', async (original) => ({ ...(await original<object>()), ...feedback }));

const { useAppStore } = await import('../app-store');
const { usePermissionStore } = await import('../permission-store');
const { ASYNC_ROUTES } = await import('../../config/routes');
const { changeRole } = await import('../change-role');
const { initI18n } = await import('../../lib/i18n');
initI18n('en');

const menuNames = () => usePermissionStore.getState().routes.map((r) => r.name);

beforeEach(() => {
  vi.clearAllMocks();
  usePermissionStore.getState().reset();
  usePermissionStore.getState().setRoleList(['admin']);
  usePermissionStore.getState().setBuiltRoutes([], [...ASYNC_ROUTES]);
  usePermissionStore.setState({ lastBuildMenuTime: 1 });
});

afterEach(() => {
  useAppStore.getState().resetProjectConfig();
  usePermissionStore.getState().reset();
});

describe('changeRole', () => {
  it('in ROUTE_MAPPING mode sets the roles, clears and closes the tabs, rebuilds the routes, records the build time and goes home', () => {
    useAppStore.getState().setProjectConfig({ permissionMode: 'ROUTE_MAPPING' });
    expect(menuNames()).toContain('Log');

    expect(changeRole('shadow')).toBe(true);

    const state = usePermissionStore.getState();
    expect(state.roleList).toEqual(['shadow']);
    expect(tabActions.clearTabCache).toHaveBeenCalledTimes(1);
    expect(tabActions.closeAllTabs).toHaveBeenCalledTimes(1);
    expect(menuNames()).toEqual(['Dashboard', 'Report', 'Bet', 'Member']);
    expect(state.frontMenuList.map((m) => m.name)).toEqual(['Dashboard', 'Report', 'Bet', 'Member']);
    expect(state.lastBuildMenuTime).toBeGreaterThan(1);
    expect(navigation.navigateTo).toHaveBeenCalledWith('/dashboard', true);
    expect(feedback.showToast).not.toHaveBeenCalled();
  });

  it.each(['ROLE', 'BACK'] as const)('in %s mode shows the route-mapping message and changes nothing', (mode) => {
    useAppStore.getState().setProjectConfig({ permissionMode: mode });

    expect(changeRole('shadow')).toBe(false);

    const state = usePermissionStore.getState();
    expect(state.roleList).toEqual(['admin']);
    expect(menuNames()).toContain('Log');
    expect(state.lastBuildMenuTime).toBe(1);
    expect(tabActions.clearTabCache).not.toHaveBeenCalled();
    expect(tabActions.closeAllTabs).not.toHaveBeenCalled();
    expect(navigation.navigateTo).not.toHaveBeenCalled();
    expect(feedback.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', content: 'Please switch the permission mode to route mapping in the settings first.' }),
    );
  });
});
