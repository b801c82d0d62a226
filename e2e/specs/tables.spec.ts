import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { keepScreenshot, navigate, openSignedIn, setDark, useBrowser } from '../support/browser.js';
import { evoPlayerOfAgentC01, minutesAgo, providerCall } from '../support/provider-api.js';
import { hiddenCells, tableScrollWidths, unmarkedScrollEdges, wrappedCells } from '../support/table.js';

const browser = useBrowser();

/**
 * Tables never hide data (docs/DECISIONS.md, "Tables that fit"): at 1440 px, in the languages
 * with the longest labels, no cell's text lies under a pinned column or behind an ellipsis, a
 * table with columns beyond its edge shows a shadow there, dates and money stay on one line, and
 * the side menu shows the product name and every entry whole.
 */
const PAGES: { path: string; ready: string }[] = [
  { path: '/member/index', ready: 'agents-table' },
  { path: '/bet/index', ready: 'bet-table' },
  { path: '/report/agent', ready: 'report-page' },
  { path: '/log/index', ready: 'log-table-operation' },
  { path: '/provider/index', ready: 'provider-table' },
  { path: '/permission/index', ready: 'permission-page' },
  { path: '/material/game', ready: 'game-table' },
  { path: '/material/collection', ready: 'module-table' },
  { path: '/store/goods', ready: 'goods-table' },
  { path: '/store/points', ready: 'points-table' },
  { path: '/store/order', ready: 'order-table' },
];

async function loaded(page: Page, path: string, ready: string): Promise<void> {
  await navigate(page, path);
  await page.getByTestId(ready).waitFor();
  // Rows, or the empty state where this database has none for the default range: the header
  // row is checked either way.
  await page.locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
}

for (const locale of ['th', 'vi', 'en'] as const) {
  describe(`tables at 1440 px in ${locale}`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }));
      await page.getByTestId('locale-picker').click();
      await page.getByTestId(`locale-option-${locale}`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, locale);
    });
    afterAll(async () => {
      await context?.close();
    });

    for (const { path, ready } of PAGES) {
      it(`${path}: no cell hidden under a pinned column or cut`, async () => {
        await loaded(page, path, ready);
        const hidden = await hiddenCells(page);
        if (hidden.length > 0) await keepScreenshot(page, `tables-${locale}${path.replaceAll('/', '-')}`);
        expect(hidden).toEqual([]);
        // Columns beyond the table's edge are shown to be there: the edge carries a shadow.
        expect(await unmarkedScrollEdges(page)).toEqual([]);
      });
    }

    it('member dates, money and account numbers stay on one line', async () => {
      await loaded(page, '/member/index', 'agents-table');
      expect(await wrappedCells(page, 'agents-table', 'nowrap')).toEqual([]);
    });

    it('the side menu shows the product name and every entry whole', async () => {
      await loaded(page, '/material/game', 'game-table');
      // Every submenu open, so every entry is drawn.
      for (const title of await page.locator('.side-menu .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title').all()) {
        await title.click();
      }
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.side-menu .ant-menu-title-content, .app-logo__title'))
          .filter((el) => el.offsetParent && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      await keepScreenshot(page, `tables-side-menu-${locale}`);
    });
  });
}

describe('a table wider than its box', () => {
  beforeAll(async () => {
    // Bets of this spec's own, placed a few minutes ago (today's business day, the page's default).
    const player = await evoPlayerOfAgentC01();
    const run = `tbl${Date.now().toString(36)}`;
    const bets = Array.from({ length: 6 }, (_, i) => ({
      betId: `${run}-${i}`,
      playerAccountNo: player,
      gameCode: `${run}-baccarat`,
      gameCategory: 'LIVE',
      roundId: `${run}-r${i}`,
      betAmount: '100.00',
      placedAt: minutesAgo(3),
    }));
    await providerCall('EVO', 'bets/place', bets);
    await providerCall(
      'EVO',
      'bets/settle',
      bets.map((b) => ({ betId: b.betId, validBet: '100.00', payout: '195.00', settledAt: minutesAgo(2) })),
    );
  });

  it('shows a shadow on each edge with columns beyond it, in both themes', async () => {
    // 1100 px: still the desktop layout, and narrower than the bet table's narrowest layout.
    const { context, page } = await openSignedIn(browser(), { width: 1100, height: 800 }, { at: '/bet/index' });
    await page.locator('[data-testid="bet-table"] .ant-table-row').first().waitFor();
    const widths = await tableScrollWidths(page, 'bet-table');
    expect(widths!.scroll).toBeGreaterThan(widths!.client);
    expect(await unmarkedScrollEdges(page)).toEqual([]);
    // Half way along, columns lie beyond both edges.
    await page.locator('[data-testid="bet-table"] .ant-table-content, [data-testid="bet-table"] .ant-table-body').evaluate((el) => {
      el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    });
    await expect
      .poll(() =>
        page
          .locator(
            '[data-testid="bet-table"] .ant-table-fix-start-shadow-show, [data-testid="bet-table"] .ant-table-cell-fix-start-shadow-show',
          )
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await unmarkedScrollEdges(page)).toEqual([]);
    await setDark(page, true);
    expect(await unmarkedScrollEdges(page)).toEqual([]);
    await keepScreenshot(page, 'tables-scroll-edges-dark');
    await context.close();
  });
});

describe('tables on a phone (390 px)', () => {
  /** Whether the last column of the table under `testId` is pinned to its end (cells of the first row and the header). */
  async function actionsPinned(page: Page, testId: string): Promise<boolean> {
    const table = page.getByTestId(testId);
    await table.locator('.ant-table-row').first().waitFor();
    return table.evaluate((el) => {
      const lastOf = (row: Element | null) => row?.lastElementChild?.classList.contains('ant-table-cell-fix-end') ?? false;
      return lastOf(el.querySelector('thead tr')) && lastOf(el.querySelector('.ant-table-row'));
    });
  }

  it('keeps the actions column pinned in the member tables, as in the material tables', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 390, height: 844 }, { at: '/member/index' });
    // The agents, players and shadows tables share their columns (member-columns.tsx).
    expect(await actionsPinned(page, 'agents-table')).toBe(true);
    await keepScreenshot(page, 'tables-phone-agents');
    await navigate(page, '/material/game');
    expect(await actionsPinned(page, 'game-table')).toBe(true);
    await context.close();
  });
});
