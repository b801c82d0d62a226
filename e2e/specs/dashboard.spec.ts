import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toMinorUnits } from '@agent-bo/shared';
import { SCREENSHOTS, keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { minutesAgo, providerCall } from '../support/provider-api.js';
import { expectChartsDrawn } from '../support/charts.js';
import { settled } from '../support/settled.js';

const browser = useBrowser();

/**
 * The dashboard's statistics in Chromium. Bets arrive as a provider sends them (signed calls to
 * the running server's provider API, HMAC-SHA256 of `${timestamp}.${body}` under the provider's
 * secret read from the database), placed a few minutes ago so they count today, inside the
 * default range (this business week). Other specs may have left settled bets of their own, so
 * the KPIs are read before and after: the difference is exactly what this spec settled.
 */

const RUN = `dash${Date.now().toString(36)}`;

/** A shown amount ("1,234.50", "-1,050.00") in minor units: the grouping commas dropped, then the shared parser. */
const shownMinor = (text: string) => toMinorUnits(text.replace(/,/g, '').trim());

async function kpis(page: Page) {
  const text = async (id: string) => (await page.getByTestId(id).textContent()) ?? '';
  return {
    sales: shownMinor(await text('dash-kpi-sales')),
    valid: shownMinor(await text('dash-kpi-valid')),
    winLoss: shownMinor(await text('dash-kpi-winloss')),
    count: BigInt((await text('dash-kpi-count')).replace(/,/g, '')),
    visits: BigInt((await text('dash-kpi-visits')).replace(/,/g, '')),
  };
}

/** Places and settles three bets of one verified player of agentC01 (PG slots twice, EVO live once). */
async function playBets(): Promise<{ sales: bigint; valid: bigint; winLoss: bigint; count: bigint }> {
  const [row] = await db<{ account_no: string }>(
    `select a.account_no from accounts a join accounts p on p.id = a.parent_id
      where a.site_id = 'tw_web' and p.account_no = 'agentC01' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED'
        and 'EVO' = any(a.providers) and 'PG' = any(a.providers) and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
      order by a.id limit 1`,
  );
  const player = row!.account_no;
  const bet = (n: number, category: string, betAmount: string, minutes: number) => ({
    betId: `${RUN}-${n}`,
    playerAccountNo: player,
    gameCode: `${category.toLowerCase()}-e2e`,
    gameCategory: category,
    roundId: `${RUN}-r${n}`,
    betAmount,
    placedAt: minutesAgo(minutes),
  });
  await providerCall('PG', 'bets/place', [bet(1, 'SLOT', '1000.00', 4), bet(2, 'SLOT', '300.00', 3)]);
  await providerCall('EVO', 'bets/place', [bet(3, 'LIVE', '200.00', 3)]);
  await providerCall('PG', 'bets/settle', [
    { betId: `${RUN}-1`, validBet: '1000.00', payout: '0.00', settledAt: minutesAgo(2) },
    { betId: `${RUN}-2`, validBet: '250.00', payout: '450.00', settledAt: minutesAgo(2) },
  ]);
  await providerCall('EVO', 'bets/settle', [{ betId: `${RUN}-3`, validBet: '200.00', payout: '0.00', settledAt: minutesAgo(1) }]);
  // 1,500.00 staked, 1,450.00 valid, paid 450.00: the members' result is −1,050.00
  return { sales: 150_000n, valid: 145_000n, winLoss: -105_000n, count: 3n };
}

/**
 * Scrolls the page's own scroll area so `testId` starts at the top (`block: 'end'`: ends at the
 * bottom), then waits for the screen to be still: the mouse stays parked outside the viewport, so
 * no chart under it shows a hover tooltip.
 */
async function scrollTo(page: Page, testId: string, block: 'start' | 'end' = 'start'): Promise<void> {
  await page.getByTestId(testId).evaluate((el, b) => el.scrollIntoView({ block: b, behavior: 'instant' }), block);
  await settled(page);
}

/**
 * The shell scrolls inside its content area, so a full-page screenshot is one screen: keep the
 * top, then the screens the charts are on.
 */
async function shootAll(page: Page, name: string, targets: { testId: string; block?: 'start' | 'end' }[]): Promise<void> {
  if (!SCREENSHOTS) return;
  // scrollTo waits for stillness with the mouse parked outside the viewport: the header toggle
  // just clicked keeps no tooltip in the pictures
  await scrollTo(page, 'dashboard');
  await keepScreenshot(page, name);
  for (const [i, t] of targets.entries()) {
    await scrollTo(page, t.testId, t.block);
    await keepScreenshot(page, `${name}-${i + 1}`);
  }
  await scrollTo(page, 'dashboard');
}

const DESKTOP_SHOTS = [{ testId: 'dash-stats' }, { testId: 'dash-by-category', block: 'end' as const }];

describe('dashboard statistics', () => {
  it('KPIs grow by exactly the bets settled through the provider API; four charts drawn', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    await page.getByTestId('dash-kpi-sales').waitFor();
    const before = await kpis(page);

    const played = await playBets();
    await page.reload();
    await page.getByTestId('dash-kpi-sales').waitFor();
    await expect.poll(async () => (await kpis(page)).sales).toBe(before.sales + played.sales);
    const after = await kpis(page);
    expect(after.valid - before.valid).toBe(played.valid);
    expect(after.winLoss - before.winLoss).toBe(played.winLoss);
    expect(after.count - before.count).toBe(played.count);
    expect(after.visits).toBeGreaterThanOrEqual(1n); // this very sign-in

    const range = (await page.getByTestId('dash-stats-range').textContent()) ?? '';
    // Opens on the current business day, like the report and the bet page.
    expect(range).toMatch(/^(\d{4}-\d\d-\d\d) to \1 \(business days: 1,/);
    await expectChartsDrawn(page);
    await shootAll(page, 'dashboard-desktop-light', DESKTOP_SHOTS);

    // one provider: the sales KPI is PG's alone, and PG's share grew by this spec's PG bets
    await page.getByTestId('dash-provider').click();
    await page.getByTitle('PG Soft (PG)').click();
    await page.getByTestId('dash-search').click();
    await expect.poll(async () => (await kpis(page)).sales).toBeLessThan(after.sales);
    await context.close();
  });
});
