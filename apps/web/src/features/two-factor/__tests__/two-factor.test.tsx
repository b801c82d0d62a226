import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionStep, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, seedStorage, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, type } from '../../../test/ui-actions';

/** Two-step verification in the whole app against a stubbed server: the login's second step, enrolment, turning it off. */
const user = (sessionStep: SessionStep | null): UserInfo =>
  adminUser({ accountNo: 'agent0002', nickName: 'Two step', roles: ['admin'], permission: { permissions: [] }, sessionStep });

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

let requests: Array<{ path: string; body: Record<string, string> | null }>;
let step: SessionStep | null;
let enrolled: boolean;
/** How the server answers a second-factor code at sign-in. */
let challengeState: 'open' | 'expired';

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
  requests.push({ path: url.pathname, body });
  const signedIn = /^Bearer (good-token|new-token)$/.test((init.headers as Record<string, string>).Authorization ?? '');
  if (!signedIn && !url.pathname.startsWith('/api/manage/signin')) return envelope(null, 401, 'expired', 401);
  switch (url.pathname) {
    case '/api/manage/signin':
      return envelope({ secondFactor: { challenge: 'c'.repeat(43), expiresAt: '2099-01-01 00:05:00' } });
    case '/api/manage/signin/second_factor':
      if (challengeState === 'expired') return envelope(null, 1019, 'This sign-in took too long; enter your password again', 401);
      if (body?.code !== '123456' && body?.code !== CODES[0]) {
        return envelope(null, 1017, 'The authenticator or recovery code is wrong or already used', 400);
      }
      return envelope({ token: 'new-token', expiresAt: '2099-01-01 00:00:00', user: user(null) });
    case '/api/manage/userinfo':
      return envelope(user(step));
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return envelope(dashboardOverview());
    case '/api/manage/second_factor/status':
      return envelope({ enrolled, required: step !== null, recoveryCodesLeft: enrolled ? 10 : 0 });
    case '/api/manage/second_factor/start':
      return envelope({
        uri: 'otpauth://totp/Site:agent0002?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      });
    case '/api/manage/second_factor/confirm':
      if (body?.code !== '123456') return envelope(null, 1017, 'The authenticator or recovery code is wrong or already used', 400);
      enrolled = true;
      step = null;
      return envelope({ recoveryCodes: CODES });
    case '/api/manage/second_factor/disable':
      if (body?.code !== '654321') return envelope(null, 1017, 'The authenticator or recovery code is wrong or already used', 400);
      enrolled = false;
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
    enrolled = false;
    challengeState = 'open';
  },
});

const calls = (path: string) => requests.filter((r) => r.path === path);

async function password() {
  await type(await findTestId('login-account'), 'agent0002');
  await type(screen.getByTestId('login-password'), 'Secret123');
  await click(screen.getByTestId('login-submit'));
}

describe("the login's second step", () => {
  it('asks for the code after the password; a wrong code is said and cleared; the right one signs in', async () => {
    await startApp('/login');
    await password();
    const code = await findTestId('second-factor-code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await type(code, '12a');
    await click(screen.getByTestId('second-factor-submit'));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(calls('/api/manage/signin/second_factor')).toEqual([]);

    await type(screen.getByTestId('second-factor-code'), '000000');
    await click(screen.getByTestId('second-factor-submit'));
    expect((await findTestId('second-factor-error')).textContent).toBe('The authenticator or recovery code is wrong or already used');
    expect((screen.getByTestId('second-factor-code') as HTMLInputElement).value).toBe('');

    await type(screen.getByTestId('second-factor-code'), '123456');
    await click(screen.getByTestId('second-factor-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(calls('/api/manage/signin/second_factor').at(-1)!.body).toEqual({ challenge: 'c'.repeat(43), code: '123456' });
  });

  it('takes a recovery code instead', async () => {
    await startApp('/login');
    await password();
    await click(await findTestId('second-factor-switch'));
    await type(screen.getByTestId('second-factor-code'), CODES[0]!);
    await click(screen.getByTestId('second-factor-submit'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('an ended challenge goes back to the password with the reason, and signs nobody out', async () => {
    challengeState = 'expired';
    await startApp('/login');
    await password();
    await type(await findTestId('second-factor-code'), '123456');
    await click(screen.getByTestId('second-factor-submit'));
    expect((await findTestId('login-error')).textContent).toBe('This sign-in took too long; enter your password again');
    expect((screen.getByTestId('login-account') as HTMLInputElement).value).toBe('agent0002');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('');
    expect(window.location.pathname).toBe('/login');
  });
});

describe('enrolment', () => {
  it('a session that must enrol is taken to the page; QR, secret, first code, recovery codes, then home', async () => {
    step = 'ENROL_SECOND_FACTOR';
    seedStorage({ signedIn: true });
    await startApp('/dashboard');
    expect(await findTestId('two-factor-required')).toBeTruthy();
    expect(window.location.pathname).toBe('/two-factor');
    await click(await findTestId('two-factor-start'));
    expect((await findTestId('two-factor-secret')).textContent).toContain('JBSW Y3DP');
    expect(screen.getByTestId('two-factor-qr')).toBeTruthy();

    await type(screen.getByTestId('two-factor-code'), '111111');
    await click(screen.getByTestId('two-factor-confirm'));
    expect((await findTestId('two-factor-error')).textContent).toBe('The authenticator or recovery code is wrong or already used');
    await type(screen.getByTestId('two-factor-code'), '123456');
    await click(screen.getByTestId('two-factor-confirm'));
    const shown = await screen.findAllByTestId('two-factor-recovery-code');
    expect(shown.map((c) => c.textContent)).toEqual(CODES);
    // The codes stay until the person says they saved them, even though the server's step is over.
    expect(window.location.pathname).toBe('/two-factor');
    await click(screen.getByTestId('two-factor-saved'));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('when on: the codes left, and turning it off takes a right code', async () => {
    enrolled = true;
    seedStorage({ signedIn: true });
    await startApp('/two-factor');
    expect((await findTestId('two-factor-recovery-left')).textContent).toBe('10');
    await type(screen.getByTestId('two-factor-disable-code'), 'nope');
    await click(screen.getByTestId('two-factor-disable-submit'));
    expect(await screen.findByText('Enter the 6-digit code or a recovery code (abcde-fghjk)')).toBeTruthy();
    await type(screen.getByTestId('two-factor-disable-code'), '123456');
    await click(screen.getByTestId('two-factor-disable-submit'));
    expect((await findTestId('two-factor-error')).textContent).toBe('The authenticator or recovery code is wrong or already used');
    await type(screen.getByTestId('two-factor-disable-code'), '654321');
    await click(screen.getByTestId('two-factor-disable-submit'));
    expect(await findTestId('two-factor-start')).toBeTruthy();
  });
});
