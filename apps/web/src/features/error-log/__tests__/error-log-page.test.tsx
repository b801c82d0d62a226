import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, seedStorage, startApp, stubFetch } from '../../../test/app-harness';

let user: UserInfo;
let calls: { path: string; body: Record<string, unknown> | undefined; headers: Record<string, string> }[];

const SERVER_ROW = {
  id: 7,
  type: 'script',
  name: 'TypeError',
  file: 'http://localhost/assets/app.js',
  message: 'reported by another browser',
  stack: 'TypeError: reported by another browser\n    at x (app.js:1:2)',
  detail: 'http://localhost/assets/app.js:1:2',
  url: 'http://localhost/member/index',
  accountNo: 'agentA01',
  userAgent: 'Chrome',
  ip: '10.0.0.9',
  time: '2026-11-21 10:00:00',
  createdAt: '2026-11-21 10:00:01',
};

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  calls.push({ path: url.pathname, body, headers: (init.headers ?? {}) as Record<string, string> });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope(user.permission.permissions.map((p) => p.code));
    case '/api/manage/error_log/report':
      return envelope({ accepted: (body?.entries as unknown[]).length });
    case '/api/manage/error_log/list':
      return envelope({ page: body?.page ?? 1, pageSize: body?.pageSize ?? 10, total: 1, list: [SERVER_ROW] });
    default:
      return envelope(null);
  }
}

/** The page is a lazy chunk: its first load in a test takes a while. */
const findPage = () => screen.findByTestId('error-log-page', {}, { timeout: 10_000 });
const table = () => screen.getByTestId('error-log-table');
const rows = () => table().querySelectorAll('tbody tr.ant-table-row');

beforeEach(() => {
  vi.resetModules();
  seedStorage({ signedIn: true });
  calls = [];
  user = adminUser({ permission: { permissions: [{ code: 'DEVELOPER' }] } });
  stubFetch(server);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * What the browser does with an uncaught error. Under vitest, timers are Node's: an error thrown
 * in one, or an unhandled rejection, goes to the Node process, not to window. So the script and
 * promise buttons are covered by the browser suite, and here the event is raised as a browser
 * would raise it.
 */
function uncaught(message: string): void {
  const error = new Error(message);
  window.dispatchEvent(
    new ErrorEvent('error', {
      message: `Uncaught Error: ${message}`,
      filename: `${window.location.origin}/assets/index.js`,
      lineno: 3,
      colno: 14,
      error,
    }),
  );
}

describe('error log page', { timeout: 20_000 }, () => {
  it('lists a forced script error with the page URL, counts it on the header button and reports it', async () => {
    await startApp('/error-log/list');
    await findPage();
    expect(rows()).toHaveLength(0);

    uncaught('forced script error');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const row = rows()[0]!;
    expect(within(row as HTMLElement).getByText('Uncaught Error: forced script error')).toBeTruthy();
    expect(row.textContent).toContain('Script');
    expect(row.textContent).toContain(`${window.location.origin}/error-log/list`);
    expect(screen.getByTestId('error-log-count').textContent).toContain('1');

    // This test's entry: what the previous test's app caught may still be on its way (the
    // reporter waits 2 s to send a burst in one report), so the report is found by what it carries.
    const ours = (c: (typeof calls)[number]) =>
      c.path === '/api/manage/error_log/report' && JSON.stringify(c.body).includes('forced script error');
    await waitFor(() => expect(calls.some(ours)).toBe(true), { timeout: 4000 });
    const report = calls.find(ours)!;
    expect(report.body?.entries).toContainEqual(
      expect.objectContaining({ type: 'script', message: 'Uncaught Error: forced script error' }),
    );
    expect(report.headers.Authorization).toBe('Bearer good-token');
  });

  it('lists a failed image load from the test button; shows the detail; clears', async () => {
    await startApp('/error-log/list');
    await findPage();
    uncaught('first');
    await waitFor(() => expect(rows()).toHaveLength(1));

    fireEvent.click(screen.getByTestId('error-log-fire-resource'));
    // jsdom loads no images: play the browser's failed load on the image the button added.
    const img = document.body.querySelector<HTMLImageElement>('img[src*="__error-log-test__"]')!;
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain('Resource');
    expect(rows()[0]!.textContent).toContain('/__error-log-test__/missing-image.png');
    expect(document.body.querySelector('img[src*="__error-log-test__"]')).toBeNull();

    fireEvent.click(within(rows()[1] as HTMLElement).getByTestId('error-log-show-detail'));
    const detail = await screen.findByTestId('error-log-detail');
    expect(detail.textContent).toContain('Error: first');
    expect(detail.textContent).toContain(`${window.location.origin}/assets/index.js:3:14`);
    expect(detail.textContent).toContain('Stack');

    fireEvent.click(screen.getByTestId('error-log-clear'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
  });

  it('catches the test render error in the page boundary; a retry shows the page with the entry', async () => {
    await startApp('/error-log/list');
    await findPage();
    fireEvent.click(screen.getByTestId('error-log-fire-render'));
    expect(await screen.findByTestId('page-error-fallback')).toBeTruthy();
    expect(screen.queryByTestId('error-log-page')).toBeNull();
    fireEvent.click(screen.getByTestId('page-error-retry'));
    await findPage();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.textContent).toContain('Render');
    expect(rows()[0]!.textContent).toContain('Error log test: render error');
  });

  it('shows DEVELOPER holders what every browser reported, paged and filtered', async () => {
    await startApp('/error-log/list');
    await findPage();
    fireEvent.click(screen.getByTestId('error-log-server-tab'));
    const serverTable = await screen.findByTestId('error-log-server-table');
    await waitFor(() => expect(serverTable.textContent).toContain('reported by another browser'));
    expect(serverTable.textContent).toContain('agentA01');
    expect(calls.filter((c) => c.path === '/api/manage/error_log/list').at(-1)!.body).toEqual({ page: 1, pageSize: 10 });

    fireEvent.change(screen.getByTestId('error-log-server-keyword'), { target: { value: ' another ' } });
    fireEvent.click(screen.getByTestId('error-log-server-search'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/manage/error_log/list').at(-1)!.body).toEqual({
        page: 1,
        pageSize: 10,
        keyword: 'another',
      }),
    );
    // The same search again asks the server again: new reports keep arriving.
    const before = calls.filter((c) => c.path === '/api/manage/error_log/list').length;
    fireEvent.click(screen.getByTestId('error-log-server-search'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/manage/error_log/list').length).toBe(before + 1));
  });

  it('has no server tab and no test triggers without the DEVELOPER code', async () => {
    user = adminUser({ permission: { permissions: [{ code: 'MOVE_USER' }] } });
    await startApp('/error-log/list');
    await findPage();
    expect(screen.queryByTestId('error-log-server-tab')).toBeNull();
    for (const kind of ['script', 'promise', 'resource', 'render']) {
      expect(screen.queryByTestId(`error-log-fire-${kind}`)).toBeNull();
    }
    // The local list and its clear button stay: every user may see what this browser caught.
    expect(screen.getByTestId('error-log-clear')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/manage/error_log/list')).toBe(false);
  });

  it('is opened from the header button', async () => {
    await startApp('/dashboard');
    fireEvent.click(await screen.findByTestId('error-log-button'));
    expect(await findPage()).toBeTruthy();
    expect(window.location.pathname).toBe('/error-log/list');
  });
});
