import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { evoPlayerOfAgentC01, minutesAgo, providerCall } from '../support/provider-api.js';
import { tableScrollWidths } from '../support/table.js';

const browser = useBrowser();

/**
 * The bet page (/bet/index) in Chromium. Bets arrive as a provider sends them: signed calls to
 * the provider API of the running server (HMAC-SHA256 of `${timestamp}.${body}` under the
 * provider's secret, read from the database), placed a few minutes ago so they fall in today's
 * business day, the page's default range. One bet is resettled, so its detail shows a
 * Superseded version.
 */

const RUN = `e2e${Date.now().toString(36)}`;
const BET = { resettled: `${RUN}-1`, lost: `${RUN}-2`, open: `${RUN}-3` };
let player = '';

beforeAll(async () => {
  player = await evoPlayerOfAgentC01();
  await providerCall('EVO', 'bets/place', [
    {
      betId: BET.resettled,
      playerAccountNo: player,
      gameCode: `${RUN}-baccarat`,
      gameCategory: 'LIVE',
      roundId: `${RUN}-r1`,
      betAmount: '100.00',
      placedAt: minutesAgo(3),
    },
    {
      betId: BET.lost,
      playerAccountNo: player,
      gameCode: `${RUN}-roulette`,
      gameCategory: 'LIVE',
      roundId: `${RUN}-r2`,
      betAmount: '250.00',
      placedAt: minutesAgo(2),
    },
    {
      betId: BET.open,
      playerAccountNo: player,
      gameCode: `${RUN}-baccarat`,
      gameCategory: 'LIVE',
      roundId: `${RUN}-r3`,
      betAmount: '40.00',
      placedAt: minutesAgo(1),
    },
  ]);
  await providerCall('EVO', 'bets/settle', [
    { betId: BET.resettled, validBet: '100.00', payout: '195.00', settledAt: minutesAgo(2) },
    { betId: BET.lost, validBet: '250.00', payout: '0.00', settledAt: minutesAgo(1) },
  ]);
  await providerCall('EVO', 'bets/resettle', [
    { betId: BET.resettled, validBet: '100.00', payout: '0.00', settledAt: new Date().toISOString() },
  ]);
});

async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('bet-versions').waitFor({ state: 'detached' });
}

/**
 * Searches by account, narrowed to this run's games (a prefix match): other specs' bets, e.g.
 * the simulator's, may run first in the suite and would push these off the first page.
 */
async function search(page: Page, account: string): Promise<void> {
  await page.getByTestId('bet-account').fill(account);
  await page.getByTestId('bet-game').fill(RUN);
  await page.getByTestId('bet-search').click();
}

const cell = (page: Page, betId: string, col: string) => page.getByTestId(`bet-row-${betId}`).locator(`[data-col="${col}"]`);

describe('bet page', () => {
  it('search by the player and by an agent above it; the detail of a resettled bet shows the superseded version; on a phone the table scrolls inside and the detail fills the screen', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }, { at: '/bet/index' });
    await useEnglish(page);
    await page.getByTestId('bet-page').waitFor();

    await search(page, player);
    await page.getByTestId(`bet-row-${BET.resettled}`).waitFor();
    await page.getByTestId(`bet-row-${BET.lost}`).waitFor();
    await page.getByTestId(`bet-row-${BET.open}`).waitFor();
    // the current version of the resettled bet only: lost 100.00 after first winning 95.00
    await expect.poll(() => cell(page, BET.resettled, 'winLoss').getAttribute('data-value')).toBe('-100.00');
    expect(await cell(page, BET.resettled, 'winLoss').getAttribute('data-sign')).toBe('loss');
    expect(await page.getByTestId(`bet-row-${BET.open}`).innerText()).toContain('Unsettled');
    expect(await page.getByTestId(`bet-row-${BET.resettled}`).innerText()).toContain('v2');
    // newest first
    const order = await page
      .locator('[data-testid="bet-table"] tbody tr[data-testid^="bet-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    const mine = order.filter((id) => id?.includes(RUN));
    expect(mine).toEqual([`bet-row-${BET.open}`, `bet-row-${BET.lost}`, `bet-row-${BET.resettled}`]);
    await page.getByTestId('bet-totals').waitFor();
    await keepScreenshot(page, 'bet-desktop-light');

    // an agent two levels above the player sees the same bets
    await search(page, 'agentB01');
    await page.getByTestId(`bet-row-${BET.lost}`).waitFor();
    await page.getByTestId(`bet-row-${BET.resettled}`).waitFor();
    // an agent of another branch does not
    await search(page, 'agentA02');
    await expect.poll(() => page.getByTestId(`bet-row-${BET.lost}`).count()).toBe(0);

    // the detail after the resettle
    await search(page, player);
    await page.getByTestId(`bet-open-${BET.resettled}`).click();
    const versions = page.getByTestId('bet-versions');
    await versions.waitFor();
    await expect.poll(() => page.getByTestId('bet-version-1').innerText()).toContain('Superseded');
    expect(await page.getByTestId('bet-version-1').locator('[data-col="winLoss"]').getAttribute('data-value')).toBe('95.00');
    expect(await page.getByTestId('bet-version-2').innerText()).toContain('Settled');
    expect(await page.getByTestId('bet-version-2').getAttribute('data-current')).toBe('yes');
    expect(await page.getByTestId('bet-detail-chain').innerText()).toBe('admin001 › agentA01 › agentB01 › agentC01');
    await keepScreenshot(page, 'bet-desktop-light-detail');
    await closeDrawer(page);

    // The same page on a phone: the table scrolls sideways, not the page; the detail fills the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await tableScrollWidths(page, 'bet-table'))?.page).toBeLessThanOrEqual(390);
    const overflow = await tableScrollWidths(page, 'bet-table');
    expect(overflow!.scroll).toBeGreaterThan(overflow!.client);
    await keepScreenshot(page, 'bet-mobile-light');
    await page.getByTestId(`bet-open-${BET.resettled}`).click();
    await page.getByTestId('bet-version-1').waitFor();
    expect(await page.locator('.ant-drawer-content-wrapper').evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(390);
    await keepScreenshot(page, 'bet-mobile-light-detail');
    await context.close();
  });
});
