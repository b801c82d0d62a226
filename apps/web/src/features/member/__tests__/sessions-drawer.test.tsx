import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenSession } from '@agent-bo/shared';
import { initI18n } from '../../../lib/i18n';
import { useLocaleStore } from '../../../stores/locale-store';
import { useUserStore } from '../../../stores/user-store';
import { adminUser } from '../../../test/fixtures';
import { envelope, stubFetch } from '../../../test/app-harness';
import { SessionsDrawer } from '../components/sessions-drawer';

/**
 * A lower account's sessions and sign-ins from the member screen: the lists of that account (its
 * id in every request), ending offered to a writer only.
 */
const SESSIONS: OpenSession[] = [
  { id: 31, ip: '203.0.113.31', userAgent: null, method: 'PASSWORD', createdAt: '2026-12-03 10:00:00', lastSeenAt: null, current: false },
  { id: 30, ip: '203.0.113.30', userAgent: null, method: 'QR', createdAt: '2026-12-03 09:00:00', lastSeenAt: null, current: false },
];

let calls: { path: string; body: unknown }[];
let open: OpenSession[];

beforeAll(() => {
  initI18n('en');
});

beforeEach(() => {
  useLocaleStore.getState().setLocale('en');
  calls = [];
  open = [...SESSIONS];
  stubFetch((path, init) => {
    const url = new URL(path, 'http://localhost');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path: url.pathname, body });
    if (url.pathname === '/api/manage/sessions/list') return envelope(open);
    if (url.pathname === '/api/manage/sessions/end_others') {
      const ended = open.length;
      open = [];
      return envelope({ ended });
    }
    if (url.pathname === '/api/manage/sessions/history') return envelope({ page: 1, pageSize: 10, total: 0, list: [] });
    return envelope(null, 404, 'not found', 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <SessionsDrawer target={{ id: 12, accountNo: 'agentC02' }} onClose={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the sessions drawer of the member screen', () => {
  it("a writer sees the account's sessions and signs it out everywhere", async () => {
    useUserStore.getState().setUserInfo(adminUser());
    show();
    const row = await screen.findByTestId('session-31', {}, { timeout: 5000 });
    expect(screen.getByText('Sessions and sign-ins: agentC02')).toBeTruthy();
    expect(within(row).getByTestId('session-end-31')).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/api/manage/sessions/list', body: { accountId: 12 } });

    await act(async () => {
      fireEvent.click(screen.getByTestId('sessions-end-others'));
    });
    expect(await screen.findByText("All of this account's sessions (2) end; it must sign in again.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('sessions-end-others-ok'));
    });
    await vi.waitFor(() => expect(screen.queryByTestId('session-31')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/manage/sessions/end_others')).toEqual([
      { path: '/api/manage/sessions/end_others', body: { accountId: 12 } },
    ]);
  });

  it('a shadow (a reader) sees the lists without End or Sign out everywhere', async () => {
    useUserStore.getState().setUserInfo(adminUser({ isShadow: true }));
    show();
    await screen.findByTestId('session-31', {}, { timeout: 5000 });
    expect(screen.queryByTestId('session-end-31')).toBeNull();
    expect(screen.queryByTestId('sessions-end-others')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('sessions-tab-history'));
    });
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/manage/sessions/history')?.body).toEqual({ accountId: 12, page: 1, pageSize: 10 }),
    );
  });
});
