import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { keepScreenshot, openSignedIn as openSignedInWith, useBrowser } from '../support/browser.js';
import { closeSettings, openSettings } from '../support/settings.js';
import { settled } from '../support/settled.js';

/**
 * Multi-tab mode (spec §2 "Tabs"): turned on in the settings drawer; tabs open on navigation,
 * close from the context and quick menus, survive a reload, and a kept page keeps its filters and
 * paging across a tab switch. Kept pages stay in the DOM (hidden), so page elements are looked up
 * among the visible ones.
 */

const browser = useBrowser();

const visible = (page: Page, testId: string): Locator => page.getByTestId(testId).filter({ visible: true });

/** Full paths of the tab bar's tabs, left to right. */
const tabPaths = (page: Page) =>
  page.$$eval('[data-testid="multi-tabs"] .ant-tabs-nav-list [data-testid^="tab-/"]', (els) =>
    els.map((el) => el.getAttribute('data-testid')!.slice('tab-'.length)),
  );
const activeTabPath = (page: Page) =>
  page.$eval('[data-testid="multi-tabs"] .ant-tabs-tab-active [data-testid^="tab-/"]', (el) =>
    el.getAttribute('data-testid')!.slice('tab-'.length),
  );
const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

function openSignedIn(size: { width: number; height: number }) {
  return openSignedInWith(browser(), size, {
    // A stuck step fails with its own message before the test's time runs out.
    stepTimeout: 20_000,
    landing: (page) => visible(page, 'dashboard'),
  });
}

/** Turns multi-tab mode on in the settings drawer (it is off by default). */
async function turnTabsOn(page: Page): Promise<void> {
  expect(await page.getByTestId('multi-tabs').count()).toBe(0);
  await openSettings(page);
  const toggle = page.getByTestId('setting-multiTabsSetting.show');
  expect(await toggle.getAttribute('aria-checked')).toBe('false');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  await closeSettings(page);
  await page.getByTestId('multi-tabs').waitFor();
}

async function menuTo(page: Page, path: string, pageTestId: string): Promise<void> {
  const mobile = (page.viewportSize()?.width ?? 1440) < 960;
  if (mobile) await page.getByTestId('menu-toggle').click();
  await page.locator(`.ant-menu [data-menu-id$="${path}"]`).filter({ visible: true }).click();
  await visible(page, pageTestId).waitFor();
  await expect.poll(() => here(page)).toBe(path);
}

/**
 * Waits until a tab switch has done all it does: the shown page's enter animation has ended (the
 * Activity revealed it, so the effects of that commit — the hidden page's cleanups, the shown
 * page's refetches — have run), and a marker request sent by the page after that has come back.
 * Requests are reported in the order the page sends them, so any request the switch started is
 * reported by then.
 */
async function switchDone(page: Page): Promise<void> {
  await settled(page);
  const marker = `/healthz?after-tab-switch=${Date.now()}`;
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(marker)),
    page.evaluate((url) => fetch(url).then((r) => r.status), marker),
  ]);
}

/** Clicks an entry of the open (visible) tab menu. */
async function menuAction(page: Page, action: string): Promise<void> {
  await visible(page, `tabs-action-${action}`).click();
}

