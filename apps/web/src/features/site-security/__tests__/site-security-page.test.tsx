import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteSecurity, UserInfo } from '@agent-bo/shared';
import { adminUser, dashboardOverview } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, messages, type } from '../../../test/ui-actions';

/** The site's sign-in security page in the whole app against a stubbed server: the site's admin only. */
let user: UserInfo;
let stored: SiteSecurity;
/** The server's refusal of the next save, if any. */
let refusal: Response | null;
let saves: unknown[];
let reads: number;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(user);
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/dashboard/overview':
      return envelope(dashboardOverview());
    case '/api/manage/site/security':
      reads += 1;
      return envelope(stored);
    case '/api/manage/site/security/save': {
      const body = JSON.parse(String(init.body)) as SiteSecurity;
      saves.push(body);
      if (refusal) return refusal;
      stored = body;
      return envelope(stored);
    }
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    user = adminUser();
    stored = { twoFactorRequired: false, handoffPasswordHours: 72 };
    refusal = null;
    saves = [];
    reads = 0;
  },
});

const hours = () => screen.getByTestId('site-security-hours') as HTMLInputElement;

describe('sign-in security', { timeout: 20_000 }, () => {
  it("the site's admin reaches it from the user menu, sees the settings and saves them", async () => {
    await startApp('/dashboard');
    await click(await findTestId('user-menu'));
    await click(await findTestId('site-security-open'));
    await waitFor(() => expect(window.location.pathname).toBe('/site-security'));
    await findTestId('site-security-form');
    expect(hours().value).toBe('72');
    expect(screen.getByTestId('site-security-two-factor').getAttribute('aria-checked')).toBe('false');

    await click(screen.getByTestId('site-security-two-factor'));
    await type(hours(), '24');
    await click(screen.getByTestId('site-security-save'));
    await waitFor(() => expect(saves).toEqual([{ twoFactorRequired: true, handoffPasswordHours: 24 }]));
    await waitFor(() => expect(messages()).toContain('Sign-in security saved'));
  });

  it('hours outside 1..720 are refused on the field before the server is asked; what the server refuses is marked too', async () => {
    await startApp('/site-security');
    await findTestId('site-security-form');
    await type(hours(), '721');
    await click(screen.getByTestId('site-security-save'));
    expect(await screen.findByText('Between 1 and 720 hours')).toBeTruthy();
    expect(saves).toEqual([]);

    refusal = envelope([{ path: 'handoffPasswordHours', message: 'Too big' }], 1000, 'Invalid request', 400);
    await type(hours(), '700');
    await click(screen.getByTestId('site-security-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(await screen.findByText('Between 1 and 720 hours')).toBeTruthy();

    refusal = envelope(null, 1006, 'You do not have permission', 403);
    await type(hours(), '48');
    await click(screen.getByTestId('site-security-save'));
    expect((await findTestId('site-security-error')).textContent).toContain('You do not have permission');
  });

  it('anyone else has no menu entry and is told the page is the admin’s, without asking the server', async () => {
    user = adminUser({ lvl: 1, accountNo: 'agentA01' });
    await startApp('/site-security');
    expect(await findTestId('site-security-admin-only')).toBeTruthy();
    await click(await findTestId('user-menu'));
    await findTestId('sessions-open');
    expect(screen.queryByTestId('site-security-open')).toBeNull();
    expect(reads).toBe(0);
  });
});
