import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QrWaitResponse, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, messages, type } from '../../../test/ui-actions';

/** The asking browser's QR sign-in (`/login/qr`) in the whole app, against a stubbed server. */
const USER: UserInfo = adminUser({ accountNo: 'agent0003', nickName: 'QR agent', roles: ['admin'], permission: { permissions: [] } });
const SIGNED_IN = { token: 'qr-token', expiresAt: '2099-01-01 00:00:00', user: USER };
const token = (n: number) => `picture-token-${n}`.padEnd(43, 'x');
const waitToken = (n: number) => `wait-token-${n}`.padEnd(43, 'y');

let requests: Array<{ path: string; body: Record<string, string> | null }>;
/** Codes handed out so far. */
let started: number;
/** Wait calls open on the "server" right now, and the most ever open at once. */
let open: number;
let mostOpen: number;
/** What the next wait call answers: held like the real long poll (PENDING after 25 s unless decided first), or at once. */
let nextWait: Array<'expired' | QrWaitResponse>;
/** Decides the wait call now held. */
let decide: ((answer: QrWaitResponse) => void) | null;
/** "start" answers only once released, so a test can take the clock over first. */
let holdStart: Promise<void> | null;

const expiredEnvelope = () => envelope(null, 1021, 'This QR code has expired; ask for a new one', 410);

