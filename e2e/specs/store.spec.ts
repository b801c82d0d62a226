import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { manageApi, tokenOf } from '../support/manage-api.js';
import { minutesAgo, providerCall } from '../support/provider-api.js';

const browser = useBrowser();

/**
 * The points store (/store) in Chromium on tw_web's demo data, in two tests that each make what
 * they need: the admin publishes a goods item with a picture through the goods drawer; and a
 * player of the demo, who earned points from a settled bet (the earning job), redeems a goods
 * item of the test's own at the player API, the order shows on the order page and is shipped with
 * a note after the confirmation, and the player's points detail shows the redemption with the
 * balance after it. The four pages at 390 px and in the dark theme: layout.spec.ts.
 */
const RUN = `e2e${Date.now().toString(36)}`;
const GOODS_NAME = `Store spec mug ${RUN}`;
const BOTTLE_NAME = `Store spec bottle ${RUN}`;
const NOTE = `Courier ${RUN.toUpperCase()}`;
let player = '';
/** The goods the tests made, set back to Draft afterwards. */
const madeGoods: number[] = [];

beforeAll(async () => {
  // A verified, unrestricted player of agentC01 with EVO, as the bet spec picks one.
  const [row] = await db<{ account_no: string }>(
    `select a.account_no from accounts a join accounts p on p.id = a.parent_id
      where a.site_id = 'tw_web' and p.account_no = 'agentC01' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED'
        and 'EVO' = any(a.providers) and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
      order by a.id desc limit 1`,
  );
  player = row!.account_no;
  // Points are earned from valid bets only: a settled bet gives the player some.
  await providerCall('EVO', 'bets/place', [
    {
      betId: `${RUN}-1`,
      playerAccountNo: player,
      gameCode: `${RUN}-baccarat`,
      gameCategory: 'LIVE',
      roundId: `${RUN}-r1`,
      betAmount: '500.00',
      placedAt: minutesAgo(2),
    },
  ]);
  await providerCall('EVO', 'bets/settle', [{ betId: `${RUN}-1`, validBet: '500.00', payout: '0.00', settledAt: minutesAgo(1) }]);
});

afterAll(async () => {
  // The spec's goods stay out of the demo's store: a published item with a shipped order cannot be
  // deleted, so it is set back to Draft.
  if (madeGoods.length > 0) await db(`update store_goods set status = 'Draft' where id = any($1)`, [madeGoods]);
});

const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr.ant-table-row');

/** Picks an option of an antd select by its visible label. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option:visible', { hasText: label }).first().click();
}

/** A picture the server accepts: one of the demo's content banners, as a file. */
async function pictureFile(page: Page): Promise<string> {
  const [row] = await db<{ image_id: string }>(`select image_id from content_items where image_id is not null order by id limit 1`);
  const bytes = await page.evaluate(
    async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())),
    `/api/files/${row!.image_id}`,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'store-e2e-')), 'mug.png');
  writeFileSync(file, Buffer.from(bytes));
  return file;
}

