import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../test/app-harness';
import { runOnTestClock } from '../../test/clock';

/**
 * The codes are the server's (roles ∪ grant, narrowed by the parent), computed per request: the
 * app asks for them again on navigation and on window focus and follows them without a sign-out.
 */

const USER: UserInfo = adminUser({ roles: ['agent'], lvl: 1, permission: { permissions: [] } });

let codes: string[];
let calls: string[];

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  calls.push(`${init.method} ${url.pathname}`);
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(USER);
    case '/api/getPermCode':
      return envelope(codes);
    case '/api/manage/dashboard/overview':
      return envelope(dashboardOverview());
    case '/api/manage/provider/list':
      return envelope({ providers: [], abilities: { maintain: true, offer: false, reconcile: false } });
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

// Only Date is replaced, standing still, from the first hook on (so the seeded session is dated
// by the same clock as the page); the tests move it past the check interval.
runOnTestClock();

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    codes = ['PROVIDER_MAINTAIN'];
    calls = [];
  },
});

const permCodeCalls = () => calls.filter((c) => c === 'GET /api/getPermCode').length;
const later = () => vi.setSystemTime(Date.now() + 6_000);
const menu = () => screen.getByTestId('side-menu');
const MESSAGE = 'Your permissions changed; this page is no longer available';

describe('the routes follow the server codes', { timeout: 30_000 }, () => {
  it('codes that change between two navigations take the entry off the menu and a page that lost them goes home with the message', async () => {
    await startApp('/dashboard');
    await findTestId('dash-balance');
    expect(menu().textContent).toContain('Game providers');
    expect(permCodeCalls()).toBe(1);

    // A navigation within the interval asks nothing.
    await act(async () => {
      fireEvent.click(within(menu()).getByText('Members'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/member/index'));
    expect(permCodeCalls()).toBe(1);

    // The codes are taken away; the next navigation (to the page about to lose them) asks again.
    codes = [];
    later();
    await act(async () => {
      fireEvent.click(within(menu()).getByText('Game providers'));
    });
    await waitFor(() => expect(permCodeCalls()).toBe(2));
    await waitFor(() => expect(menu().textContent).not.toContain('Game providers'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText(MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(calls).not.toContain('POST /api/manage/signout');
  });

  it('codes given back while away show the entry again when the window regains focus; a page that keeps them stays', async () => {
    codes = [];
    await startApp('/member/index');
    await waitFor(() => expect(menu().textContent).toContain('Members'));
    expect(menu().textContent).not.toContain('Game providers');

    codes = ['PROVIDER_MAINTAIN'];
    later();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(menu().textContent).toContain('Game providers'));
    expect(window.location.pathname).toBe('/member/index');
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('on focus, the page that lost its codes goes home with the message', async () => {
    await startApp('/provider/index');
    await findTestId('provider-page');

    codes = [];
    later();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText(MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(menu().textContent).not.toContain('Game providers');
  });
});
