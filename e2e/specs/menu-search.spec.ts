import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

const items = (page: Page) => page.getByTestId('menu-search-item');
const activePath = (page: Page) => page.locator('[data-testid="menu-search-item"][aria-selected="true"]').getAttribute('data-path');
const itemPaths = (page: Page) => items(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));

/** The admin's menu entries in menu order (the error log is hidden from the menu). */
const ADMIN_MENU = [
  '/dashboard',
  '/report/agent',
  '/bet/index',
  '/member/index',
  '/material/category',
  '/material/game',
  '/material/tag',
  '/material/collection',
  '/announcement/activity',
  '/announcement/announcement',
  '/announcement/broadcast',
  '/log/index',
  '/store/category',
  '/store/goods',
  '/store/points',
  '/store/order',
  '/permission/index',
  '/provider/index',
  // The demo site's embedded page (a site setting, after the route table's screens).
  '/frame/api-docs',
];

describe('menu search', () => {
  it('opens with Ctrl+K, filters by a part of a title, moves with the arrows and opens with Enter (desktop)', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-modal').waitFor();
    await expect.poll(() => itemPaths(page)).toEqual(ADMIN_MENU);
    expect(await activePath(page)).toBe('/dashboard');
    await animationsDone(page);
    await keepScreenshot(page, 'menu-search-desktop-light-zh');

    // Part of the zh_TW title 會員管理.
    await page.getByTestId('menu-search-input').fill('會員');
    await expect.poll(() => itemPaths(page)).toEqual(['/member/index']);
    await page.getByTestId('menu-search-input').fill('');
    await expect.poll(() => itemPaths(page)).toHaveLength(ADMIN_MENU.length);
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
    expect(await activePath(page)).toBe('/material/category');
    await page.keyboard.press('ArrowUp');
    expect(await activePath(page)).toBe('/member/index');
    await page.keyboard.press('Enter');
    await page.getByTestId('member-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/member/index');
    await page.getByTestId('menu-search-modal').waitFor({ state: 'hidden' });

    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-input').fill('no such entry');
    await page.getByTestId('menu-search-empty').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'menu-search-desktop-empty');
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-search-modal').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('opens from the header button and searches titles and paths', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    await page.getByTestId('menu-search-open').click();
    await page.getByTestId('menu-search-input').fill('mem');
    await expect.poll(() => itemPaths(page)).toEqual(['/member/index']);
    await page.getByTestId('menu-search-input').fill('');
    await expect.poll(() => itemPaths(page)).toHaveLength(ADMIN_MENU.length);
    await page.keyboard.press('ArrowDown');
    await animationsDone(page);
    await keepScreenshot(page, 'menu-search-desktop-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-search-modal').waitFor({ state: 'hidden' });

    await page.getByTestId('menu-search-open').click();
    // `/log/index`: matched by its path (the English title is "Logs").
    await page.getByTestId('menu-search-input').fill('/log/');
    await expect.poll(() => itemPaths(page)).toEqual(['/log/index']);
    await items(page).first().hover();
    await animationsDone(page);
    await keepScreenshot(page, 'menu-search-desktop-path');
    await page.keyboard.press('Enter');
    await page.getByTestId('log-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/log/index');
    await context.close();
  });
});
