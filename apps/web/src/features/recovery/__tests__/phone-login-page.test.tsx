import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, messages, type } from '../../../test/ui-actions';

/** Sign-in with a phone code (`/login/phone`) in the whole app, against a stubbed server. */
const USER: UserInfo = adminUser({ accountNo: 'agent0001', nickName: 'Phone agent', roles: ['admin'], permission: { permissions: [] } });

let requests: Array<{ path: string; body: unknown }>;
/** What the server answers to "send a code": accepted, or too many requests. */
let sendAnswer: 'accepted' | 'throttled';

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
  requests.push({ path: url.pathname, body });
  const signedIn = (init.headers as Record<string, string>).Authorization === 'Bearer code-token';
  switch (url.pathname) {
    case '/api/manage/signin/code/send':
      return sendAnswer === 'accepted'
        ? envelope({ accepted: true })
        : envelope(null, 429, 'Too many requests, please try again later', 429);
    case '/api/manage/signin/code':
      if (body?.code !== '123456') return envelope(null, 1013, 'The code is wrong or no longer valid; ask for a new one', 400);
      return envelope({ token: 'code-token', expiresAt: '2099-01-01 00:00:00', user: USER });
    case '/api/manage/userinfo':
      return signedIn ? envelope(USER) : envelope(null, 401, 'expired', 401);
    case '/api/getPermCode':
      return signedIn ? envelope([]) : envelope(null, 401, 'expired', 401);
    case '/api/manage/dashboard/overview':
      return signedIn ? envelope(dashboardOverview()) : envelope(null, 401, 'expired', 401);
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: false,
  server,
  reset: () => {
    requests = [];
    sendAnswer = 'accepted';
  },
  after: () => vi.useRealTimers(),
});

const calls = (path: string) => requests.filter((r) => r.path === path);
const sendButton = () => screen.getByTestId('phone-send') as HTMLButtonElement;

describe('sign-in with a phone code', () => {
  it('checks the account or phone number before asking for a code', async () => {
    await startApp('/login/phone');
    const identifier = await findTestId('phone-identifier');
    expect(identifier.getAttribute('placeholder')).toBe('Account, or +886912345678');
    await click(sendButton());
    expect(await screen.findByText('Please enter your account or phone number')).toBeTruthy();
    await type(identifier, '0912-345-678');
    await click(sendButton());
    expect(await screen.findByText('Enter an account (8–12 letters or digits) or a phone number such as +886912345678')).toBeTruthy();
    // A code: six digits.
    await type(identifier, 'agent0001');
    await type(screen.getByTestId('phone-code'), '12a');
    await click(screen.getByTestId('phone-submit'));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(calls('/api/manage/signin/code/send')).toEqual([]);
    expect(calls('/api/manage/signin/code')).toEqual([]);
  });

  it('asks for a code, says so without saying whether the account has a phone, and counts a minute down before the next', async () => {
    await startApp('/login/phone');
    const identifier = await findTestId('phone-identifier');
    const code = screen.getByTestId('phone-code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(sendButton().textContent).toBe('Send code');

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // A phone number as people write it goes out in the form the server reads.
    await type(identifier, '+886 912-345 678');
    await click(sendButton());
    expect((await findTestId('phone-sent')).textContent).toBe(
      'If this account has a proved phone number, a code is on its way to it. The code is valid for 5 minutes.',
    );
    expect(calls('/api/manage/signin/code/send').map((r) => r.body)).toEqual([{ identifier: '+886912345678' }]);
    await waitFor(() => expect(sendButton().textContent).toBe('Send again in 60 s'));
    expect(sendButton().disabled).toBe(true);
    expect(document.activeElement).toBe(code);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(sendButton().textContent).toBe('Send again in 59 s');
    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(sendButton().textContent).toBe('Send again in 1 s');
    expect(sendButton().disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(sendButton().textContent).toBe('Send again');
    expect(sendButton().disabled).toBe(false);

    await click(sendButton());
    await waitFor(() => expect(calls('/api/manage/signin/code/send')).toHaveLength(2));
    await waitFor(() => expect(sendButton().textContent).toBe('Send again in 60 s'));
  });

  it('shows the refusal of too many requests, and starts no countdown', async () => {
    sendAnswer = 'throttled';
    await startApp('/login/phone');
    await type(await findTestId('phone-identifier'), 'agent0001');
    await click(sendButton());
    expect((await findTestId('phone-error')).textContent).toBe('Too many requests, please try again later');
    expect(screen.queryByTestId('phone-sent')).toBeNull();
    expect(sendButton().disabled).toBe(false);
    expect(sendButton().textContent).toBe('Send code');
  });

  it('a wrong code is refused in the form; the right one signs in as the password does and moves on', async () => {
    await startApp('/login/phone?redirect=/dashboard/workbench');
    await type(await findTestId('phone-identifier'), 'agent0001');
    await type(screen.getByTestId('phone-code'), '654321');
    await click(screen.getByTestId('phone-submit'));
    expect((await findTestId('phone-error')).textContent).toBe('The code is wrong or no longer valid; ask for a new one');
    expect(window.location.pathname).toBe('/login/phone');

    await type(screen.getByTestId('phone-code'), '123456');
    await click(screen.getByTestId('phone-submit'));
    expect(calls('/api/manage/signin/code').map((r) => r.body)).toEqual([
      { identifier: 'agent0001', code: '654321' },
      { identifier: 'agent0001', code: '123456' },
    ]);
    // applySignin took the session into use: the store holds the new token, the signed-in
    // calls carry it, and the login guard went on to the redirect target, with the welcome toast.
    await findTestId('dash-balance');
    expect(window.location.pathname).toBe('/dashboard/workbench');
    const { useUserStore } = await import('../../../stores/user-store');
    expect(useUserStore.getState().token).toBe('code-token');
    expect(useUserStore.getState().userInfo?.accountNo).toBe('agent0001');
    await waitFor(() => expect(messages()).toContain('Welcome back, Phone agent'));
  });

  it('links back to the password sign-in, keeping where to go after it', async () => {
    await startApp('/login/phone?redirect=/report');
    const back = await findTestId('recovery-password-login');
    expect(back.getAttribute('href')).toBe('/login?redirect=/report');
    await click(back);
    expect(await findTestId('login-account')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('is linked from the sign-in page, with forgot password beside it', async () => {
    await startApp('/login?redirect=/report');
    const forgot = await findTestId('login-forgot');
    expect(forgot.textContent).toBe('Forgot password?');
    expect(forgot.getAttribute('href')).toBe('/forgot-password');
    const phone = screen.getByTestId('login-phone');
    expect(phone.textContent).toBe('Sign in with a phone code');
    await click(phone);
    expect(await findTestId('phone-identifier')).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login/phone?redirect=/report');
  });
});
