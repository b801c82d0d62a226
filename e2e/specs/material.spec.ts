import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, navigate, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { manageApi, tokenOf } from '../support/manage-api.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

/**
 * Game lobby material (/material) in Chromium on tw_web's demo data: the admin opens the
 * categories and the games from the menu, edits one game's tag through the drawer and finds it
 * saved; tags a game hot with the bulk menu and finds it on the recommend page; reorders the
 * games of the "Hot slots" module by dragging with the mouse and reads the new order from the
 * game client's lobby API; an agent with GAME_READ only sees no write controls. How the pages sit
 * at 390 px and in the dark theme is layout.spec.ts's. What the spec changes is put back afterwards.
 */
let edited: { id: number; tag: number } | undefined;
/** The game tagged hot on the game page, with its tag before. */
let tagged: { id: number; tag: number; tagSort: number } | undefined;
/** The module whose games were reordered, with their order before. */
let reordered: { id: number; gameIds: number[] } | undefined;
/** The agent narrowed to GAME_READ, with its own grant before. */
let narrowed: { accountNo: string; permissions: string[] } | undefined;

const READER = 'agentA02';

afterAll(async () => {
  if (edited) await db(`update games set tag = $1 where id = $2`, [edited.tag, edited.id]);
  if (tagged) await db(`update games set tag = $1, tag_sort = $2 where id = $3`, [tagged.tag, tagged.tagSort, tagged.id]);
  if (reordered) {
    for (const [position, gameId] of reordered.gameIds.entries())
      await db(`update lobby_module_games set position = $1 where module_id = $2 and game_id = $3`, [position, reordered.id, gameId]);
  }
  if (narrowed)
    await db(`update accounts set permissions = $1 where site_id = 'tw_web' and account_no = $2`, [
      narrowed.permissions,
      narrowed.accountNo,
    ]);
  // The lobby caches of the running server are dropped as after any material write.
  await db(`select pg_notify('material_changed', 'tw_web')`);
});

/** The ids of a sortable list's rows, top to bottom. */
const listIds = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator(':scope > li')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-testid')?.split('-').at(-1))));

/** The game ids of a module as the game client's lobby API (site from the host) serves them. */
async function lobbyModuleGames(page: Page, moduleId: number): Promise<number[]> {
  const response = await page.request.get('/api/client/lobby?lang=en');
  expect(response.status()).toBe(200);
  const lobby = ((await response.json()) as { data: { modules: { id: number; gameIds: number[] }[] } }).data;
  return lobby.modules.find((m) => m.id === moduleId)?.gameIds ?? [];
}

const TAG_LABELS: Record<number, string> = { 0: 'None', 1: 'Hot', 2: 'New', 3: 'Recommended' };
const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr.ant-table-row');

