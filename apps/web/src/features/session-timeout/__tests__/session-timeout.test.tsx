import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardOverview, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId as find, startApp, setUpStubbedApp } from '../../../test/app-harness';

// jsdom cannot reload a document; the other-account path is checked through this call (its
// calls are cleared before each test, so no test sees another's).
const reloadPageMock = vi.hoisted(() => vi.fn());
vi.mock('../reload-page', () => ({ reloadPage: reloadPageMock }));

/** Session timeout (spec §4, §8) in the whole app, against a stubbed server (client behaviour only). */
const ADMIN: UserInfo = adminUser({ roles: ['admin'], permission: { permissions: [] } });
const AGENT: UserInfo = adminUser({
  id: 7,
  lvl: 1,
  accountNo: 'agentA01',
  nickName: 'Agent A',
  roles: [],
  permission: { permissions: [] },
});

const overviewOf = (user: UserInfo): DashboardOverview =>
  dashboardOverview({ accountNo: user.accountNo, nickName: user.nickName, lvl: user.lvl });

/** Live sessions of the stub server; a test removes one to expire it "on the server". */
let sessions: Map<string, UserInfo>;
let calls: string[];

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const auth = (init.headers as Record<string, string>).Authorization ?? '';
  calls.push(`${init.method} ${url.pathname} ${auth}`);
  if (url.pathname === '/api/manage/signin') {
    const body = JSON.parse(String(init.body)) as { accountNo: string; password: string };
    if (body.password !== 'Demo1234') return envelope(null, 1001, 'Wrong account or password', 400);
    const user = body.accountNo === 'agentA01' ? AGENT : ADMIN;
    const token = `token-${sessions.size + 1}-${user.accountNo}`;
    sessions.set(token, user);
    return envelope({ token, expiresAt: '2099-01-01 00:00:00', user });
  }
  if (url.pathname === '/api/manage/signout') return envelope(null);
  const user = sessions.get(auth.replace('Bearer ', ''));
  if (!user) return envelope(null, 401, 'Your session has expired, please sign in again', 401);
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return envelope(overviewOf(user));
    case '/api/manage/unlock':
      return envelope({ unlocked: true });
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    reloadPageMock.mockClear();
    sessions = new Map([['good-token', ADMIN]]);
    calls = [];
  },
});

const appStore = async () => (await import('../../../stores/app-store')).useAppStore;
const userStore = async () => (await import('../../../stores/user-store')).useUserStore;

async function openDashboard(mode: 'ROUTE_JUMP' | 'PAGE_COVERAGE'): Promise<HTMLElement> {
  await startApp('/dashboard/workbench');
  await find('dash-balance');
  const store = await appStore();
  act(() => store.getState().setProjectConfig({ sessionTimeoutProcessing: mode }));
  return screen.getByTestId('dashboard');
}

/** The session ends on the server; the page's next request (a refresh of its data) finds out. */
async function expireAndRefresh(): Promise<void> {
  sessions.clear();
  const { queryClient } = await import('../../../lib/query-client');
  await act(async () => {
    await queryClient.invalidateQueries();
  });
}

async function signInOnCover(accountNo: string): Promise<void> {
  const cover = await find('session-timeout-cover');
  const account = cover.querySelector<HTMLInputElement>('[data-testid="login-account"]')!;
  fireEvent.change(account, { target: { value: accountNo } });
  fireEvent.change(cover.querySelector('[data-testid="login-password"]')!, { target: { value: 'Demo1234' } });
  await act(async () => {
    fireEvent.click(cover.querySelector('[data-testid="login-submit"]')!);
  });
}

const overviewCalls = () => calls.filter((c) => c.startsWith('POST /api/manage/dashboard/overview'));