describe('multi-tab mode', () => {
  it('opens tabs on navigation, closes others from the context and quick menus, keeps them over a reload (desktop)', async () => {
    const { context, page } = await openSignedIn({ width: 1440, height: 900 });
    await turnTabsOn(page);
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
    // The fixed home tab has no close icon.
    expect(await page.getByTestId('tab-close-/dashboard').count()).toBe(0);

    await menuTo(page, '/member/index', 'member-page');
    await menuTo(page, '/log/index', 'log-page');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/member/index', '/log/index']);
    expect(await activeTabPath(page)).toBe('/log/index');

    // Right-click the members tab: close the others (the fixed tab stays); the closed current tab
    // hands over to the members tab.
    await page.getByTestId('tab-/member/index').click({ button: 'right' });
    await visible(page, 'tabs-action-close-others').waitFor();
    await keepScreenshot(page, 'tabs-context-menu-desktop-light');
    await menuAction(page, 'close-others');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/member/index']);
    await expect.poll(() => here(page)).toBe('/member/index');
    await visible(page, 'member-page').waitFor();

    // Quick menu: from the fixed tab nothing on the left can close.
    await menuTo(page, '/log/index', 'log-page');
    await page.getByTestId('tab-/dashboard').click();
    await visible(page, 'dashboard').waitFor();
    await page.getByTestId('tabs-quick').click();
    await visible(page, 'tabs-action-close-right').waitFor();
    const disabled = async (action: string) =>
      visible(page, `tabs-action-${action}`).evaluate((el) => el.closest('li')?.getAttribute('aria-disabled') === 'true');
    expect(await disabled('close-current')).toBe(true);
    expect(await disabled('close-left')).toBe(true);
    expect(await disabled('close-right')).toBe(false);
    await keepScreenshot(page, 'tabs-quick-menu-desktop-light');
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-/log/index').click();
    await visible(page, 'log-page').waitFor();

    // A reload keeps the tabs and reopens the current URL's tab.
    await page.reload();
    await visible(page, 'log-page').waitFor();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/member/index', '/log/index']);
    expect(await activeTabPath(page)).toBe('/log/index');

    // Quick menu: close all keeps the fixed tab and goes home.
    await page.getByTestId('tabs-quick').click();
    await menuAction(page, 'close-all');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
    await expect.poll(() => here(page)).toBe('/dashboard');
    await context.close();
  });

  it('keeps a member level filtered on page 2 and the log filters across tab switches; a hidden page fetches nothing', async () => {
    const { context, page } = await openSignedIn({ width: 1440, height: 900 });
    await turnTabsOn(page);
    await menuTo(page, '/log/index', 'log-page');
    await visible(page, 'log-filter-operator-operation').fill('admin001');
    await visible(page, 'log-operation-search').click();

    // Drill down to agentC01 (11 players): each level (?parent=) opens a tab of its own.
    await menuTo(page, '/member/index', 'member-page');
    for (const accountNo of ['agentA01', 'agentB01', 'agentC01']) {
      await visible(page, `agent-open-${accountNo}`).click();
      await expect.poll(() => visible(page, 'member-crumb-current').textContent()).toBe(accountNo);
    }
    const levelPath = here(page);
    expect(levelPath).toMatch(/^\/member\/index\?parent=\d+$/);
    expect((await tabPaths(page)).filter((p) => p.startsWith('/member/index'))).toHaveLength(4);
    // A level's tab is named after its account.
    await expect.poll(() => page.getByTestId(`tab-${levelPath}`).textContent()).toBe('agentC01');

    // The players tab (inner tab: the same browser tab moves to ?tab=players), filtered, page 2.
    await visible(page, 'tab-players').click();
    await expect.poll(() => here(page)).toBe(`${levelPath}&tab=players`);
    await expect.poll(() => tabPaths(page)).toContain(`${levelPath}&tab=players`);
    await visible(page, 'players-filter-accountNo').fill('player');
    await visible(page, 'players-search').click();
    const playerRows = visible(page, 'players-table').locator('[data-testid^="player-"]');
    await expect.poll(() => playerRows.count()).toBe(10);
    await visible(page, 'players-table').locator('.ant-pagination-item-2').click();
    await expect.poll(() => playerRows.count()).toBe(1);
    await keepScreenshot(page, 'tabs-member-page2-desktop-light');

    // To the logs tab: the hidden member level sends no request while it is hidden.
    const memberCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/manage/player') || r.url().includes('/api/manage/agent')) memberCalls.push(r.url());
    });
    await page.getByTestId('tab-/log/index').click();
    await visible(page, 'log-page').waitFor();
    expect(await visible(page, 'log-filter-operator-operation').inputValue()).toBe('admin001');
    await switchDone(page);
    expect(memberCalls).toEqual([]);

    // Back: the filter and page 2 are still there.
    await page.getByTestId(`tab-${levelPath}&tab=players`).click();
    await visible(page, 'players-table').waitFor();
    expect(await visible(page, 'players-filter-accountNo').inputValue()).toBe('player');
    await expect.poll(() => playerRows.count()).toBe(1);
    expect(await visible(page, 'players-table').locator('.ant-pagination-item-active').textContent()).toBe('2');
    expect(await visible(page, 'member-crumb-current').textContent()).toBe('agentC01');
    await keepScreenshot(page, 'tabs-member-page2-desktop-light');

    // Refresh re-creates the page: filters gone, page 1.
    await page.getByTestId('tabs-refresh').click();
    await expect.poll(() => visible(page, 'players-filter-accountNo').inputValue()).toBe('');
    await expect.poll(() => playerRows.count()).toBe(10);
    await context.close();
  });

  it('works on a 390 px phone (scrollable tab bar)', async () => {
    const { context, page } = await openSignedIn({ width: 390, height: 844 });
    await turnTabsOn(page);
    await menuTo(page, '/member/index', 'member-page');
    await menuTo(page, '/log/index', 'log-page');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/member/index', '/log/index']);
    const bar = await page.getByTestId('multi-tabs').boundingBox();
    expect(bar!.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'tabs-phone-light');
    await page.getByTestId('tabs-quick').click();
    await visible(page, 'tabs-action-close-current').waitFor();
    await keepScreenshot(page, 'tabs-phone-quick-light');
    await menuAction(page, 'close-current');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', '/member/index']);
    await expect.poll(() => here(page)).toBe('/member/index');
    await context.close();
  });
});
