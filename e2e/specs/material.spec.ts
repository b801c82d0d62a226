import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, openSignedIn, setDark, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

/**
 * Game lobby material (/material) in Chromium on tw_web's demo data: the admin opens the
 * categories and the games from the menu, edits one game's tag through the drawer and finds it
 * saved; screenshots at 1440 and 390 px, light and dark. The game's tag is put back afterwards.
 */
let edited: { id: number; tag: number } | undefined;

afterAll(async () => {
  if (edited) await db(`update games set tag = $1 where id = $2`, [edited.tag, edited.id]);
});

const TAG_LABELS: Record<number, string> = { 0: 'None', 1: 'Hot', 2: 'New', 3: 'Recommended' };
const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr.ant-table-row');

/** Picks an option of an antd select by its visible label. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option:visible', { hasText: label }).first().click();
}

describe('game lobby material', () => {
  it('opens categories and games from the menu and edits a game’s tag (desktop, light and dark)', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    const menu = page.getByTestId('side-menu');
    await menu.locator('[data-menu-id$="/material"]').click();
    await menu.locator('[data-menu-id$="/material/category"]').click();
    await page.getByTestId('category-page').waitFor();
    await expect.poll(() => rows(page, 'category-table').count()).toBe(5);
    await animationsDone(page);
    await keepScreenshot(page, 'material-categories-desktop-light');

    await page.locator('[data-testid^="category-edit-"]').first().click();
    await page.getByTestId('category-drawer').getByTestId('material-name-zh_TW').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'material-category-drawer-desktop-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('category-drawer').waitFor({ state: 'hidden' });

    await menu.locator('[data-menu-id$="/material/game"]').click();
    await page.getByTestId('game-page').waitFor();
    await expect.poll(() => rows(page, 'game-table').count()).toBe(10);
    const total = await page.getByTestId('game-page').locator('.ant-pagination-total-text').innerText();
    expect(Number(/\d+/.exec(total)?.[0])).toBeGreaterThanOrEqual(20);
    await animationsDone(page);
    await keepScreenshot(page, 'material-games-desktop-light');

    // The first listed game gets another tag through the drawer.
    const id = Number(await rows(page, 'game-table').first().getAttribute('data-row-key'));
    const [before] = await db<{ tag: number; version: number }>(`select tag, version from games where id = $1`, [id]);
    edited = { id, tag: before!.tag };
    const next = before!.tag === 1 ? 3 : 1;
    await page.getByTestId(`game-edit-${id}`).click();
    const drawer = page.getByTestId('game-drawer');
    await drawer.getByTestId('game-provider-facts').waitFor();
    await choose(page, 'game-tag', TAG_LABELS[next]!);
    await animationsDone(page);
    await keepScreenshot(page, 'material-game-drawer-desktop-light');
    await page.getByTestId('material-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId(`game-tag-${id}`).innerText()).toBe(TAG_LABELS[next]);
    const [after] = await db<{ tag: number; version: number }>(`select tag, version from games where id = $1`, [id]);
    expect(after).toEqual({ tag: next, version: before!.version + 1 });

    await setDark(page, true);
    // Away from the theme toggle, whose tooltip would cover the header.
    await page.mouse.move(700, 890);
    await animationsDone(page);
    await keepScreenshot(page, 'material-games-desktop-dark');
    await page.getByTestId(`game-edit-${id}`).click();
    await drawer.getByTestId('game-provider-facts').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'material-game-drawer-desktop-dark');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await menu.locator('[data-menu-id$="/material/category"]').click();
    await expect.poll(() => rows(page, 'category-table').count()).toBe(5);
    await animationsDone(page);
    await keepScreenshot(page, 'material-categories-desktop-dark');
    await setDark(page, false);
    await context.close();
  });

  it('is usable on a phone: both lists and the game drawer (light and dark)', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 390, height: 844 });
    await useEnglish(page);
    await page.goto('/material');
    await page.getByTestId('category-page').waitFor();
    await expect.poll(() => rows(page, 'category-table').count()).toBe(5);
    await animationsDone(page);
    await keepScreenshot(page, 'material-categories-phone-light');

    await page.goto('/material/game');
    await page.getByTestId('game-page').waitFor();
    await expect.poll(() => rows(page, 'game-table').count()).toBe(10);
    await animationsDone(page);
    await keepScreenshot(page, 'material-games-phone-light');
    await page.locator('[data-testid^="game-edit-"]').first().click();
    await page.getByTestId('game-drawer').getByTestId('game-provider-facts').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'material-game-drawer-phone-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('game-drawer').waitFor({ state: 'hidden' });

    await setDark(page, true);
    await page.mouse.move(200, 830);
    await animationsDone(page);
    await keepScreenshot(page, 'material-games-phone-dark');
    await page.locator('[data-testid^="game-edit-"]').first().click();
    await page.getByTestId('game-drawer').getByTestId('game-provider-facts').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'material-game-drawer-phone-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('game-drawer').waitFor({ state: 'hidden' });
    await page.goto('/material/category');
    await expect.poll(() => rows(page, 'category-table').count()).toBe(5);
    await animationsDone(page);
    await keepScreenshot(page, 'material-categories-phone-dark');
    await setDark(page, false);
    await context.close();
  });
});