describe('session timeout', { timeout: 20_000 }, () => {
  it('ROUTE_JUMP (default): a 401 clears the user and goes to login with the current path as redirect', async () => {
    await openDashboard('ROUTE_JUMP');
    await expireAndRefresh();
    await find('login-account');
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard/workbench');
    expect(screen.queryByTestId('session-timeout-cover')).toBeNull();
    expect((await userStore()).getState().token).toBeNull();
  });

  it('PAGE_COVERAGE: the page stays mounted under the cover; the same account signing in lifts it and refetches', async () => {
    const page = await openDashboard('PAGE_COVERAGE');
    await expireAndRefresh();
    const cover = await find('session-timeout-cover');
    expect(cover.getAttribute('data-opaque')).toBe('false');
    // The page is kept as it was: same element, same URL, the account prefilled.
    expect(screen.getByTestId('dashboard')).toBe(page);
    expect(window.location.pathname).toBe('/dashboard/workbench');
    expect(cover.querySelector<HTMLInputElement>('[data-testid="login-account"]')!.value).toBe('admin001');
    // The account is known, so the password field has the focus; the focus stays in the cover.
    await waitFor(() => expect(document.activeElement).toBe(cover.querySelector('[data-testid="login-password"]')));
    expect(document.getElementById('root')?.hasAttribute('inert') ?? true).toBe(true);

    // A wrong password shows the sign-in error on the cover.
    fireEvent.change(cover.querySelector('[data-testid="login-password"]')!, { target: { value: 'nope-nope' } });
    await act(async () => {
      fireEvent.click(cover.querySelector('[data-testid="login-submit"]')!);
    });
    expect((await find('login-error')).textContent).toBe('Wrong account or password');

    const failedBefore = overviewCalls().length;
    await signInOnCover('admin001');
    await waitFor(() => expect(screen.queryByTestId('session-timeout-cover')).toBeNull());
    const newToken = (await userStore()).getState().token;
    expect(newToken).toMatch(/^token-\d-admin001$/);
    // What failed is fetched again with the new token, on the very same page.
    await waitFor(() => expect(overviewCalls().slice(failedBefore)).toContain(`POST /api/manage/dashboard/overview Bearer ${newToken}`));
    expect(screen.getByTestId('dashboard')).toBe(page);
    expect(window.location.pathname).toBe('/dashboard/workbench');
    const { reloadPage } = await import('../reload-page');
    expect(reloadPage).not.toHaveBeenCalled();

    // The 401 handling is armed again: a second expiry covers the page again.
    await expireAndRefresh();
    expect(await find('session-timeout-cover')).toBeTruthy();
  });

  it('PAGE_COVERAGE: another account signing in resets the state and reloads for that account', async () => {
    await openDashboard('PAGE_COVERAGE');
    await expireAndRefresh();
    await signInOnCover('agentA01');
    const { reloadPage } = await import('../reload-page');
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    const user = (await userStore()).getState();
    expect(user.token).toMatch(/^token-\d-agentA01$/);
    expect(user.userInfo?.accountNo).not.toBe('admin001');
  });

  it('PAGE_COVERAGE with no page showing yet (reload with an expired token) goes to login', async () => {
    await startApp('/dashboard');
    await find('dash-balance');
    act(() => {
      void appStore().then((s) => s.getState().setProjectConfig({ sessionTimeoutProcessing: 'PAGE_COVERAGE' }));
    });
    await waitFor(async () => expect((await appStore()).getState().projectConfig.sessionTimeoutProcessing).toBe('PAGE_COVERAGE'));
    const { flushCaches } = await import('../../../lib/storage');
    flushCaches();
    cleanup();
    vi.resetModules();
    sessions.clear();
    await startApp('/dashboard');
    expect((await appStore()).getState().projectConfig.sessionTimeoutProcessing).toBe('PAGE_COVERAGE');
    await find('login-account');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard');
    expect(screen.queryByTestId('session-timeout-cover')).toBeNull();
  });

  it('PAGE_COVERAGE while locked: an opaque cover takes the place of the lock; signing in lifts both', async () => {
    const page = await openDashboard('PAGE_COVERAGE');
    const { useLockStore } = await import('../../../stores/lock-store');
    act(() => useLockStore.getState().lock());
    await find('lock-overlay');
    await expireAndRefresh();
    const cover = await find('session-timeout-cover');
    expect(cover.getAttribute('data-opaque')).toBe('true');
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    await signInOnCover('admin001');
    await waitFor(() => expect(screen.queryByTestId('session-timeout-cover')).toBeNull());
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    expect(useLockStore.getState().locked).toBe(false);
    expect(screen.getByTestId('dashboard')).toBe(page);
  });

  it('a new session arriving from another tab closes the cover and re-arms the 401 handling', async () => {
    await openDashboard('PAGE_COVERAGE');
    await expireAndRefresh();
    await find('session-timeout-cover');
    // What the storage layer does when another tab stores a new token: the user store takes it.
    sessions.set('other-tab-token', ADMIN);
    const store = await userStore();
    act(() => store.getState().setSession('other-tab-token', null));
    await waitFor(() => expect(screen.queryByTestId('session-timeout-cover')).toBeNull());
    await expireAndRefresh();
    expect(await find('session-timeout-cover')).toBeTruthy();
  });

  it('the cover\'s "go to the sign-in page" ends the session and keeps the redirect', async () => {
    await openDashboard('PAGE_COVERAGE');
    await expireAndRefresh();
    fireEvent.click(await find('session-timeout-to-login'));
    await find('login-account');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard/workbench');
    expect(screen.queryByTestId('session-timeout-cover')).toBeNull();
  });

  it('signing out from the user menu still goes to login (no cover) in PAGE_COVERAGE mode', async () => {
    await openDashboard('PAGE_COVERAGE');
    fireEvent.click(screen.getByTestId('user-menu'));
    await act(async () => {
      fireEvent.click(await find('signout'));
    });
    await find('login-account');
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByTestId('session-timeout-cover')).toBeNull();
    expect((await userStore()).getState().token).toBeNull();
  });
});
