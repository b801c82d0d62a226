import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionStep, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, seedStorage, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, type } from '../../../test/ui-actions';

/**
 * The forced change of a handed-out password in the whole app against a stubbed server: where a
 * session that must change it is taken (from the sign-in's answer, from user info, from any call
 * refused with PASSWORD_CHANGE_REQUIRED), what the page asks and where it goes next.
 */
const HANDED = 'Hand0ver99';
const user = (sessionStep: SessionStep | null): UserInfo =>
  adminUser({ id: 40, lvl: 1, accountNo: 'agent0040', nickName: 'New agent', permission: { permissions: [] }, sessionStep });

let requests: Array<{ path: string; body: Record<string, string> | null }>;
let step: SessionStep | null;
/** What the session must do once the password is changed. */
let nextStep: SessionStep | null;
/** User info leaves the step out (an answer from before the step): only a refused call tells the app. */
let infoWithoutStep: boolean;
/** The account has a second factor: the password answers a challenge, the code the session. */
let withSecondFactor: boolean;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
  requests.push({ path: url.pathname, body });
  const signedIn = /^Bearer (good-token|new-token)$/.test((init.headers as Record<string, string>).Authorization ?? '');
  if (!signedIn && !url.pathname.startsWith('/api/manage/signin')) return envelope(null, 401, 'expired', 401);
  const refused = () => envelope(null, 1015, 'Choose a new password before going on: the current one was set for you', 403);
  switch (url.pathname) {
    case '/api/manage/signin':
      if (withSecondFactor) return envelope({ secondFactor: { challenge: 'c'.repeat(43), expiresAt: '2099-01-01 00:05:00' } });
      step = 'CHANGE_PASSWORD';
      return envelope({ token: 'new-token', expiresAt: '2099-01-01 00:00:00', user: user(step) });
    case '/api/manage/signin/second_factor':
      step = 'CHANGE_PASSWORD';
      return envelope({ token: 'new-token', expiresAt: '2099-01-01 00:00:00', user: user(step) });
    case '/api/manage/userinfo':
      return envelope(user(infoWithoutStep ? null : step));
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return step === 'CHANGE_PASSWORD' ? refused() : envelope(dashboardOverview());
    case '/api/manage/change_account_info':
      if (body?.oldPassword !== HANDED) return envelope(null, 2010, 'The current password is wrong', 400);
      step = nextStep;
      return envelope(null);
    case '/api/manage/signout':
      return envelope(null);
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: false,
  server,
  reset: () => {
    requests = [];
    step = null;
    nextStep = null;
    infoWithoutStep = false;
    withSecondFactor = false;
  },
});

const calls = (path: string) => requests.filter((r) => r.path === path);

async function newPassword(password: string, confirm = password) {
  await type(await findTestId('change-password-new'), password);
  await type(screen.getByTestId('change-password-confirm'), confirm);
  await click(screen.getByTestId('change-password-submit'));
}

describe('the forced password change', { timeout: 20_000 }, () => {
  it('right after signing in with a handed-out password: asks only for the new one (the typed one is kept), then home', async () => {
    await startApp('/login');
    await type(await findTestId('login-account'), 'agent0040');
    await type(screen.getByTestId('login-password'), HANDED);
    await click(screen.getByTestId('login-submit'));
    expect(await findTestId('change-password-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/change-password');
    expect(screen.getByTestId('change-password-account').textContent).toBe('Account agent0040');
    // No layout: its calls would only be refused.
    expect(screen.queryByTestId('app-header')).toBeNull();
    expect(screen.queryByTestId('change-password-old')).toBeNull();

    // The same password again is refused here, before the server is asked.
    await newPassword(HANDED);
    expect(await screen.findByText('Choose a password different from the one you were given')).toBeTruthy();
    await newPassword('Mine2keep77', 'Mine2keep78');
    expect(await screen.findByText('The two new passwords differ')).toBeTruthy();
    expect(calls('/api/manage/change_account_info')).toEqual([]);

    await newPassword('Mine2keep77');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls('/api/manage/change_account_info')).toEqual([
      { path: '/api/manage/change_account_info', body: { oldPassword: HANDED, newPassword: 'Mine2keep77' } },
    ]);
    expect(await findTestId('app-header')).toBeTruthy();
  });

  it('with a second factor in between, the password typed before the code is still the one not asked again', async () => {
    withSecondFactor = true;
    await startApp('/login');
    await type(await findTestId('login-account'), 'agent0040');
    await type(screen.getByTestId('login-password'), HANDED);
    await click(screen.getByTestId('login-submit'));
    await type(await findTestId('second-factor-code'), '123456');
    await click(screen.getByTestId('second-factor-submit'));
    expect(await findTestId('change-password-page')).toBeTruthy();
    expect(screen.queryByTestId('change-password-old')).toBeNull();
    await newPassword('Mine2keep77');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls('/api/manage/change_account_info').at(-1)!.body).toEqual({ oldPassword: HANDED, newPassword: 'Mine2keep77' });
  });

  it('after a reload the app no longer has the password: it asks for it, shows a wrong one, then goes on to enrolment', async () => {
    step = 'CHANGE_PASSWORD';
    nextStep = 'ENROL_SECOND_FACTOR';
    seedStorage({ signedIn: true });
    await startApp('/dashboard');
    expect(await findTestId('change-password-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/change-password');
    // Nothing of the dashboard was asked for.
    expect(calls('/api/manage/dashboard/overview')).toEqual([]);

    await type(screen.getByTestId('change-password-old'), 'Wrong1234');
    await newPassword('Mine2keep77');
    expect((await findTestId('change-password-error')).textContent).toBe('The current password is wrong');
    expect(window.location.pathname).toBe('/change-password');

    await type(screen.getByTestId('change-password-old'), HANDED);
    await click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/two-factor'));
    expect(calls('/api/manage/change_account_info').at(-1)!.body).toEqual({ oldPassword: HANDED, newPassword: 'Mine2keep77' });
  });

  it('any call refused with PASSWORD_CHANGE_REQUIRED takes the session to the page', async () => {
    step = 'CHANGE_PASSWORD';
    infoWithoutStep = true;
    seedStorage({ signedIn: true });
    await startApp('/dashboard');
    expect(await findTestId('change-password-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/change-password');
    expect(calls('/api/manage/dashboard/overview').length).toBeGreaterThan(0);
  });

  it('a page reached without the step goes home', async () => {
    seedStorage({ signedIn: true });
    await startApp('/change-password');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByTestId('change-password-page')).toBeNull();
  });

  it('sign out leaves for the login page', async () => {
    step = 'CHANGE_PASSWORD';
    seedStorage({ signedIn: true });
    await startApp('/change-password');
    await click(await findTestId('change-password-signout'));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(calls('/api/manage/signout')).toHaveLength(1);
  });
});
