import type { Page } from 'playwright-core';
import { DEMO_ADMIN } from './browser.js';

/** Locks the screen from the user menu. */
export async function lockFromUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('lock-screen').click();
  await page.getByTestId('lock-overlay').waitFor();
}

/** Unlocks with `password` (the demo admin's by default) and waits for the cover to go. */
export async function unlock(page: Page, password = DEMO_ADMIN.password): Promise<void> {
  await page.getByTestId('lock-password').fill(password);
  await page.getByTestId('lock-unlock').click();
  await page.getByTestId('lock-overlay').waitFor({ state: 'detached' });
}
