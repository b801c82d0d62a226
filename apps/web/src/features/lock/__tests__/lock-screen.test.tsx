import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId as find, startApp, setUpStubbedApp } from '../../../test/app-harness';

/** The lock screen in the whole app, against a stubbed server (client behaviour only). */
const USER: UserInfo = adminUser({ roles: ['admin'], permission: { permissions: [] } });
const OVERVIEW = dashboardOverview();

let calls: string[];
let unlockBodies: unknown[];
/** The session ended on the server (expired or revoked). */
let expired: boolean;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  calls.push(`${init.method} ${url.pathname}`);
  const auth = (init.headers as Record<string, string>).Authorization;
  const signedIn = !expired && (auth === 'Bearer good-token' || auth === 'Bearer new-token');
  if (!signedIn && url.pathname !== '/api/manage/signin' && url.pathname !== '/api/manage/signout') {
    return envelope(null, 401, 'Your session has expired, please sign in again', 401);
  }
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(USER);
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return envelope(OVERVIEW);
    case '/api/manage/signin':
      return envelope({ token: 'new-token', expiresAt: '2099-01-01 00:00:00', user: USER });
    case '/api/manage/signout':
      return envelope(null);
    case '/api/manage/unlock': {
      const body = JSON.parse(String(init.body)) as { password: string };
      unlockBodies.push(body);
      if (body.password === 'Demo1234') return envelope({ unlocked: true });
      if (body.password === 'Lockout99') return envelope(null, 1003, 'Too many failed sign-ins, please try again in 900 seconds', 429);
      return envelope(null, 2010, 'The current password is wrong', 400);
    }
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    calls = [];
    unlockBodies = [];
    expired = false;
  },
  after: () => vi.useRealTimers(),
});

async function openDashboard(): Promise<HTMLElement> {
  await startApp('/dashboard');
  await find('dash-balance');
  return screen.getByTestId('dashboard');
}

async function lockFromUserMenu(): Promise<void> {
  fireEvent.click(screen.getByTestId('user-menu'));
  fireEvent.click(await find('lock-screen'));
  await find('lock-overlay');
}

async function typeAndUnlock(password: string): Promise<void> {
  fireEvent.change(screen.getByTestId('lock-password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByTestId('lock-unlock'));
  });
}

const appStore = async () => (await import('../../../stores/app-store')).useAppStore;
const userStore = async () => (await import('../../../stores/user-store')).useUserStore;
const lockStore = async () => (await import('../../../stores/lock-store')).useLockStore;

describe('lock screen: idle timer', { timeout: 20_000 }, () => {
  it('locks after lockTime idle minutes; activity restarts the count', async () => {
    await openDashboard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => {
      void appStore().then((s) => s.getState().setProjectConfig({ lockTime: 1 }));
    });
    await waitFor(async () => expect((await appStore()).getState().projectConfig.lockTime).toBe(1));
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    fireEvent.keyDown(document.body, { key: 'a' });
    act(() => {
      vi.advanceTimersByTime(50_000);
    });
    // 100 s after the start, but only 50 s after the key press: still open.
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    fireEvent.pointerMove(window);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(await find('lock-overlay')).toBeTruthy();
    expect((await lockStore()).getState().locked).toBe(true);
  });

  it('lockTime 0 never locks', async () => {
    await openDashboard();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => {
      void appStore().then((s) => s.getState().setProjectConfig({ lockTime: 0 }));
    });
    act(() => {
      vi.advanceTimersByTime(24 * 60 * 60_000);
    });
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    expect((await lockStore()).getState().locked).toBe(false);
  });
});

