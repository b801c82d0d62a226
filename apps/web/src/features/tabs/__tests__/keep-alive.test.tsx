import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppRoute } from '../../../lib/route-types';
import { useAppStore } from '../../../stores/app-store';
import { usePermissionStore } from '../../../stores/permission-store';
import { initI18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { MultiTabs } from '../components/multi-tabs';
import { TabContent } from '../components/tab-content';
import { resetTabState } from '../../../stores/tab-actions';
import { refreshTab } from '../tab-commands';
import { useTabStore } from '../../../stores/tab-store';
import { usePageTabTitle } from '../../../hooks/use-page-tab-title';

/** Effects currently running per page (a hidden page's effects are torn down: no polling). */
const live: Record<string, number> = {};

function counterPage(name: string) {
  return function CounterPage() {
    const [count, setCount] = useState(0);
    const location = useLocation();
    // A page naming its own tab, as the member page names a level after its account.
    const parent = new URLSearchParams(location.search).get('parent');
    usePageTabTitle(parent ? `agent-${parent}` : undefined);
    useEffect(() => {
      live[name] = (live[name] ?? 0) + 1;
      return () => {
        live[name] = (live[name] ?? 0) - 1;
      };
    }, []);
    return (
      <div data-testid={`page-${name}`}>
        <span data-testid={`count-${name}`}>{count}</span>
        <span data-testid={`where-${name}`}>{`${location.pathname}${location.search}`}</span>
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {`more-${name}`}
        </button>
      </div>
    );
  };
}

const PAGES: Record<string, ComponentType> = { Dashboard: counterPage('home'), Member: counterPage('member'), Log: counterPage('log') };

const ROUTES: AppRoute[] = [
  { name: 'Dashboard', path: '/dashboard', page: 'Dashboard', meta: { titleKey: 'routes.dashboard', affix: true } },
  { name: 'Member', path: '/member/index', page: 'Member', meta: { titleKey: 'routes.member', tabQueryKeys: ['parent'] } },
  { name: 'Log', path: '/log/index', page: 'Log', meta: { titleKey: 'routes.log' } },
];

/** The page routes the layout hands the page area (the app's are app/page-routes.tsx's). */
const PAGE_ROUTES: RouteObject[] = ROUTES.map((route) => {
  const Page = PAGES[route.page!]!;
  return { path: route.path, element: <Page /> };
});

const router: { navigate?: NavigateFunction } = {};
function NavigateProbe() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

function renderShell(path: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <NavigateProbe />
          <MultiTabs />
          <TabContent routes={PAGE_ROUTES} />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

async function go(path: string) {
  await act(async () => {
    await router.navigate!(path);
  });
}

beforeEach(() => {
  initI18n('en');
  for (const k of Object.keys(live)) delete live[k];
  useAppStore.getState().resetProjectConfig();
  useAppStore.getState().setProjectConfig({ multiTabsSetting: { show: true } });
  usePermissionStore.getState().setBuiltRoutes([], ROUTES);
  resetTabState();
});

afterEach(() => {
  cleanup();
});

describe('keep-alive', () => {
  it('keeps a page state across a tab switch; the hidden page answers for its own location and runs no effects', async () => {
    renderShell('/member/index?tab=players');
    fireEvent.click(await screen.findByText('more-member'));
    fireEvent.click(screen.getByText('more-member'));
    expect(screen.getByTestId('count-member').textContent).toBe('2');

    await go('/log/index');
    expect(screen.getByTestId('count-log').textContent).toBe('0');
    expect(screen.getByTestId('where-member').textContent).toBe('/member/index?tab=players');
    expect(live).toEqual({ member: 0, log: 1 });

    // Back through the tab bar.
    fireEvent.click(screen.getByTestId('tab-/member/index?tab=players'));
    expect(await screen.findByTestId('count-member')).toHaveProperty('textContent', '2');
    expect(live).toEqual({ member: 1, log: 0 });
    expect(screen.getByTestId('tab-/dashboard')).toBeTruthy();
    expect(screen.getByText('Members')).toBeTruthy();
  });

  it('mounts a tab page only when it is first shown', async () => {
    // As restored from storage after a reload: listed, never shown yet.
    useTabStore.setState({ tabs: [{ id: '/log/index', fullPath: '/log/index' }] });
    renderShell('/member/index');
    await screen.findByTestId('page-member');
    expect(screen.getByTestId('tab-/log/index')).toBeTruthy();
    expect(screen.queryByTestId('page-log')).toBeNull();
    expect(screen.queryByTestId('page-home')).toBeNull();
    await go('/log/index');
    expect(screen.getByTestId('page-log')).toBeTruthy();
    expect(screen.getByTestId('page-member')).toBeTruthy();
  });

  it('refresh re-creates the current page (its kept state dropped)', async () => {
    renderShell('/log/index');
    fireEvent.click(await screen.findByText('more-log'));
    expect(screen.getByTestId('count-log').textContent).toBe('1');
    act(() => {
      refreshTab();
    });
    expect(screen.getByTestId('count-log').textContent).toBe('0');
  });

  it('without keep-alive a page starts afresh when shown again', async () => {
    useAppStore.getState().setProjectConfig({ openKeepAlive: false });
    renderShell('/member/index');
    fireEvent.click(await screen.findByText('more-member'));
    await go('/log/index');
    expect(screen.queryByTestId('page-member')).toBeNull();
    await go('/member/index');
    expect(screen.getByTestId('count-member').textContent).toBe('0');
  });

  it('a page names its own tab (a kept one too), keyed by its identifying query', async () => {
    renderShell('/member/index?parent=7');
    await screen.findByTestId('page-member');
    await go('/member/index?parent=8&tab=players');
    expect(await screen.findByText('agent-8')).toBeTruthy();
    expect(screen.getByTestId('tab-/member/index?parent=7').textContent).toBe('agent-7');
    expect(screen.getAllByTestId('page-member')).toHaveLength(2);
  });

  it('closing a tab drops its page', async () => {
    renderShell('/member/index');
    await screen.findByTestId('page-member');
    await go('/log/index');
    expect(screen.getByTestId('page-member')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-close-/member/index'));
    expect(screen.queryByTestId('page-member')).toBeNull();
    expect(useTabStore.getState().tabs.map((t) => t.id)).toEqual(['/dashboard', '/log/index']);
  });
});
