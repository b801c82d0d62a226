import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { keepScreenshot, navigate, openSignedIn, useBrowser } from '../support/browser.js';

const browser = useBrowser();

/**
 * Every server-paged table keeps two rules (docs/DECISIONS.md, "Grids"): Search asks the server
 * again even when the filters are unchanged, and a failed load shows the failure with a retry
 * button instead of "No data". The failure is the real server's answer replaced by a 500 in the
 * browser for one request path; everything else is the real app against the real server.
 */
interface Grid {
  name: string;
  path: string;
  /** The list request's path. */
  api: string;
  /** Prefix of the grid's failure, stale and retry test ids. */
  prefix: string;
  /** The table's element and its search control. */
  table: string;
  search: (page: Page) => Promise<void>;
}

const click = (id: string) => (page: Page) => page.getByTestId(id).click();

const GRIDS: Grid[] = [
  {
    name: 'agents',
    path: '/member/index',
    api: '/api/manage/agent/lower_agents',
    prefix: 'agents',
    table: 'agents-table',
    search: click('agents-search'),
  },
  {
    name: 'operation log',
    path: '/log/index',
    api: '/api/manage/log/operation',
    prefix: 'log-operation',
    table: 'log-table-operation',
    search: click('log-operation-search'),
  },
  { name: 'bets', path: '/bet/index', api: '/api/manage/bet/list', prefix: 'bet', table: 'bet-table', search: click('bet-search') },
  {
    name: 'agent report',
    path: '/report/agent',
    api: '/api/manage/report/agent',
    prefix: 'report',
    table: 'report-page',
    search: click('report-search'),
  },
  {
    name: 'providers',
    path: '/provider/index',
    api: '/api/manage/provider/list',
    prefix: 'provider',
    table: 'provider-table',
    search: click('provider-refresh'),
  },
  {
    name: 'roles',
    path: '/permission/index',
    api: '/api/manage/role/list',
    prefix: 'role',
    table: 'permission-page',
    search: (page) => page.getByTestId('role-filter-name').locator('input').press('Enter'),
  },
  ...(
    [
      ['store categories', 'category', 'category'],
      ['store goods', 'goods', 'goods'],
      ['store points detail', 'points', 'points'],
      ['store orders', 'order', 'order'],
    ] as const
  ).map(([name, area, prefix]) => ({
    name,
    path: `/store/${area}`,
    api: `/api/manage/store/${area}/list`,
    prefix,
    table: `${prefix}-table`,
    search: click(`${prefix}-search`),
  })),
];

/** Counts the list requests the page sends from now on. */
function countRequests(page: Page, api: string): () => number {
  let n = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === api) n += 1;
  });
  return () => n;
}

describe('server-paged grids', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }));
    // English texts, as useEnglish sets them (its polling is for tests, not hooks).
    await page.getByTestId('locale-picker').click();
    await page.getByTestId('locale-option-en').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const grid of GRIDS) {
    it(`${grid.name}: Search always asks the server; a failed load says so with a retry, and the retry loads the rows`, async () => {
      const requests = countRequests(page, grid.api);
      await navigate(page, grid.path);
      await page.getByTestId(grid.table).waitFor();
      await expect.poll(requests, { message: 'first load' }).toBeGreaterThanOrEqual(1);
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });

      // Unchanged filters: Search fetches again.
      const before = requests();
      await grid.search(page);
      await expect.poll(requests, { message: 'search with unchanged filters' }).toBe(before + 1);

      // The server fails every list request: the reload shows the failure, not "No data".
      await page.route(`**${grid.api}`, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, code: 500, message: 'Server error', data: null }),
        }),
      );
      await page.reload();
      const failed = page.getByTestId(`${grid.prefix}-failed`);
      await failed.waitFor();
      expect(await failed.innerText()).toContain('The list could not be loaded');
      await keepScreenshot(page, `grid-failed-${grid.prefix}`);

      // The server is back: one click on retry loads the rows.
      await page.unroute(`**${grid.api}`);
      await page.getByTestId(`${grid.prefix}-retry`).click();
      await failed.waitFor({ state: 'detached' });
    });
  }
});
