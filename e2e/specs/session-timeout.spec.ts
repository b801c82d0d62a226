import { describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, openSignedIn, setDark, signIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { openMembersFromMenu } from '../support/members.js';
import { closeSettings, openSettings } from '../support/settings.js';

const browser = useBrowser();

async function openMembersFilteredTo(page: Page, accountNo: string): Promise<void> {
  await openMembersFromMenu(page);
  await page.getByTestId('agents-filter-accountNo').fill(accountNo);
  await page.getByTestId('agents-search').click();
  await expect.poll(() => page.locator('[data-testid="agents-table"] tbody tr.ant-table-row').count()).toBe(1);
  await page.getByTestId(`agent-open-${accountNo}`).waitFor();
}

/** Ends every live session of the account on the server, as their expiry would. */
async function expireSessionsOf(accountNo: string): Promise<number> {
  const ended = await db(
    `update sessions set expires_at = now() - interval '1 second'
      where revoked_at is null and expires_at > now()
        and account_id in (select id from accounts where lower(account_no) = lower($1))
      returning id`,
    [accountNo],
  );
  return ended.length;
}

/** Chooses PAGE_COVERAGE as the session-timeout handling in the settings drawer. */
async function choosePageCoverage(page: Page): Promise<void> {
  await openSettings(page);
  await page.getByTestId('setting-sessionTimeoutProcessing-PAGE_COVERAGE').click();
  await closeSettings(page);
}

/** A request of the member page: sorting the agents table by account asks the server again. */
async function sortAgentsByAccount(page: Page): Promise<void> {
  await page.locator('[data-testid="agents-table"] th.ant-table-column-has-sorters').first().click();
}

describe('session timeout', () => {
  it('PAGE_COVERAGE: the cover keeps the member page with its filter; signing in again resumes it', async () => {
    const { context, page } = await openSignedIn(browser());
    await choosePageCoverage(page);

    await openMembersFilteredTo(page, 'agentA01');
    expect(await expireSessionsOf(DEMO_ADMIN.accountNo)).toBeGreaterThan(0);
    await sortAgentsByAccount(page);

    const cover = page.getByTestId('session-timeout-cover');
    await cover.waitFor();
    // The page behind is the same member page, filter and all.
    expect(new URL(page.url()).pathname).toBe('/member/index');
    expect(await page.getByTestId('member-page').count()).toBe(1);
    expect(await page.getByTestId('agents-filter-accountNo').inputValue()).toBe('agentA01');
    expect(await cover.getByTestId('login-account').inputValue()).toBe(DEMO_ADMIN.accountNo);
    await keepScreenshot(page, 'session-timeout-cover');

    await cover.getByTestId('login-password').fill(DEMO_ADMIN.password);
    await cover.getByTestId('login-submit').click();
    await cover.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/member/index');
    expect(await page.getByTestId('agents-filter-accountNo').inputValue()).toBe('agentA01');
    // The request that failed is made again with the new session: sorted, still filtered.
    await expect.poll(() => page.locator('[data-testid="agents-table"] th[aria-sort]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid="agents-table"] tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId('agent-open-agentA01').waitFor();
    await context.close();
  });

  it('PAGE_COVERAGE at 390 px (in English, dark)', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 390, height: 844 });
    await useEnglish(page);
    await choosePageCoverage(page);
    await setDark(page, true);

    expect(await expireSessionsOf(DEMO_ADMIN.accountNo)).toBeGreaterThan(0);
    // Opening another page asks the server for its data.
    await page.getByTestId('menu-toggle').click();
    await page.locator('[data-menu-id$="/member/index"]').click();
    const cover = page.getByTestId('session-timeout-cover');
    await cover.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-password');
    const submit = await cover.getByTestId('login-submit').boundingBox();
    expect(submit!.x + submit!.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'session-timeout-cover-phone-dark');
    await cover.getByTestId('login-password').fill(DEMO_ADMIN.password);
    await cover.getByTestId('login-submit').click();
    await cover.waitFor({ state: 'detached' });
    await context.close();
  });

  it('ROUTE_JUMP (default): an expired session goes to login with the current path as redirect', async () => {
    const { context, page } = await openSignedIn(browser());
    await openMembersFilteredTo(page, 'agentA01');
    expect(await expireSessionsOf(DEMO_ADMIN.accountNo)).toBeGreaterThan(0);
    await sortAgentsByAccount(page);
    await page.getByTestId('login-account').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/member/index');
    expect(await page.getByTestId('session-timeout-cover').count()).toBe(0);
    // The login page says why: the session timed out (the server's reason, in the page's language).
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain(errorMessage('SESSION_EXPIRED', 'zh_TW'));

    await signIn(page);
    await page.getByTestId('member-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/member/index');
    await context.close();
  });
});
