import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_ADMIN, openSignedIn } from './browser.js';

/** A new context signed in (the demo admin by default) and on the member page (/member/index). */
export async function openMembers(
  browser: Browser,
  credentials: { accountNo: string; password: string } = DEMO_ADMIN,
): Promise<{ context: BrowserContext; page: Page }> {
  return openSignedIn(browser, undefined, { credentials, at: '/member/index', landing: (page) => page.getByTestId('member-page') });
}

/** From a signed-in page, opens the member page through the side menu (no reload). */
export async function openMembersFromMenu(page: Page): Promise<void> {
  await page.locator('[data-testid="side-menu"] [data-menu-id$="/member/index"]').click();
  await page.getByTestId('member-page').waitFor();
}
