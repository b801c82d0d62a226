import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, newContext, openSignedIn, setDark, useBrowser } from '../support/browser.js';
import { db } from '../support/db.js';
import { tokenOf } from '../support/manage-api.js';

/** The shell's site settings (issue 38): embedded pages, the watermark, the new-version notice. */
const browser = useBrowser();

/** Whether the server gives tw_web's admin the watermark (its settings follow the table through a NOTIFY). */
async function serverWatermark(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get('/api/manage/shell', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { watermark: boolean } }).data.watermark;
}

/** The watermark's tiles: the element antd lays over the layout, with the text drawn as its background. */
const watermarkTiles = (page: Page) => page.locator('.site-watermark > div[style*="background-image"]');

afterAll(async () => {
  // The run starts with the watermark off (support/global-setup.ts): leave it so.
  await db(`update sites set watermark = false where id = 'tw_web'`);
});

describe('site shell', () => {
  it('opens an embedded page from the menu in a frame; the CSP lets it frame its own origin and nothing unlisted', async () => {
    const { context, page } = await openSignedIn(browser());
    const html = await page.request.get('/dashboard');
    expect(html.headers()['content-security-policy']).toContain("frame-src 'self'");

    await page.getByTestId('side-menu').getByText('嵌入頁面').click();
    await page.getByTestId('side-menu').getByText('API 說明文件').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/frame/api-docs');
    await expect.poll(() => page.getByTestId('frame-page').getAttribute('data-state')).toBe('loaded');
    // The API description itself, inside the frame.
    await page.frameLocator('[data-testid="frame"]').locator('.swagger-ui').first().waitFor();
    await keepScreenshot(page, 'frame-api-docs-desktop-light');

    // An address the site does not list is refused by the browser before any request leaves.
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true });
          const frame = document.createElement('iframe');
          frame.src = 'https://unlisted.example.com/';
          document.body.append(frame);
        }),
    );
    expect(refused).toBe('frame-src');
    await context.close();
  });

  it('lays the watermark with the account number over the layout when the site turns it on; removed, it comes back', async () => {
    const { context: first, page: probe } = await openSignedIn(browser());
    const token = await tokenOf(probe);
    expect(await watermarkTiles(probe).count()).toBe(0);
    await db(`update sites set watermark = true where id = 'tw_web'`);
    await expect.poll(() => serverWatermark(probe, token)).toBe(true);
    await first.close();

    const { context, page } = await openSignedIn(browser(), { width: 390, height: 844 });
    await watermarkTiles(page).waitFor();
    expect(await watermarkTiles(page).evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    await keepScreenshot(page, 'watermark-phone-light');
    await setDark(page, true);
    await keepScreenshot(page, 'watermark-phone-dark');
    await watermarkTiles(page).evaluate((el) => el.remove());
    await expect.poll(() => watermarkTiles(page).count()).toBe(1);
    // Never on the sign-in page, which is outside the layout.
    const signedOut = await newContext(browser());
    const login = await signedOut.newPage();
    await login.goto('/login');
    await login.getByTestId('login-account').waitFor();
    expect(await login.locator('.site-watermark').count()).toBe(0);
    await signedOut.close();

    await db(`update sites set watermark = false where id = 'tw_web'`);
    await expect.poll(() => serverWatermark(page, token)).toBe(false);
    await context.close();
  });

  it('offers a reload when another build is deployed while the app is open, and reloads only when asked', async () => {
    const { context, page } = await openSignedIn(browser());
    const own = (await (await page.request.get('/build.json')).json()) as { commit: string; builtAt: string };
    expect(own.commit).toMatch(/\S/);
    await page.route('**/build.json', (route) =>
      route.fulfill({ json: { ...own, builtAt: new Date(Date.parse(own.builtAt) + 60_000).toISOString() } }),
    );
    // The page asks when the user moves to another page, a minute after it last asked at the
    // soonest: its clock moves on a minute, then the menu leads elsewhere.
    await page.evaluate(() => ((window as { stillThisPage?: boolean }).stillThisPage = true));
    await page.clock.install();
    await page.clock.fastForward('01:01');
    expect(await page.getByTestId('new-version-notice').count()).toBe(0);
    await page.getByTestId('side-menu').getByText('注單查詢').click();
    await page.getByTestId('new-version-notice').waitFor();
    await keepScreenshot(page, 'new-version-notice-desktop-light');
    // Nothing reloaded by itself: the page's own state is still there; the notice waits for the user.
    expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('new-version-reload').click();
    await reloaded;
    await page.getByTestId('bet-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/bet/index');
    await context.close();
  });
});
