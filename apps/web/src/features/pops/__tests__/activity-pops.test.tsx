import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShownContent } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp } from '../../../test/app-harness';

const pop = (id: number, title: string, over: Partial<ShownContent> = {}): ShownContent => ({
  id,
  type: 'ACTIVITY',
  title,
  body: `<p>${title} body</p>`,
  imageUrl: `/api/files/${'a'.repeat(64)}`,
  startAt: '2020-01-01 00:00:00',
  endAt: '2099-12-31 23:59:59',
  sort: id,
  ...over,
});

let pops: ShownContent[] = [];
let popCalls = 0;

setUpStubbedApp({
  signedIn: true,
  reset: () => {
    pops = [pop(1, 'Welcome bonus'), pop(2, 'Weekly challenge')];
    popCalls = 0;
  },
  server: (path) => {
    const url = new URL(path, 'http://localhost');
    switch (url.pathname) {
      case '/api/manage/userinfo':
        return envelope(adminUser());
      case '/api/getPermCode':
        return envelope([]);
      case '/api/manage/dashboard/overview':
        return envelope(dashboardOverview());
      case '/api/manage/activity/pops':
        popCalls++;
        return envelope(pops);
      default:
        return envelope(null);
    }
  },
});

async function start() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp('/dashboard');
}

/** A reload of the page: the app unmounted and started again on fresh modules with the same storage. */
async function reload() {
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  vi.resetModules();
  await start();
}

describe('activity pop-ups after sign-in', () => {
  it('shows the chosen activities once per session, in order, with image, title and body', async () => {
    await start();
    const modal = await findTestId('activity-pops');
    const slides = within(modal).getAllByTestId('activity-pop');
    // The carousel may clone slides for its loop: the real ones come first in order.
    expect(slides.map((s) => s.querySelector('h4')?.textContent).filter(Boolean)).toEqual(
      expect.arrayContaining(['Welcome bonus', 'Weekly challenge']),
    );
    expect(within(modal).getAllByText('Welcome bonus body').length).toBeGreaterThan(0);
    expect(modal.querySelector('img')?.getAttribute('src')).toBe(`/api/files/${'a'.repeat(64)}`);

    await act(async () => fireEvent.click(screen.getByTestId('activity-pops-close')));
    await waitFor(() => expect(screen.queryByTestId('activity-pops')).toBeNull());

    await reload();
    await findTestId('app-header');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('activity-pops')).toBeNull();
    expect(popCalls).toBe(1);
  });

  it('a new session shows them again; "don\'t show again today" keeps them closed for this account today', async () => {
    await start();
    await findTestId('activity-pops');
    await act(async () => fireEvent.click(screen.getByTestId('activity-pops-close')));

    // Signing in again is a new session token.
    const { useUserStore } = await import('../../../stores/user-store');
    useUserStore.getState().setSession('another-token-of-a-new-session', null);
    await reload();
    await findTestId('activity-pops');
    await act(async () => fireEvent.click(screen.getByTestId('activity-pops-snooze')));
    await act(async () => fireEvent.click(screen.getByTestId('activity-pops-close')));

    useUserStore.getState().setSession('a-third-session-token-today', null);
    await reload();
    await findTestId('app-header');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('activity-pops')).toBeNull();
  });

  it('an activity that has ended never pops, and nothing current shows no dialog', async () => {
    pops = [pop(3, 'Ended one', { endAt: '2000-01-01 00:00:00' })];
    await start();
    await waitFor(() => expect(popCalls).toBe(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('activity-pops')).toBeNull();
  });
});