function held(signal: AbortSignal | null | undefined): Promise<Response> {
  open += 1;
  mostOpen = Math.max(mostOpen, open);
  return new Promise<Response>((resolve, reject) => {
    let done = false;
    const finish = (answer: QrWaitResponse) => {
      if (done) return;
      done = true;
      open -= 1;
      decide = null;
      clearTimeout(timer);
      resolve(envelope(answer));
    };
    const timer = setTimeout(() => finish({ status: 'PENDING' }), 25_000);
    decide = finish;
    signal?.addEventListener('abort', () => {
      if (done) return;
      done = true;
      open -= 1;
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });
}

async function server(path: string, init: RequestInit): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
  requests.push({ path: url.pathname, body });
  const signedIn = (init.headers as Record<string, string>).Authorization === 'Bearer qr-token';
  switch (url.pathname) {
    case '/api/manage/signin/qr/start':
      if (holdStart) await holdStart;
      started += 1;
      return envelope({ token: token(started), waitToken: waitToken(started), expiresIn: 120 });
    case '/api/manage/signin/qr/wait': {
      const answer = nextWait.shift();
      if (answer === 'expired') return expiredEnvelope();
      if (answer) return envelope(answer);
      return held(init.signal);
    }
    case '/api/manage/signin':
      return envelope(SIGNED_IN);
    case '/api/manage/userinfo':
      return signedIn ? envelope(USER) : envelope(null, 401, 'expired', 401);
    case '/api/getPermCode':
      return signedIn ? envelope([]) : envelope(null, 401, 'expired', 401);
    case '/api/manage/dashboard/overview':
      return signedIn ? envelope(dashboardOverview()) : envelope(null, 401, 'expired', 401);
    case '/api/manage/qr/show':
      return envelope({ ip: '198.51.100.7', userAgent: null, createdAt: '2026-12-01 10:00:00', confirmWith: 'PASSWORD' });
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: false,
  server,
  reset: () => {
    requests = [];
    started = 0;
    open = 0;
    mostOpen = 0;
    nextWait = [];
    decide = null;
    holdStart = null;
  },
  after: () => vi.useRealTimers(),
});

const calls = (path: string) => requests.filter((r) => r.path === path);
const code = () => screen.getByTestId('qr-login-code');

describe('QR sign-in, the asking page', () => {
  it('shows the request’s approval link, waits one call at a time, and asks for a new code ten seconds before it expires', async () => {
    let release!: () => void;
    holdStart = new Promise((resolve) => (release = resolve));
    await startApp('/login/qr');
    await findTestId('qr-login-page');
    // The route's progress bar ends on the real clock first (its last steps are timers too).
    await waitFor(() => expect(document.getElementById('nprogress')).toBeNull());
    // The clock is the test's from before the first code arrives: its refresh is then on this clock too.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await act(async () => release());
    // testing-library's waitFor runs on the timers taken over here: the clock is moved instead.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(code().getAttribute('data-url')).toBe(`${window.location.origin}/qr?t=${token(1)}`);
    // The picture itself is named (antd's <svg role="img">), so nothing on the page is an unnamed image.
    const picture = code().querySelector('svg');
    expect(picture?.getAttribute('role')).toBe('img');
    expect(picture?.getAttribute('aria-label')).toBe('QR code for signing in');
    expect(code().querySelectorAll('[role="img"]:not([aria-label])')).toHaveLength(0);
    expect(screen.getByTestId('qr-login-countdown').textContent).toBe('A new code in 1:50');
    expect(calls('/api/manage/signin/qr/wait').map((r) => r.body)).toEqual([{ waitToken: waitToken(1) }]);

    // The server holds each call up to 25 s and answers "pending"; the next call follows at once,
    // and never two at a time.
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(calls('/api/manage/signin/qr/wait')).toHaveLength(2);
    expect(screen.getByTestId('qr-login-countdown').textContent).toBe('A new code in 1:25');
    await act(() => vi.advanceTimersByTimeAsync(84_000));
    expect(calls('/api/manage/signin/qr/start')).toHaveLength(1);
    expect(calls('/api/manage/signin/qr/wait')).toHaveLength(5);

    // 110 s after the first code: a new one, and the wait for the old one is dropped.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(code().getAttribute('data-url')).toBe(`${window.location.origin}/qr?t=${token(2)}`);
    expect(calls('/api/manage/signin/qr/start')).toHaveLength(2);
    expect(calls('/api/manage/signin/qr/wait').at(-1)?.body).toEqual({ waitToken: waitToken(2) });
    expect(screen.getByTestId('qr-login-countdown').textContent).toBe('A new code in 1:50');
    expect(open).toBe(1);
    expect(mostOpen).toBe(1);
  });

  it('an approval signs the browser in as the other sign-in pages do, and goes home', async () => {
    await startApp('/login/qr');
    await waitFor(() => expect(code().getAttribute('data-url')).toContain(token(1)));
    await waitFor(() => expect(decide).not.toBeNull());
    await act(async () => decide!({ status: 'APPROVED', signedIn: SIGNED_IN }));
    // applySignin took the session into use and the login guard went on to the home page, with the welcome toast.
    await findTestId('dash-balance');
    expect(window.location.pathname).toBe('/dashboard');
    const { useUserStore } = await import('../../../stores/user-store');
    expect(useUserStore.getState().token).toBe('qr-token');
    expect(useUserStore.getState().userInfo?.accountNo).toBe('agent0003');
    await waitFor(() => expect(messages()).toContain('Welcome back, QR agent'));
    // Nothing is left waiting behind the signed-in page.
    expect(open).toBe(0);
    expect(calls('/api/manage/signin/qr/wait')).toHaveLength(1);
  });

  it('a denial is said, and asks for no new code until “New code” is pressed', async () => {
    nextWait = [{ status: 'DENIED' }];
    await startApp('/login/qr');
    expect((await findTestId('qr-login-denied')).textContent).toBe('The sign-in was denied on the other device.');
    expect(screen.queryByTestId('qr-login-code')).toBeNull();
    expect(calls('/api/manage/signin/qr/start')).toHaveLength(1);
    expect(calls('/api/manage/signin/qr/wait')).toHaveLength(1);

    await click(screen.getByTestId('qr-login-renew'));
    await waitFor(() => expect(code().getAttribute('data-url')).toContain(token(2)));
    expect(calls('/api/manage/signin/qr/start')).toHaveLength(2);
  });

  it('a code the server calls expired is replaced at once, also after waiting a while', async () => {
    nextWait = ['expired'];
    await startApp('/login/qr');
    await waitFor(() => expect(code().getAttribute('data-url')).toContain(token(2)));
    expect(calls('/api/manage/signin/qr/wait').map((r) => r.body)).toEqual([{ waitToken: waitToken(1) }, { waitToken: waitToken(2) }]);

    // Pending, then expired: replaced again (pending in between starts a new run).
    await waitFor(() => expect(decide).not.toBeNull());
    nextWait = ['expired'];
    await act(async () => decide!({ status: 'PENDING' }));
    await waitFor(() => expect(code().getAttribute('data-url')).toContain(token(3)));
    expect(screen.queryByTestId('qr-login-error')).toBeNull();
  });

  it('expired twice in a row with nothing pending between: said, with the button, not asked again forever', async () => {
    nextWait = ['expired', 'expired'];
    await startApp('/login/qr');
    expect((await findTestId('qr-login-error')).textContent).toBe('This QR code has expired; ask for a new one');
    expect(calls('/api/manage/signin/qr/start')).toHaveLength(2);
    expect(calls('/api/manage/signin/qr/wait')).toHaveLength(2);
    await click(screen.getByTestId('qr-login-renew'));
    await waitFor(() => expect(code().getAttribute('data-url')).toContain(token(3)));
    expect(calls('/api/manage/signin/qr/start')).toHaveLength(3);
  });

  it('is linked from the sign-in page, keeping where to go after it', async () => {
    await startApp('/login?redirect=/report');
    await findTestId('login-account');
    const link = document.querySelector<HTMLAnchorElement>('a[href^="/login/qr"]')!;
    expect(link.textContent).toBe('Sign in with a QR code');
    await click(link);
    await findTestId('qr-login-page');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login/qr?redirect=/report');
    expect(screen.getByTestId('qr-login-password').getAttribute('href')).toBe('/login?redirect=/report');
  });

  it('a QR link opened signed out asks for the sign-in first, then comes back to the approval', async () => {
    await startApp(`/qr?t=${token(9)}`);
    await findTestId('login-account');
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(`/qr?t=${token(9)}`);
    await type(screen.getByTestId('login-account'), 'agent0003');
    await type(screen.getByTestId('login-password'), 'Secret123');
    await click(screen.getByTestId('login-submit'));
    // The session loads and the layout shows the page; then the page shows the request.
    await findTestId('app-header');
    await findTestId('qr-approve-page');
    await findTestId('qr-approve-details');
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/qr?t=${token(9)}`);
    expect(calls('/api/manage/qr/show').map((r) => r.body)).toEqual([{ token: token(9) }]);
  });
});
