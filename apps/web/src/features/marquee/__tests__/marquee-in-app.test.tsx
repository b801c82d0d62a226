import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, seedStorage, startApp } from '../../../test/app-harness';
import { broadcast, stubLiveServer, type LiveServer } from './live-server';

/** The marquee in the whole app: in the signed-in header only, and closed under the lock screen. */

let live: LiveServer;

function api(path: string): Response {
  switch (new URL(path, 'http://localhost').pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser());
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return envelope(dashboardOverview());
    default:
      return envelope(null);
  }
}

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('marquee in the app', () => {
  it('shows the broadcasts in the signed-in header and closes its stream when the screen locks', async () => {
    seedStorage({ signedIn: true });
    live = stubLiveServer(api);
    await startApp('/dashboard');
    await findTestId('dash-balance');
    await waitFor(() => expect(live.connections).toHaveLength(1));
    live.last.broadcasts([broadcast(1, { zh_TW: '頁首公告', en: 'Header news' })]);
    const marquee = await findTestId('broadcast-marquee');
    expect(screen.getByTestId('app-header').contains(marquee)).toBe(true);
    expect(screen.getByRole('marquee', { name: 'Broadcast' }).textContent).toContain('Header news');

    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await findTestId('lock-screen'));
    await findTestId('lock-overlay');
    expect(live.last.signal.aborted).toBe(true);
  });

  it('opens no stream for a signed-out visitor', async () => {
    seedStorage({ signedIn: false });
    live = stubLiveServer(api);
    await startApp('/login');
    await findTestId('login-account');
    await new Promise((r) => setTimeout(r, 200));
    expect(live.attempts).toBe(0);
  });
});
