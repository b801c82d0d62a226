import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../test/fixtures';
import { envelope, seedStorage, setUpStubbedApp, startApp } from '../../test/app-harness';

const USER: UserInfo = adminUser({ roles: ['admin'], permission: { permissions: [] } });

const OVERVIEW = dashboardOverview({ balance: '1234567.5', directAgents: 3, directPlayers: 7, subtreeAgents: 21, subtreePlayers: 100 });

let calls: string[];

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  calls.push(`${init.method} ${url.pathname}`);
  const signedIn = (init.headers as Record<string, string>).Authorization === 'Bearer good-token';
  switch (url.pathname) {
    case '/api/manage/signin': {
      const body = JSON.parse(String(init.body)) as { password: string };
      if (body.password !== 'Demo1234') return envelope(null, 1001, 'Wrong account or password', 400);
      return envelope({ token: 'good-token', expiresAt: '2099-01-01 00:00:00', user: USER });
    }
    case '/api/manage/userinfo':
      return signedIn ? envelope(USER) : envelope(null, 401, 'expired', 401);
    case '/api/getPermCode':
      return signedIn ? envelope([]) : envelope(null, 401, 'expired', 401);
    case '/api/manage/dashboard/overview':
      return signedIn ? envelope(OVERVIEW) : envelope(null, 401, 'expired', 401);
    case '/api/manage/signout':
      return envelope(null);
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

setUpStubbedApp({
  signedIn: false,
  server,
  reset: () => {
    calls = [];
  },
});

describe('sign-in flow', { timeout: 20_000 }, () => {
  it('a deep link while signed out goes to login, then back to the deep link after sign-in', async () => {
    await startApp('/dashboard/workbench');
    const account = await screen.findByTestId('login-account', {}, { timeout: 5000 });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard/workbench');
    expect(document.documentElement.lang).toBe('en');

    fireEvent.change(account, { target: { value: 'admin001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope-nope' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    expect((await screen.findByTestId('login-error', {}, { timeout: 5000 })).textContent).toBe('Wrong account or password');
    // Said once, in the form: no toast repeats it (a toast would render within the next frames).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getAllByText('Wrong account or password')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo1234' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    const balance = await screen.findByTestId('dash-balance', {}, { timeout: 5000 });
    expect(balance.textContent).toBe('1,234,567.50');
    expect(screen.getByTestId('dash-direct-players').textContent).toBe('7');
    expect(window.location.pathname).toBe('/dashboard/workbench');
    expect(calls).toContain('GET /api/getPermCode');
    await waitFor(() => expect(document.title).toBe('Workbench - Agent Back Office'));
  });

  it('rejects a malformed account id with the translated field message, without calling the server', async () => {
    await startApp('/login');
    const account = await screen.findByTestId('login-account', {}, { timeout: 5000 });
    fireEvent.change(account, { target: { value: 'ab' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'x' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    expect(await screen.findByText('The account must be 8–12 letters or digits', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.includes('signin'))).toHaveLength(0);
  });

  it('a stored but revoked token ends on login with the redirect query', async () => {
    seedStorage({ signedIn: true, token: 'revoked' });
    await startApp('/dashboard');
    await screen.findByTestId('login-account', {}, { timeout: 5000 });
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/dashboard');
  });

  it('an unknown path shows the error page once signed in', async () => {
    seedStorage({ signedIn: true });
    await startApp('/no/such/page');
    expect(await screen.findByTestId('error-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('side-menu').textContent).toContain('Dashboard');
    // The header says which site the operator is on.
    expect(screen.getByTestId('header-site').textContent).toBe('Taiwan main site');
  });

  it('a screen this user may not open shows the no-permission page, and asks nothing of it', async () => {
    seedStorage({ signedIn: true });
    await startApp('/store/points');
    const page = await screen.findByTestId('error-page', {}, { timeout: 5000 });
    expect(page.dataset.kind).toBe('forbidden');
    expect(page.textContent).toContain('No permission');
    // The header and the tab say so too, not "page not found".
    await waitFor(() => expect(screen.getByTestId('page-heading').textContent).toBe('No permission'));
    expect(calls.filter((c) => c.includes('/store/'))).toEqual([]);
  });
});
