import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, navigate, openSignedIn as openSignedInWith, useBrowser, useEnglish } from '../support/browser.js';
import { closeSettings, openSettings } from '../support/settings.js';

const browser = useBrowser();

/** Signed in, in English. */
async function openSignedIn(size: { width: number; height: number } = { width: 1440, height: 900 }) {
  const opened = await openSignedInWith(browser(), size);
  await useEnglish(opened.page);
  return opened;
}

const isChosen = async (page: Page, testId: string) => (await page.getByTestId(testId).getAttribute('data-checked')) === 'true';

const htmlHasClass = (page: Page, name: string) => page.evaluate((n) => document.documentElement.classList.contains(n), name);
const siderCollapsed = (page: Page) => page.getByTestId('app-sider').evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'));
/** Paths of the side menu's entries, top to bottom. */
const menuPaths = (page: Page) =>
  page.$$eval('[data-testid="side-menu"] [data-menu-id]', (els) =>
    els.map((el) => el.getAttribute('data-menu-id')!.replace(/^.*?(\/)/, '/')),
  );

describe('settings drawer', () => {
  // Two tests rather than one journey: each settings change re-themes the whole app, and the
  // journey that made them all took 39 s beside the other worker on a slow machine (60 s limit).
  it('keeps changed settings after a reload', async () => {
    const { context, page } = await openSignedIn();
    await openSettings(page);
    await keepScreenshot(page, 'settings-drawer-desktop-light');

    await page.getByTestId('setting-grayMode').click();
    // A settings change is not a route switch: no page-loading overlay.
    expect(await page.locator('.app-content .ant-spin-spinning').count()).toBe(0);
    await page.getByTestId('setting-themeColor-0960BD').click();
    await page.getByTestId('setting-contentMode-fixed').click();
    await page.getByTestId('setting-menuSetting.collapsed').click();
    await page.getByTestId('setting-menuSetting.bgColor-FFFFFF').click();
    await closeSettings(page);

    expect(await htmlHasClass(page, 'gray-mode')).toBe(true);
    expect(await siderCollapsed(page)).toBe(true);
    await keepScreenshot(page, 'layout-gray-mode-collapsed');

    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await htmlHasClass(page, 'gray-mode')).toBe(true);
    expect(await siderCollapsed(page)).toBe(true);
    expect(await page.locator('.app-content').getAttribute('data-content-mode')).toBe('fixed');
    // The light menu background gives the light menu theme.
    expect(await page.locator('[data-testid="side-menu"] .ant-menu').getAttribute('class')).toContain('ant-menu-light');
    await openSettings(page);
    expect(await page.getByTestId('setting-themeColor-0960BD').getAttribute('aria-checked')).toBe('true');
    await context.close();
  });

  it('draws the theme colour and a dark header readably, scrolls or hides the header; reset brings back the defaults over a reload', async () => {
    const { context, page } = await openSignedIn();
    // Theme colour without gray mode, to see the colour itself.
    await openSettings(page);
    await page.getByTestId('setting-themeColor-0960BD').click();
    await page.getByTestId('setting-contentMode-fixed').click();
    await closeSettings(page);
    const switchBg = await page.getByTestId('dark-toggle').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(switchBg).not.toBe('rgb(9, 96, 189)'); // light mode: the switch is off, so grey, not primary
    await keepScreenshot(page, 'layout-theme-colour-blue');

    // A dark header background draws the header's texts and icons light.
    await openSettings(page);
    await page.getByTestId('setting-headerSetting.bgColor-151515').click();
    await closeSettings(page);
    const headerText = await page.getByTestId('locale-picker').evaluate((el) => getComputedStyle(el).color);
    const [r = 0, g = 0, b = 0] = headerText.match(/\d+/g)!.map(Number);
    expect(Math.min(r, g, b)).toBeGreaterThan(180);
    const nameColor = await page.getByTestId('user-menu').evaluate((el) => getComputedStyle(el).color);
    expect(Math.min(...nameColor.match(/\d+/g)!.slice(0, 3).map(Number))).toBeGreaterThan(180);
    await keepScreenshot(page, 'layout-dark-header-light-menu');

    // Header not fixed: the whole main column scrolls. Header hidden: settings stay reachable.
    await openSettings(page);
    await page.getByTestId('setting-headerSetting.fixed').click();
    expect(await page.locator('.app-main').getAttribute('class')).toContain('app-main--static-header');
    await page.getByTestId('setting-headerSetting.show').click();
    await closeSettings(page);
    expect(await page.getByTestId('app-header').count()).toBe(0);
    await keepScreenshot(page, 'layout-header-hidden');

    await openSettings(page);
    await page.getByTestId('settings-reset').click();
    await closeSettings(page);
    expect(await htmlHasClass(page, 'gray-mode')).toBe(false);
    expect(await siderCollapsed(page)).toBe(false);
    expect(await page.locator('.app-content').getAttribute('data-content-mode')).toBe('full');
    await page.getByTestId('app-header').waitFor();
    expect(await page.locator('.app-main').getAttribute('class')).not.toContain('app-main--static-header');
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await openSettings(page);
    expect(await page.getByTestId('setting-themeColor-F9C904').getAttribute('aria-checked')).toBe('true');
    expect(await isChosen(page, 'setting-contentMode-full')).toBe(true);
    expect(await page.getByTestId('setting-lockTime').inputValue()).toBe('0');
    await context.close();
  });
});

