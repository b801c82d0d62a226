import type { Page } from 'playwright-core';
import { DEMO_ADMIN, signIn } from './browser.js';

/** Signs in at /login (the demo admin by default) and opens the member page (/member/index). */
export async function openMembers(page: Page, accountNo = DEMO_ADMIN.accountNo, password = DEMO_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await signIn(page, accountNo, password);
  await page.getByTestId('dashboard').waitFor();
  await page.goto('/member/index');
  await page.getByTestId('member-page').waitFor();
}

/** From a signed-in page, opens the member page through the side menu (no reload). */
export async function openMembersFromMenu(page: Page): Promise<void> {
  await page.locator('[data-testid="side-menu"] [data-menu-id$="/member/index"]').click();
  await page.getByTestId('member-page').waitFor();
}
