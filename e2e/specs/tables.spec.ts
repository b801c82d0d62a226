import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { keepScreenshot, navigate, openSignedIn, useBrowser } from '../support/browser.js';
import { hiddenCells, wrappedCells } from '../support/table.js';

const browser = useBrowser();

/**
 * Tables never hide data (docs/DECISIONS.md, "Tables that fit"): at 1440 px, in the languages
 * with the longest labels, no cell's text lies under a pinned column or behind an ellipsis, dates
 * and money stay on one line, and the side menu shows the product name and every entry whole.
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