/** Picks an option of an antd select by its visible label. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option:visible', { hasText: label }).first().click();
}

describe('game lobby material', () => {
  it('opens categories and games from the menu and edits a game’s tag', async () => {
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
    await context.close();
  });

  it('reorders a module’s games by dragging with the mouse; the lobby API serves the new order', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    const [hot] = await db<{ id: number }>(`select id from lobby_modules where site_id = 'tw_web' and title->>'en' = 'Hot slots'`);
    const moduleId = hot!.id;
    const lobbyBefore = await lobbyModuleGames(page, moduleId);
    expect(lobbyBefore.length).toBeGreaterThanOrEqual(3);

    const menu = page.getByTestId('side-menu');
    await menu.locator('[data-menu-id$="/material"]').click();
    await menu.locator('[data-menu-id$="/material/collection"]').click();
    await page.getByTestId('module-page').waitFor();
    await expect.poll(() => rows(page, 'module-table').count()).toBeGreaterThanOrEqual(2);
    await animationsDone(page);
    await keepScreenshot(page, 'material-modules-desktop-light');

    await page.getByTestId(`module-edit-${moduleId}`).click();
    const drawer = page.getByTestId('module-drawer');
    await drawer.getByTestId('module-games').waitFor();
    const before = await listIds(page, 'module-games');
    reordered = { id: moduleId, gameIds: before };
    await animationsDone(page);
    await keepScreenshot(page, 'material-module-drawer-desktop-light');

    // The first game is dragged by its handle below the third.
    const handle = drawer.getByTestId(`module-game-drag-${before[0]}`);
    // In the middle of the drawer, away from the edges where dragging scrolls the drawer.
    await drawer.getByTestId('module-games').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = (await handle.boundingBox())!;
    const to = (await drawer.getByTestId(`module-game-row-${before[2]}`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 6, { steps: 20 });
    await page.mouse.up();
    const expected = [before[1]!, before[2]!, before[0]!, ...before.slice(3)];
    await expect.poll(() => listIds(page, 'module-games')).toEqual(expected);
    await page.getByTestId('material-save').click();
    await drawer.waitFor({ state: 'hidden' });

    const [saved] = await db<{ ids: number[] }>(
      `select array_agg(game_id order by position) as ids from lobby_module_games where module_id = $1`,
      [moduleId],
    );
    expect(saved!.ids).toEqual(expected);
    // The lobby serves the games it shows in the module's new order.
    await expect.poll(() => lobbyModuleGames(page, moduleId)).toEqual(expected.filter((id) => lobbyBefore.includes(id)));
    await context.close();
  });

  it('a game tagged hot with the bulk menu shows on the recommend page, at the end of the hot games', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    const [game] = await db<{ id: number; code: string; tag: number; tag_sort: number }>(
      `select id, code, tag, tag_sort from games where site_id = 'tw_web' and tag = 0 and listed and visible and status = 'ACTIVE'
       order by id limit 1`,
    );
    tagged = { id: game!.id, tag: game!.tag, tagSort: game!.tag_sort };

    await navigate(page, '/material/game');
    await page.getByTestId('game-page').waitFor();
    await page.getByTestId('game-filter-text').fill(game!.code);
    await page.getByTestId('game-search').click();
    await expect.poll(() => rows(page, 'game-table').count()).toBe(1);
    await page.getByTestId('game-table').locator(`tr[data-row-key="${game!.id}"] input[type="checkbox"]`).check();
    await page.getByTestId('game-bulk-tag').click();
    await page.getByTestId('bulk-tag-1').click();
    await page.locator('.ant-message-notice', { hasText: 'Saved successfully: 1 changed' }).waitFor();
    await expect.poll(() => page.getByTestId(`game-tag-${game!.id}`).innerText()).toBe('Hot');

    await page.getByTestId('side-menu').locator('[data-menu-id$="/material/tag"]').click();
    await page.getByTestId('tag-page').waitFor();
    await expect.poll(async () => (await listIds(page, 'recommend-list')).at(-1)).toBe(game!.id);
    // The saved notice gone, so it does not cover the header.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await page.mouse.move(700, 890);
    await animationsDone(page);
    await keepScreenshot(page, 'material-tags-desktop-light');
    await context.close();
  });

  it('an agent with GAME_READ only sees the games and no write controls', async () => {
    const { context: adminContext, page: admin } = await openSignedIn(browser(), { width: 1440, height: 900 });
    const [agent] = await db<{ id: number; permissions: string[] }>(
      `select id, permissions from accounts where site_id = 'tw_web' and account_no = $1`,
      [READER],
    );
    narrowed = { accountNo: READER, permissions: agent!.permissions };
    const changed = await manageApi(admin, await tokenOf(admin), 'agent/change_permissions', { id: agent!.id, permissions: ['GAME_READ'] });
    expect(changed.success, JSON.stringify(changed)).toBe(true);
    await adminContext.close();

    const { context, page } = await openSignedIn(
      browser(),
      { width: 1440, height: 900 },
      { credentials: { accountNo: READER, password: DEMO_ADMIN.password }, landing: (p) => p.getByTestId('side-menu') },
    );
    await useEnglish(page);
    const menu = page.getByTestId('side-menu');
    await menu.locator('[data-menu-id$="/material"]').click();
    // Only the game page of the four.
    await expect.poll(() => menu.locator('[data-menu-id*="/material/"]').count()).toBe(1);
    await menu.locator('[data-menu-id$="/material/game"]').click();
    await page.getByTestId('game-page').waitFor();
    await expect.poll(() => rows(page, 'game-table').count()).toBe(10);
    await page.getByTestId('material-readonly').waitFor();
    expect(await page.locator('[data-testid^="game-edit-"]').count()).toBe(0);
    expect(await page.getByTestId('game-bulk-status').count()).toBe(0);
    expect(await page.getByTestId('game-bulk-tag').count()).toBe(0);
    expect(await page.getByTestId('game-table').locator('tbody input[type="checkbox"]').count()).toBe(0);
    await animationsDone(page);
    await keepScreenshot(page, 'material-games-reader-desktop-light');
    await context.close();
  });
});
