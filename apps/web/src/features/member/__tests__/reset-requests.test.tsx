import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResetRequest, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, page, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, messages } from '../../../test/ui-actions';

const C07: ResetRequest = {
  id: 31,
  accountId: 207,
  accountNo: 'agentC07',
  nickName: 'Agent C07',
  isShadow: false,
  createdAt: '2026-12-02 09:00:00',
  lastAskedAt: '2026-12-03 08:30:00',
  asks: 3,
  ip: '203.0.113.24',
};
const SHADOW: ResetRequest = {
  id: 32,
  accountId: 301,
  accountNo: 'shadowB04',
  nickName: 'Shadow of agentB04',
  isShadow: true,
  createdAt: '2026-12-03 07:00:00',
  lastAskedAt: '2026-12-03 07:00:00',
  asks: 1,
  ip: null,
};

let user: UserInfo;
let open: ResetRequest[];
let calls: Array<{ path: string; body: unknown }>;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as { id?: number }) : undefined;
  calls.push({ path: url.pathname, body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope(['MOVE_USER']);
    case '/api/manage/dashboard/overview':
      return envelope(dashboardOverview({ accountNo: user.accountNo, lvl: user.lvl }));
    case '/api/manage/agent/lower_agents':
    case '/api/manage/player/list':
    case '/api/manage/shadow/list':
      return page([]);
    case '/api/manage/agent/limits':
      return envelope({ ratio: '80.00', providers: [], betLimits: [] });
    case '/api/manage/member/reset_requests':
      return envelope({ total: open.length, list: open });
    case '/api/manage/member/reset_requests/dismiss':
      open = open.filter((r) => r.id !== body?.id);
      return envelope(null);
    case '/api/manage/agent/reset_password':
    case '/api/manage/shadow/reset_password': {
      const request = open.find((r) => r.accountId === body?.id)!;
      open = open.filter((r) => r !== request);
      return envelope({
        url: 'http://localhost/login',
        nickName: request.nickName,
        accountNo: request.accountNo,
        pwd: 'Fresh9876',
        pwdWithheld: false,
      });
    }
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    user = adminUser({ id: 104, lvl: 2, accountNo: 'agentB04', nickName: 'Agent B04' });
    open = [C07, SHADOW];
    calls = [];
  },
});

const requestCalls = () => calls.filter((c) => c.path === '/api/manage/member/reset_requests').length;

async function openDrawer(): Promise<HTMLElement> {
  await startApp('/member/index');
  const button = await findTestId('reset-requests-open');
  expect(screen.getByTestId('reset-requests-count').textContent).toContain('2');
  expect(button.getAttribute('aria-label')).toBe('Password requests (2 open)');
  await click(button);
  return findTestId('reset-requests');
}

describe('forgot-password requests on the member screen', { timeout: 30_000 }, () => {
  it('lists who asked, when, how often and from where', async () => {
    const drawer = await openDrawer();
    const c07 = within(drawer).getByTestId('reset-request-agentC07');
    expect(c07.textContent).toContain('Agent C07');
    expect(c07.textContent).toContain('First asked2026-12-02 09:00:00');
    expect(c07.textContent).toContain('Last asked2026-12-03 08:30:00');
    expect(c07.textContent).toContain('Times asked3');
    expect(c07.textContent).toContain('Address203.0.113.24');
    const shadow = within(drawer).getByTestId('reset-request-shadowB04');
    expect(shadow.textContent).toContain('Child account');
    // Asked once: first and last are the same moment, said once.
    expect(shadow.textContent).not.toContain('Last asked');
    expect(shadow.textContent).toContain('Address—');
  });

  it('answers a request with the member screen’s reset and its one-time password, after which the request is gone', async () => {
    const drawer = await openDrawer();
    const before = requestCalls();
    await click(within(drawer).getByTestId('reset-request-reset-agentC07'));
    expect(await screen.findByText('Reset password: agentC07')).toBeTruthy();
    await click(await findTestId('reset-confirm'));
    expect((await findTestId('copy-info-pwd')).textContent).toBe('Fresh9876');
    expect(calls.find((c) => c.path === '/api/manage/agent/reset_password')?.body).toEqual({ id: 207 });
    await waitFor(() => expect(requestCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(within(drawer).queryByTestId('reset-request-agentC07')).toBeNull());
    expect(screen.getByTestId('reset-requests-count').textContent).toContain('1');

    // A child account's request is reset as a child account.
    // The dialog's own Done (the success toast says "Done" too); its closing motion never ends in jsdom.
    await click(within(document.querySelector<HTMLElement>('.ant-modal')!).getByText('Done'));
    await click(within(drawer).getByTestId('reset-request-reset-shadowB04'));
    await click(await findTestId('reset-confirm'));
    await findTestId('copy-info-pwd');
    expect(calls.find((c) => c.path === '/api/manage/shadow/reset_password')?.body).toEqual({ id: 301 });
    // None left: the drawer says so and the head's button is gone.
    expect((await findTestId('reset-requests-empty')).textContent).toContain('No open requests');
    expect(screen.queryByTestId('reset-requests-open')).toBeNull();
  });

  it('dismisses a request after a confirmation', async () => {
    const drawer = await openDrawer();
    await click(within(drawer).getByTestId('reset-request-dismiss-agentC07'));
    const ok = await findTestId('reset-request-dismiss-ok');
    expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Dismiss the request of agentC07?');
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(within(drawer).queryByTestId('reset-request-agentC07')).toBeNull());
    expect(calls.find((c) => c.path === '/api/manage/member/reset_requests/dismiss')?.body).toEqual({ id: 31 });
    expect(within(drawer).getByTestId('reset-request-shadowB04')).toBeTruthy();
    await waitFor(() => expect(messages()).toContain('Request of agentC07 dismissed'));
  });

  it('shows no button without open requests, and asks nothing for a caller who may not write', async () => {
    open = [];
    await startApp('/member/index');
    await findTestId('agents-table');
    await waitFor(() => expect(requestCalls()).toBe(1));
    expect(screen.queryByTestId('reset-requests-open')).toBeNull();
  });

  it('asks nothing for a shadow, who could not reset anyway', async () => {
    user = adminUser({ id: 105, lvl: 2, accountNo: 'shadowB04', isShadow: true });
    await startApp('/member/index');
    await findTestId('agents-table');
    expect(requestCalls()).toBe(0);
    expect(screen.queryByTestId('reset-requests-open')).toBeNull();
  });
});
