import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newContext, openSignedIn, useBrowser } from '../support/browser.js';
import { settled } from '../support/settled.js';

const browser = useBrowser();

/** Every screen of the menu (and its main element to wait for), checked in both themes. */
const SCREENS: { path: string; ready: string }[] = [
  { path: '/dashboard', ready: 'dash-stats' },
  { path: '/report/agent', ready: 'report-page' },
  { path: '/bet/index', ready: 'bet-page' },
  { path: '/member/index', ready: 'agents-table' },
  { path: '/material/category', ready: 'category-table' },
  { path: '/material/game', ready: 'game-page' },
  { path: '/material/tag', ready: 'tag-page' },
  { path: '/material/collection', ready: 'module-page' },
  { path: '/announcement/activity', ready: 'content-table' },
  { path: '/store/category', ready: 'store-category-page' },
  { path: '/store/goods', ready: 'store-goods-page' },
  { path: '/store/points', ready: 'store-points-page' },
  { path: '/store/order', ready: 'store-order-page' },
  { path: '/log/index', ready: 'log-table-operation' },
  { path: '/permission/index', ready: 'permission-page' },
  { path: '/provider/index', ready: 'provider-table' },
  { path: '/error-log/list', ready: 'error-log-page' },
];

async function setTheme(page: Page, dark: boolean): Promise<void> {
  const toggle = page.getByTestId('dark-toggle');
  if ((await toggle.getAttribute('aria-checked')) !== String(dark)) await toggle.click();
  await page.waitForFunction((d) => document.documentElement.classList.contains('dark') === d, dark);
}

describe('accessibility (axe-core, WCAG 2.2 AA): no critical or serious finding', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }));
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const dark of [false, true]) {
    for (const screen of SCREENS) {
      it(`${screen.path} (${dark ? 'dark' : 'light'})`, async () => {
        await page.goto(screen.path);
        await page.getByTestId(screen.ready).first().waitFor();
        await setTheme(page, dark);
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
        await settled(page);
        const findings = await axeFindings(page);
        expect(findings, describeFindings(findings)).toEqual([]);
      });
    }
  }

  it('the login page, light and dark', async () => {
    const fresh = await newContext(browser(), { width: 1440, height: 900 });
    const login = await fresh.newPage();
    for (const dark of [false, true]) {
      await login.goto('/login');
      await login.getByTestId('login-account').waitFor();
      await setTheme(login, dark);
      await settled(login);
      const findings = await axeFindings(login);
      expect(findings, `${dark ? 'dark' : 'light'}\n${describeFindings(findings)}`).toEqual([]);
    }
    await fresh.close();
  });
});
