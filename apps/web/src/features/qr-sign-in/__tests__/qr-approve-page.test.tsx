import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QrRequest } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, type } from '../../../test/ui-actions';
import { scannedSignInPath } from '../scanned-link';

/** The approving device's QR sign-in pages (`/qr?t=…`, `/qr/scan`) in the whole app, signed in, against a stubbed server. */
const TOKEN = 'picture-token'.padEnd(43, 'x');
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

let requests: Array<{ path: string; body: Record<string, unknown> | null }>;
let request: QrRequest;
/** What show and decide answer when the request is gone. */
let expired: boolean;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  requests.push({ path: url.pathname, body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser({ accountNo: 'agent0004', roles: ['admin'], permission: { permissions: [] } }));
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/qr/show':
      return expired ? envelope(null, 1021, 'This QR code has expired; ask for a new one', 410) : envelope(request);
    case '/api/manage/qr/decide':
      if (expired) return envelope(null, 1021, 'This QR code has expired; ask for a new one', 410);
      if (body?.approve && request.confirmWith === 'PASSWORD' && body.password !== 'Secret123') {
        return envelope(null, 2010, 'The password is wrong', 400);
      }
      if (body?.approve && request.confirmWith === 'SECOND_FACTOR' && body.code !== '123456') {
        return envelope(null, 1017, 'The authenticator or recovery code is wrong or already used', 400);
      }
      return envelope(null);
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    requests = [];
    expired = false;
    request = { ip: '198.51.100.7', userAgent: EDGE, createdAt: '2026-12-01 10:00:00', confirmWith: 'PASSWORD' };
  },
  after: () => vi.unstubAllGlobals(),
});

const decisions = () => requests.filter((r) => r.path === '/api/manage/qr/decide').map((r) => r.body);
const fieldError = () => document.querySelector('.ant-form-item-explain-error')?.textContent;

describe('QR sign-in, the approving device', () => {
  it('says which browser asks, from where and when, and sends nothing without the password', async () => {
    await startApp(`/qr?t=${TOKEN}`);
    expect((await findTestId('qr-approve-browser')).textContent).toBe('Microsoft Edge 120 · Windows 10');
    expect(screen.getByTestId('qr-approve-address').textContent).toBe('198.51.100.7');
    expect(screen.getByTestId('qr-approve-details').textContent).toContain('2026-12-01 10:00:00');
    expect(
      screen.getByText('A browser asks to sign in as agent0004. Approve only if you started this yourself, on a screen in front of you.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('qr-approve-code')).toBeNull();
    const password = screen.getByTestId('qr-approve-password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');

    // The confirmation is asked for before anything is sent.
    await click(screen.getByTestId('qr-approve-yes'));
    await waitFor(() => expect(fieldError()).toBe('Please enter your password'));
    expect(decisions()).toEqual([]);
  });

  it('a wrong password is said on the field and emptied; the right one approves and the result stays', async () => {
    await startApp(`/qr?t=${TOKEN}`);
    await type(await findTestId('qr-approve-password'), 'Wrong1234');
    await click(screen.getByTestId('qr-approve-yes'));
    await waitFor(() => expect(fieldError()).toBe('The password is wrong'));
    expect((screen.getByTestId('qr-approve-password') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('qr-approve-approved')).toBeNull();

    await type(screen.getByTestId('qr-approve-password'), 'Secret123');
    await click(screen.getByTestId('qr-approve-yes'));
    expect((await findTestId('qr-approve-approved')).textContent).toContain('Approved');
    expect(decisions()).toEqual([
      { token: TOKEN, approve: true, password: 'Wrong1234' },
      { token: TOKEN, approve: true, password: 'Secret123' },
    ]);
    expect(screen.queryByTestId('qr-approve-form')).toBeNull();
  });

  it('an account with a second factor confirms with six digits from its authenticator; a denial needs nothing', async () => {
    request = { ...request, userAgent: null, ip: null, confirmWith: 'SECOND_FACTOR' };
    await startApp(`/qr?t=${TOKEN}`);
    const code = await findTestId('qr-approve-code');
    expect(screen.queryByTestId('qr-approve-password')).toBeNull();
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(screen.getByTestId('qr-approve-browser').textContent).toBe('Unknown');
    expect(screen.getByTestId('qr-approve-address').textContent).toBe('Unknown');

    await type(code, '12a');
    await click(screen.getByTestId('qr-approve-yes'));
    await waitFor(() => expect(fieldError()).toBe('The code is 6 digits'));
    await type(code, '654321');
    await click(screen.getByTestId('qr-approve-yes'));
    await waitFor(() => expect(fieldError()).toBe('The authenticator or recovery code is wrong or already used'));

    await click(screen.getByTestId('qr-approve-no'));
    expect((await findTestId('qr-approve-denied')).textContent).toContain('The other browser was not signed in.');
    expect(decisions()).toEqual([
      { token: TOKEN, approve: true, code: '654321' },
      { token: TOKEN, approve: false },
    ]);
  });

  it('an expired or answered request says so and offers nothing to decide', async () => {
    expired = true;
    await startApp(`/qr?t=${TOKEN}`);
    expect((await findTestId('qr-approve-expired')).textContent).toContain('This code is no longer valid');
    expect(screen.queryByTestId('qr-approve-form')).toBeNull();
  });

  it('a request that ends while the page is open: the decision says it expired', async () => {
    await startApp(`/qr?t=${TOKEN}`);
    await type(await findTestId('qr-approve-password'), 'Secret123');
    expired = true;
    await click(screen.getByTestId('qr-approve-yes'));
    expect(await findTestId('qr-approve-expired')).toBeTruthy();
  });

  it('a link with no code asks the server nothing', async () => {
    await startApp('/qr?t=short');
    expect(await findTestId('qr-approve-expired')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/manage/qr/show')).toEqual([]);
  });
});

describe('scan to sign in', () => {
  it('follows only this app’s approval links', () => {
    const origin = 'https://bo.example.com';
    expect(scannedSignInPath(`${origin}/qr?t=${TOKEN}`, origin)).toBe(`/qr?t=${TOKEN}`);
    expect(scannedSignInPath(`https://evil.example.com/qr?t=${TOKEN}`, origin)).toBeNull();
    expect(scannedSignInPath(`${origin}/dashboard?t=${TOKEN}`, origin)).toBeNull();
    expect(scannedSignInPath(`${origin}/qr`, origin)).toBeNull();
    expect(scannedSignInPath('not a link', origin)).toBeNull();
  });

  it('without the browser’s QR reader, says to use the phone’s camera app', async () => {
    await startApp('/qr/scan');
    expect((await findTestId('qr-scan-hint')).textContent).toContain('This browser cannot read QR codes itself.');
    expect(screen.getByTestId('qr-scan-hint').textContent).toContain('Scan the code with the phone’s camera app instead');
  });

  it('with it, reads the camera, says a foreign code is none, opens a sign-in code’s approval and stops the camera', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const seen = [['https://elsewhere.example.com/qr?t=x'], [`${window.location.origin}/qr?t=${TOKEN}`]];
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code'];
        detect = async () => (seen.shift() ?? []).map((rawValue) => ({ rawValue }));
      },
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await startApp('/qr/scan');
    expect(await findTestId('qr-scan-foreign')).toBeTruthy();
    await findTestId('qr-approve-details');
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/qr?t=${TOKEN}`);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(stop).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
});
