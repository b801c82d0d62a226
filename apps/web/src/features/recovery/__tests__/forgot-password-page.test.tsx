import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, type } from '../../../test/ui-actions';

/** Forgot password (`/forgot-password`) in the whole app, against a stubbed server. */
let requests: Array<{ path: string; body: unknown }>;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
  requests.push({ path: url.pathname, body });
  switch (url.pathname) {
    // The same answer for every account, as the server gives it.
    case '/api/manage/password/forgot':
      return envelope({ accepted: true });
    case '/api/manage/password/reset_by_code':
      if (body?.code !== '246810') return envelope(null, 1013, 'The code is wrong or no longer valid; ask for a new one', 400);
      return envelope({ accepted: true });
    default:
      return envelope(null, 401, 'expired', 401);
  }
}

setUpStubbedApp({
  signedIn: false,
  server,
  reset: () => {
    requests = [];
  },
  after: () => vi.useRealTimers(),
});

const calls = (path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

async function ask(accountNo: string, way: 'UPPER' | 'sms' | 'email'): Promise<void> {
  await type(await findTestId('forgot-account'), accountNo);
  await click(screen.getByTestId(`forgot-way-${way}`));
  await click(screen.getByTestId('forgot-submit'));
}

describe('forgot password', () => {
  it('checks the account number before asking', async () => {
    await startApp('/forgot-password');
    await click(await findTestId('forgot-submit'));
    expect(await screen.findByText('Please enter your account')).toBeTruthy();
    await type(screen.getByTestId('forgot-account'), 'ab-1');
    await click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('The account must be 8–12 letters or digits')).toBeTruthy();
    expect(calls('/api/manage/password/forgot')).toEqual([]);
    expect(screen.getByTestId('recovery-back-login').getAttribute('href')).toBe('/login');
  });

  it('asks the upper agent, and answers without saying whether the account exists', async () => {
    await startApp('/forgot-password');
    // The upper agent is the way chosen unless another is.
    await type(await findTestId('forgot-account'), 'nobody0001');
    await click(screen.getByTestId('forgot-submit'));
    expect((await findTestId('forgot-sent')).textContent).toBe(
      'If the account nobody0001 exists and has an upper agent, your request is now with them. They will reset your password and hand you the new one; then sign in with it.',
    );
    expect(calls('/api/manage/password/forgot')).toEqual([{ accountNo: 'nobody0001', via: 'UPPER' }]);
    // No code to enter on this way; back to sign-in is there.
    expect(screen.queryByTestId('forgot-code')).toBeNull();
    await click(screen.getByTestId('recovery-back-login'));
    await findTestId('login-account');
    expect(window.location.pathname).toBe('/login');
  });

  it('by a code: the neutral answer, then the code and a new password checked, then done', async () => {
    await startApp('/forgot-password');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await ask('agent0001', 'sms');
    expect((await findTestId('forgot-sent')).textContent).toBe(
      'If the account agent0001 exists and has a proved phone number, a 6-digit code is on its way to it. The code is valid for 5 minutes.',
    );
    expect(calls('/api/manage/password/forgot')).toEqual([{ accountNo: 'agent0001', via: 'sms' }]);
    const resend = screen.getByTestId('forgot-send') as HTMLButtonElement;
    expect(resend.textContent).toBe('Send again in 60 s');
    expect(resend.disabled).toBe(true);
    // A minute later a new code may be asked for, the same way.
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(resend.textContent).toBe('Send again in 1 s');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(resend.textContent).toBe('Send again');
    expect(resend.disabled).toBe(false);
    vi.useRealTimers();
    await click(resend);
    await waitFor(() => expect(calls('/api/manage/password/forgot')).toHaveLength(2));
    expect(calls('/api/manage/password/forgot')[1]).toEqual({ accountNo: 'agent0001', via: 'sms' });
    await waitFor(() => expect(resend.textContent).toMatch(/^Send again in (60|59) s$/));

    // The fields are checked first: code, the shared password rule, the confirmation.
    await click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText('Please enter the code')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByText('Please enter the new password again')).toBeTruthy();
    await type(screen.getByTestId('forgot-code'), '24681');
    await type(screen.getByTestId('forgot-password'), 'short1');
    await type(screen.getByTestId('forgot-confirm'), 'short2');
    await click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(screen.getByText('The password needs at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords differ')).toBeTruthy();
    await type(screen.getByTestId('forgot-password'), 'longenough');
    await click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText('The password needs a digit')).toBeTruthy();
    expect(calls('/api/manage/password/reset_by_code')).toEqual([]);

    // A wrong code: the server's refusal in the form, which stays.
    await type(screen.getByTestId('forgot-code'), '111111');
    await type(screen.getByTestId('forgot-password'), 'NewPass2026');
    await type(screen.getByTestId('forgot-confirm'), 'NewPass2026');
    await click(screen.getByTestId('forgot-reset'));
    expect((await findTestId('forgot-error')).textContent).toBe('The code is wrong or no longer valid; ask for a new one');

    await type(screen.getByTestId('forgot-code'), '246810');
    await click(screen.getByTestId('forgot-reset'));
    expect(await findTestId('forgot-done')).toBeTruthy();
    expect(screen.getByText('Your password has been changed')).toBeTruthy();
    expect(calls('/api/manage/password/reset_by_code')).toEqual([
      { accountNo: 'agent0001', code: '111111', password: 'NewPass2026' },
      { accountNo: 'agent0001', code: '246810', password: 'NewPass2026' },
    ]);
    await click(screen.getByTestId('forgot-signin'));
    await findTestId('login-account');
    expect(window.location.pathname).toBe('/login');
  });

  it('by e-mail says so, and another way can be chosen with the account kept', async () => {
    await startApp('/forgot-password');
    await ask('agent0002', 'email');
    expect((await findTestId('forgot-sent')).textContent).toBe(
      'If the account agent0002 exists and has a proved e-mail address, a 6-digit code is on its way to it. The code is valid for 5 minutes.',
    );
    await click(screen.getByTestId('forgot-other-way'));
    expect(((await findTestId('forgot-account')) as HTMLInputElement).value).toBe('agent0002');
    await click(screen.getByTestId('forgot-way-UPPER'));
    await click(screen.getByTestId('forgot-submit'));
    await findTestId('forgot-sent');
    expect(calls('/api/manage/password/forgot')).toEqual([
      { accountNo: 'agent0002', via: 'email' },
      { accountNo: 'agent0002', via: 'UPPER' },
    ]);
  });
});