describe('settings buttons', () => {
  it('copies the settings to the clipboard', async () => {
    const { context, page } = await openSignedIn();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSettings(page);
    await page.getByTestId('setting-contentMode-fixed').click();
    await page.getByTestId('settings-copy').click();
    await page.locator('.ant-message-success').last().waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { contentMode: string; permissionMode: string };
    expect(copied.contentMode).toBe('fixed');
    expect(copied.permissionMode).toBe('ROLE');
    await context.close();
  });

  it('clear cache signs out to login and leaves the settings at their defaults', async () => {
    const { context, page } = await openSignedIn();
    await openSettings(page);
    await page.getByTestId('setting-grayMode').click();
    await page.getByTestId('settings-clear-cache').click();
    await page.getByTestId('settings-clear-cache-confirm').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await htmlHasClass(page, 'gray-mode')).toBe(false);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});

describe('permission modes', () => {
  it('a role change outside route-mapping mode is refused; in route-mapping mode a shadow loses the Log menu', async () => {
    const { context, page } = await openSignedIn();
    expect(await menuPaths(page)).toContain('/log/index');

    await openSettings(page);
    await page.getByTestId('settings-role-shadow').click();
    await page.locator('.ant-message-warning').waitFor();
    await closeSettings(page);
    expect(await menuPaths(page)).toContain('/log/index');

    await openSettings(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('setting-permissionMode-ROUTE_MAPPING').click()]);
    await page.getByTestId('dashboard').waitFor();
    expect(await menuPaths(page)).toContain('/log/index');

    await navigate(page, '/member/index');
    await page.getByTestId('member-page').waitFor();
    await openSettings(page);
    expect(await isChosen(page, 'setting-permissionMode-ROUTE_MAPPING')).toBe(true);
    await page.getByTestId('settings-role-shadow').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await closeSettings(page);
    await expect.poll(() => menuPaths(page)).not.toContain('/log/index');
    expect(await menuPaths(page)).toContain('/member/index');
    await keepScreenshot(page, 'route-mapping-shadow-menu');

    // The switched role survives a reload (route-mapping builds from the stored role list).
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await menuPaths(page)).not.toContain('/log/index');
    await context.close();
  });

  it('BACK mode shows the menu the server sends, in its order', async () => {
    const { context, page } = await openSignedIn();
    await openSettings(page);
    const menuResponse = page.waitForResponse((r) => r.url().includes('/getMenuList'));
    await Promise.all([page.waitForEvent('load'), page.getByTestId('setting-permissionMode-BACK').click()]);
    const body = (await (await menuResponse).json()) as { data: { path: string; meta: { hideMenu?: boolean } }[] };
    await page.getByTestId('dashboard').waitFor();
    const serverPaths = body.data.filter((m) => !m.meta.hideMenu).map((m) => m.path);
    expect(serverPaths.length).toBeGreaterThan(0);
    // The site's embedded pages (its settings, not the route table) follow the server's menu.
    expect(await menuPaths(page)).toEqual([...serverPaths, '/frame']);
    await context.close();
  });
});