/** A call of the game client's player API. */
async function playerApi<T>(page: Page, method: 'GET' | 'POST', path: string, token?: string, data?: unknown) {
  const response = await page.request.fetch(`/api/client/player/${path}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    data,
  });
  return (await response.json()) as { success: boolean; code: number; message: string; data: T };
}

describe('points store', () => {
  it('publishes goods with a picture through the goods drawer (desktop)', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);

    // /store opens the goods.
    const menu = page.getByTestId('side-menu');
    await menu.locator('[data-menu-id$="/store"]').click();
    await menu.locator('[data-menu-id$="/store/goods"]').click();
    await page.getByTestId('store-goods-page').waitFor();
    await page.goto('/store');
    await page.getByTestId('store-goods-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/store/goods');
    await expect.poll(() => rows(page, 'goods-table').count()).toBeGreaterThan(0);

    // A new goods item: names in two locales, a picture, category, price 1, stock 5, published.
    await page.getByTestId('goods-create').click();
    const drawer = page.getByTestId('goods-drawer');
    await drawer.getByTestId('store-name-zh_TW').fill(`測試馬克杯 ${RUN}`);
    await drawer.getByTestId('store-tab-en').click();
    await drawer.getByTestId('store-name-en').fill(GOODS_NAME);
    await drawer.getByTestId('store-description-en').fill('A mug made by the browser suite.');
    await choose(page, 'goods-category', 'Gifts');
    await drawer.getByTestId('goods-image-new-input').setInputFiles(await pictureFile(page));
    await expect.poll(() => drawer.getByTestId('goods-image-0').locator('img').count()).toBe(1);
    await drawer.getByTestId('goods-price').fill('1');
    await drawer.getByTestId('goods-stock').fill('5');
    await choose(page, 'goods-status', 'Published');
    await keepScreenshot(page, 'store-goods-drawer-desktop-light');
    await page.getByTestId('store-save').click();
    await drawer.waitFor({ state: 'hidden' });
    const [saved] = await db<{ id: number; stock: number; price: number; status: string; images: number }>(
      `select id, stock, price, status, cardinality(image_ids) as images from store_goods where name->>'en' = $1`,
      [GOODS_NAME],
    );
    expect(saved).toMatchObject({ stock: 5, price: 1, status: 'Published', images: 1 });
    const goodsId = saved!.id;
    madeGoods.push(goodsId);
    await page.getByTestId('goods-filter-name').fill(RUN);
    await page.getByTestId('goods-search').click();
    await expect.poll(() => page.getByTestId(`goods-stock-${goodsId}`).innerText()).toBe('5');
    await keepScreenshot(page, 'store-goods-desktop-light');

    await context.close();
  });

  it('a player redeems goods at the player API; the order is shipped with a note and shows in the points detail', async () => {
    // A published goods item of this test's own, through the back office API.
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }, { at: '/store/order' });
    await useEnglish(page);
    const [category] = await db<{ id: number }>(`select id from store_categories where site_id = 'tw_web' order by id limit 1`);
    const created = await manageApi<{ id: number }>(page, await tokenOf(page), 'store/goods/save', {
      categoryId: category!.id,
      name: { zh_TW: `測試水壺 ${RUN}`, en: BOTTLE_NAME, th: '', vi: '' },
      price: 1,
      stock: 5,
      status: 'Published',
    });
    expect(created.success, JSON.stringify(created)).toBe(true);
    const goodsId = created.data.id;
    madeGoods.push(goodsId);
    const menu = page.getByTestId('side-menu');
    await page.getByTestId('store-order-page').waitFor();

    // The player earns points (the earning job runs every few seconds), signs in and redeems.
    const signin = await playerApi<{ token: string }>(page, 'POST', 'signin', undefined, {
      accountNo: player,
      password: DEMO_ADMIN.password,
    });
    expect(signin.success, JSON.stringify(signin)).toBe(true);
    const token = signin.data.token;
    await expect
      .poll(async () => (await playerApi<{ balance: number }>(page, 'GET', 'points', token)).data.balance, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const published = await playerApi<{ id: number }[]>(page, 'GET', 'goods?lang=en');
    expect(published.data.map((g) => g.id)).toContain(goodsId);
    const redeemed = await playerApi<{ order: { id: number; status: string }; balance: number }>(page, 'POST', 'redeem', token, {
      goodsId,
      quantity: 1,
      idempotencyKey: `${RUN}-redeem`,
    });
    expect(redeemed.success, JSON.stringify(redeemed)).toBe(true);
    const orderId = redeemed.data.order.id;
    expect(redeemed.data.order.status).toBe('Unshipped');

    // The order page lists it; it is shipped with a note after the confirmation.
    await page.getByTestId('order-filter-player').fill(player);
    await page.getByTestId('order-search').click();
    await expect.poll(() => page.getByTestId(`order-status-${orderId}`).innerText()).toBe('Unshipped');
    expect(await page.getByTestId(`order-goods-${orderId}`).innerText()).toContain(BOTTLE_NAME);
    await keepScreenshot(page, 'store-orders-desktop-light');
    await page.getByTestId(`order-ship-${orderId}`).click();
    const modal = page.getByTestId('order-action-modal');
    await modal.getByTestId('order-note').fill(NOTE);
    await keepScreenshot(page, 'store-ship-modal-desktop-light');
    await page.getByTestId('order-action-ok').click();
    await expect.poll(() => page.getByTestId(`order-status-${orderId}`).innerText()).toBe('Shipped');
    expect(await page.getByTestId(`order-note-${orderId}`).innerText()).toContain(NOTE);
    const [order] = await db<{ status: string; shipping_note: string }>(`select status, shipping_note from store_orders where id = $1`, [
      orderId,
    ]);
    expect(order).toEqual({ status: 'Shipped', shipping_note: NOTE });
    // The player sees it shipped too.
    const orders = await playerApi<{ list: { id: number; status: string; shippingNote: string | null }[] }>(page, 'POST', 'orders', token, {
      page: 1,
      pageSize: 10,
    });
    expect(orders.data.list.find((o) => o.id === orderId)).toMatchObject({ status: 'Shipped', shippingNote: NOTE });

    // The player's points detail: the redemption, −1, with the balance the player API answered.
    await menu.locator('[data-menu-id$="/store/points"]').click();
    await page.getByTestId('store-points-page').waitFor();
    await page.getByTestId('points-filter-player').fill(player);
    await page.getByTestId('points-search').click();
    const first = rows(page, 'points-table').first();
    await expect.poll(() => first.innerText()).toContain('Store redemption');
    expect(await first.innerText()).toContain('−1');
    expect(await first.innerText()).toContain(redeemed.data.balance.toLocaleString('en-US'));
    await expect.poll(() => page.getByTestId('points-zone').innerText()).toContain(`${player}: `);
    await keepScreenshot(page, 'store-points-desktop-light');

    await menu.locator('[data-menu-id$="/store/category"]').click();
    await page.getByTestId('store-category-page').waitFor();
    await expect.poll(() => rows(page, 'category-table').count()).toBeGreaterThanOrEqual(3);
    await keepScreenshot(page, 'store-categories-desktop-light');
    await context.close();
  });
});
