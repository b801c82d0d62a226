import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenSession, SignInEvent, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click } from '../../../test/ui-actions';

/** The caller's own sessions and sign-in history (`/sessions`) in the whole app against a stubbed server. */
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

const session = (id: number, current: boolean, userAgent: string | null): OpenSession => ({
  id,
  ip: `203.0.113.${id}`,
  userAgent,
  method: id === 7 ? 'CODE' : 'PASSWORD',
  createdAt: `2026-12-03 10:0${id}:00`,
  lastSeenAt: current ? '2026-12-03 12:00:00' : null,
  current,
});

const event = (id: number, result: SignInEvent['result'], secondFactor: SignInEvent['secondFactor'] = null): SignInEvent => ({
  id,
  createdAt: `2026-12-03 09:${String(id).padStart(2, '0')}:00`,
  method: 'PASSWORD',
  secondFactor,
  result,
  ip: '198.51.100.4',
  userAgent: CHROME,
});

let user: UserInfo;
let sessions: OpenSession[];
let requests: Array<{ path: string; body: Record<string, unknown> | null }>;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  requests.push({ path: url.pathname, body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return envelope(dashboardOverview());
    case '/api/manage/sessions/list':
      return envelope(sessions);
    case '/api/manage/sessions/end':
      sessions = sessions.filter((s) => s.id !== body?.id);
      return envelope(null);
    case '/api/manage/sessions/end_others': {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return envelope({ ended });
    }
    case '/api/manage/sessions/history': {
      const page = Number(body?.page);
      const list = page === 1 ? [event(3, 'OK', 'TOTP'), event(2, 'BAD_PASSWORD'), event(1, 'ADDRESS_REFUSED')] : [event(0, 'OK')];
      return envelope({ page, pageSize: body?.pageSize, total: 13, list });
    }
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    user = adminUser({ lvl: 2, accountNo: 'agentB01', permission: { permissions: [] } });
    sessions = [session(9, true, CHROME), session(8, false, IPHONE), session(7, false, 'curl/8.0')];
    requests = [];
  },
});

const calls = (path: string) => requests.filter((r) => r.path === path);
const okButton = async (testId: string) => {
  await click(await findTestId(testId));
};

describe('my sessions', { timeout: 20_000 }, () => {
  it('lists open sessions with the browser in words and this device marked; only the others may be ended', async () => {
    await startApp('/sessions');
    const current = await findTestId('session-9');
    await waitFor(() => expect(current.textContent).toContain('Chrome 131 · Windows 10'));
    expect(within(current).getByTestId('session-this-device').textContent).toBe('This device');
    expect(current.textContent).toContain('203.0.113.9');
    expect(current.textContent).toContain('2026-12-03 12:00:00');
    expect(within(current).queryByTestId('session-end-9')).toBeNull();
    const phone = screen.getByTestId('session-8');
    expect(phone.textContent).toContain('Safari 17 · iOS 17.2');
    expect(within(phone).queryByTestId('session-this-device')).toBeNull();
    // A user agent no parser knows shows as itself; the method in words.
    expect(screen.getByTestId('session-7').textContent).toContain('curl/8.0');
    expect(screen.getByTestId('session-7').textContent).toContain('Phone code');
    expect(calls('/api/manage/sessions/list')[0]!.body).toEqual({});
  });

  it('ends one session after a confirmation, then all the others', async () => {
    await startApp('/sessions');
    await click(await findTestId('session-end-8'));
    await okButton('session-end-ok');
    await waitFor(() => expect(screen.queryByTestId('session-8')).toBeNull());
    expect(calls('/api/manage/sessions/end')).toEqual([{ path: '/api/manage/sessions/end', body: { id: 8 } }]);

    await click(screen.getByTestId('sessions-end-others'));
    expect((await screen.findByText('Your other sessions (1) end; this browser stays signed in.')).textContent).toBeTruthy();
    await okButton('sessions-end-others-ok');
    await waitFor(() => expect(screen.queryByTestId('session-7')).toBeNull());
    expect(calls('/api/manage/sessions/end_others')).toEqual([{ path: '/api/manage/sessions/end_others', body: {} }]);
    // Only this device is left: nothing else to sign out of.
    expect(screen.getByTestId('session-9')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('sessions-end-others') as HTMLButtonElement).disabled).toBe(true));
  });

  it('the sign-in history: results in words and colours, the second step, paged by the server', async () => {
    await startApp('/sessions');
    await click(await findTestId('sessions-tab-history'));
    const ok = await findTestId('sign-in-result-3');
    expect(ok.textContent).toBe('Signed in');
    expect(ok.className).toContain('success');
    expect(screen.getByTestId('sign-in-result-2').textContent).toBe('Wrong password');
    expect(screen.getByTestId('sign-in-result-2').className).toContain('error');
    expect(screen.getByTestId('sign-in-result-1').textContent).toBe('Address not allowed');
    expect(screen.getByTestId('sign-in-result-1').className).toContain('warning');
    expect(screen.getByTestId('sign-in-history').textContent).toContain('Authenticator code');
    expect(calls('/api/manage/sessions/history')[0]!.body).toEqual({ page: 1, pageSize: 10 });

    await click(screen.getByTitle('2'));
    await findTestId('sign-in-result-0');
    expect(calls('/api/manage/sessions/history').at(-1)!.body).toEqual({ page: 2, pageSize: 10 });
  });

  it('is in the user menu of everyone', async () => {
    await startApp('/dashboard');
    await click(await findTestId('user-menu'));
    await click(await findTestId('sessions-open'));
    await waitFor(() => expect(window.location.pathname).toBe('/sessions'));
    expect(await findTestId('open-sessions')).toBeTruthy();
  });
});