describe('lock screen: lock and unlock', { timeout: 20_000 }, () => {
  it('locks from the user menu, and a reload shows the overlay before anything of the page', async () => {
    await openDashboard();
    await lockFromUserMenu();
    expect(screen.getByTestId('lock-user').textContent).toBe('Administrator');
    // The clock is the site's wall clock (tw_web: Asia/Taipei), not the machine's.
    const siteClock = () => new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Taipei' });
    await waitFor(() => expect(screen.getByTestId('lock-time').textContent).toBe(siteClock().format(new Date())));

    // "Reload": fresh modules read the lock back from storage. The page must never be on
    // screen without the overlay over it.
    cleanup();
    vi.resetModules();
    let pageWithoutLock = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="dashboard"]') && !document.querySelector('[data-testid="lock-overlay"]'))
        pageWithoutLock = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await startApp('/dashboard');
    await find('lock-overlay');
    await find('dash-balance');
    observer.disconnect();
    expect(pageWithoutLock).toBe(false);
    expect((await lockStore()).getState().locked).toBe(true);
  });

  it('while locked, keyboard focus stays in the overlay and the app behind is inert', async () => {
    await openDashboard();
    await lockFromUserMenu();
    const overlay = screen.getByTestId('lock-overlay');
    await waitFor(() => expect(overlay.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(screen.getByTestId('lock-password'));
    expect(document.getElementById('root') ?? document.body.firstElementChild).not.toBeNull();
    for (const el of Array.from(document.body.children)) {
      if (el !== overlay) expect(el.hasAttribute('inert')).toBe(true);
    }
    // Focus that escapes (a click or script on the page) is brought back.
    act(() => screen.getByTestId('user-menu').focus());
    expect(overlay.contains(document.activeElement)).toBe(true);
    // Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    const relogin = screen.getByTestId('lock-relogin');
    act(() => relogin.focus());
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('lock-password'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(relogin);
  });

  it('a wrong password shows the error and keeps the lock; the right one lifts it on the same page', async () => {
    const page = await openDashboard();
    await lockFromUserMenu();

    await act(async () => {
      fireEvent.click(screen.getByTestId('lock-unlock'));
    });
    expect((await find('lock-error')).textContent).toBe('Please enter your password');
    expect(unlockBodies).toHaveLength(0);

    await typeAndUnlock('Wrong-pass1 ');
    expect((await find('lock-error')).textContent).toBe('Wrong password, please try again');
    expect(unlockBodies).toEqual([{ password: 'Wrong-pass1 ' }]);
    expect(screen.getByTestId('lock-overlay')).toBeTruthy();
    expect((await lockStore()).getState().locked).toBe(true);

    await typeAndUnlock('Demo1234');
    await waitFor(() => expect(screen.queryByTestId('lock-overlay')).toBeNull());
    expect((await lockStore()).getState().locked).toBe(false);
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.getByTestId('dashboard')).toBe(page);
    expect(document.getElementById('root')?.hasAttribute('inert') ?? false).toBe(false);
  });

  it('too many wrong passwords: the session is gone, so the user is sent to login with the redirect', async () => {
    await openDashboard();
    await lockFromUserMenu();
    await typeAndUnlock('Lockout99');
    await find('login-account');
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard');
    expect((await userStore()).getState().token).toBeNull();
    expect(screen.getByText('Too many failed sign-ins, please try again in 900 seconds')).toBeTruthy();
  });

  it('a session that ended while locked: unlocking meets the 401, which goes to login (ROUTE_JUMP)', async () => {
    await openDashboard();
    await lockFromUserMenu();
    expired = true;
    await typeAndUnlock('Demo1234');
    await find('login-account');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard');
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    expect((await userStore()).getState().token).toBeNull();
  });

  it('"back to sign-in" signs out; the lock stays stored until the next sign-in lifts it', async () => {
    await openDashboard();
    await lockFromUserMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('lock-relogin'));
    });
    await find('login-account');
    expect(window.location.pathname).toBe('/login');
    expect(calls).toContain('POST /api/manage/signout');
    expect((await userStore()).getState().token).toBeNull();
    expect((await lockStore()).getState().locked).toBe(true);

    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'admin001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo1234' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    await find('dash-balance');
    expect(screen.queryByTestId('lock-overlay')).toBeNull();
    expect((await lockStore()).getState().locked).toBe(false);
  });

  it('the user menu offers the lock only when headerSetting.useLockPage is on', async () => {
    await openDashboard();
    act(() => {
      void appStore().then((s) => s.getState().setProjectConfig({ headerSetting: { useLockPage: false } }));
    });
    await waitFor(async () => expect((await appStore()).getState().projectConfig.headerSetting.useLockPage).toBe(false));
    fireEvent.click(screen.getByTestId('user-menu'));
    await find('signout');
    expect(screen.queryByTestId('lock-screen')).toBeNull();
  });
});
