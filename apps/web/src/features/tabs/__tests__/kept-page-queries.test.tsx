import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../lib/route-types';
import { useAppStore } from '../../../stores/app-store';
import { usePermissionStore } from '../../../stores/permission-store';
import { api } from '../../../lib/api';
import { initI18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { envelope, stubFetch } from '../../../test/app-harness';
import { MultiTabs } from '../components/multi-tabs';
import { TabContent } from '../components/tab-content';
import { resetTabState } from '../../../stores/tab-actions';

/**
 * A kept page whose refetch the API client cancelled on the route switch (it cancels the old
 * route's requests) fetches again when it is shown, instead of showing the cancelled state.
 */

let reload: () => void = () => undefined;
let refetchOnMount = true;

function ProbePage() {
  // No TanStack signal: the API client's own route-switch cancel is what stops the request.
  const query = useQuery({ queryKey: ['kept-probe'], queryFn: () => api.get<string>('/probe'), staleTime: 60_000, refetchOnMount });
  useEffect(() => {
    reload = () => void query.refetch();
  });
  return <div data-testid="probe">{`data:${query.data ?? '-'} error:${query.isError ? 'yes' : 'no'}`}</div>;
}

function OtherPage() {
  return <div data-testid="other">other</div>;
}

const ROUTES: AppRoute[] = [
  { name: 'Log', path: '/log/index', page: 'Log', meta: { titleKey: 'routes.log' } },
  { name: 'Member', path: '/member/index', page: 'Member', meta: { titleKey: 'routes.member' } },
];

/** The page routes the layout hands the page area (the app's are app/page-routes.tsx's). */
const PAGE_ROUTES: RouteObject[] = [
  { path: '/log/index', element: <ProbePage /> },
  { path: '/member/index', element: <OtherPage /> },
];

const router: { navigate?: NavigateFunction } = {};
function NavigateProbe() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

let calls = 0;

beforeEach(() => {
  initI18n('en');
  calls = 0;
  queryClient.clear();
  useAppStore.getState().resetProjectConfig();
  useAppStore.getState().setProjectConfig({ multiTabsSetting: { show: true } });
  usePermissionStore.getState().setBuiltRoutes([], ROUTES);
  resetTabState();
  stubFetch(
    (_path, init) =>
      new Promise<Response>((resolve, reject) => {
        calls += 1;
        // The second call (the refetch) hangs until it is cancelled.
        if (calls === 2) init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        else resolve(envelope(`v${calls}`));
      }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('kept page and cancelled requests', () => {
  it.each([
    ['a query that refetches on mount', true],
    ['a query that does not refetch on mount', false],
  ])('refetches on return what the route switch cancelled, once (%s)', async (_name, onMount) => {
    refetchOnMount = onMount;
    render(
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <MemoryRouter initialEntries={['/log/index']}>
            <NavigateProbe />
            <MultiTabs />
            <TabContent routes={PAGE_ROUTES} />
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    expect((await screen.findByText('data:v1 error:no')).textContent).toBeTruthy();

    act(() => reload());
    await act(async () => {
      await router.navigate!('/member/index');
    });
    // What the route switch does (app/route-effects.tsx): cancel the old route's requests.
    act(() => {
      api.cancelPending('/member/index');
    });
    await vi.waitFor(() => expect(queryClient.getQueryState(['kept-probe'])?.status).toBe('error'));

    await act(async () => {
      await router.navigate!('/log/index');
    });
    expect((await screen.findByText('data:v3 error:no')).textContent).toBeTruthy();
    expect(calls).toBe(3);
  });
});
