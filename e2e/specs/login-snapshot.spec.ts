import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, baseUrl, keepScreenshot, setDark, useBrowser, useEnglish } from '../support/browser.js';

// The login page painted into the HTML by the build (apps/web/build/prerender-login.mjs) and
// chosen by the server from the `bo_appearance` cookie, then replaced by the app's own page.

const browser = useBrowser();

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
/** The elements both pages have, by test id (the snapshot's are renamed `data-snapshot-testid`). */
const PARTS = ['locale-picker', 'dark-toggle', 'login-account', 'login-password', 'login-submit'];

async function context(options: { width?: number; height?: number; js?: boolean; appearance?: string } = {}): Promise<BrowserContext> {
  const ctx = await browser().newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: 'zh-TW',
    javaScriptEnabled: options.js ?? true,
  });
  if (options.appearance) await ctx.addCookies([{ name: 'bo_appearance', value: options.appearance, url: `${baseUrl()}/login` }]);
  return ctx;
}

async function boxes(page: Page, attribute: 'data-testid' | 'data-snapshot-testid'): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const part of [...PARTS, 'title']) {
    const locator = part === 'title' ? page.locator('h2.login-card__title') : page.locator(`[${attribute}="${part}"]`);
    const box = await locator.first().boundingBox();
    if (!box) throw new Error(`${part} has no box`);
    out[part] = [box.x, box.y, box.width, box.height].map((v) => Math.round(v));
  }
  return out;
}

/**
 * The app page's boxes once its layout holds still: the same in two reads 100 ms apart. The app
 * lays its header out after its styles are injected, which on a busy machine can take longer than
 * any fixed wait (a fixed 300 ms once measured the locale picker before it moved into place).
 */
async function stillBoxes(page: Page): Promise<Record<string, number[]>> {
  let last = JSON.stringify(await boxes(page, 'data-testid'));
  await expect
    .poll(async () => {
      await page.waitForTimeout(100);
      const now = JSON.stringify(await boxes(page, 'data-testid'));
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  return JSON.parse(last) as Record<string, number[]>;
}

/**
 * Waits until the page's style sheets have loaded. Chromium paints nothing before that, but a
 * layout read from a script does not wait for them: on a busy machine the snapshot was once
 * measured without the app's style sheet, its locale picker at the page's top left.
 */
async function stylesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null),
  );
}

/** Holds the app's entry script until the returned function is called: only the snapshot is on screen. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the prerendered login page', () => {
  it('is in the HTML itself, in the look the cookie names, and lays out like the app’s page', async () => {
    const looks = [
      { appearance: undefined, lang: 'zh-TW', dark: false, title: '登入' },
      { appearance: 'en.dark', lang: 'en', dark: true, title: 'Sign in' },
      { appearance: 'vi.light', lang: 'vi', dark: false, title: 'Đăng nhập' },
    ];
    for (const look of looks) {
      for (const size of SIZES) {
        const label = `${look.appearance ?? 'no cookie'} ${size.name}`;
        // Without JavaScript: only what the server sent.
        const still = await context({ ...size, js: false, appearance: look.appearance });
        const stillPage = await still.newPage();
        await stillPage.goto('/login');
        await expect.poll(() => stillPage.locator('#login-snapshot h2').textContent(), { message: label }).toBe(look.title);
        expect(await stillPage.evaluate(() => document.documentElement.lang), label).toBe(look.lang);
        expect(await stillPage.evaluate(() => document.documentElement.classList.contains('dark')), label).toBe(look.dark);
        expect(await stillPage.locator('[data-testid]').count(), label).toBe(0);
        await keepScreenshot(stillPage, `login-snapshot-${look.appearance ?? 'default'}-${size.name}`);
        const before = await boxes(stillPage, 'data-snapshot-testid');
        await still.close();

        // With it: the app's own page, once it has replaced the snapshot. A fresh browser has
        // stored no look, so the app starts in its default one: only there are the two pages the
        // same picture (the next test stores a look and follows it), so only there is it loaded.
        if (look.appearance) continue;
        const live = await context({ ...size });
        const livePage = await live.newPage();
        await livePage.goto('/login');
        await livePage.getByTestId('login-submit').waitFor();
        await expect.poll(() => livePage.locator('#login-snapshot').count(), { message: label }).toBe(0);
        expect(await livePage.evaluate(() => document.documentElement.lang), label).toBe(look.lang);
        const after = await stillBoxes(livePage); // fonts, styles and the button's wave settle
        for (const part of Object.keys(before)) {
          before[part]!.forEach((v, i) => expect(Math.abs(v - after[part]![i]!), `${label} ${part} [${i}]`).toBeLessThanOrEqual(1));
        }
        await live.close();
      }
    }
  });

  it('never submits natively, and hands what was typed and the focus over to the app', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    // Hold the app's entry script: the snapshot alone is on screen.
    const release = await holdEntryScript(page);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const account = page.locator('[data-snapshot-testid="login-account"]');
    await account.waitFor();
    await account.fill(DEMO_ADMIN.accountNo);
    const password = page.locator('[data-snapshot-testid="login-password"]');
    await password.fill(DEMO_ADMIN.password);
    // Enter and the button: no native submission (it would put the password into a GET URL).
    await password.press('Enter');
    await page.locator('[data-snapshot-testid="login-submit"]').click();
    await password.focus();
    await page.waitForTimeout(300);
    expect(navigations.every((url) => !url.includes('password') && !url.includes('?'))).toBe(true);
    expect(new URL(page.url()).search).toBe('');

    release();
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => page.locator('#login-snapshot').count()).toBe(0);
    expect(await page.getByTestId('login-account').inputValue()).toBe(DEMO_ADMIN.accountNo);
    expect(await page.getByTestId('login-password').inputValue()).toBe(DEMO_ADMIN.password);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-password');
    // The carried values are the form's: signing in works without typing again.
    await page.keyboard.press('Enter');
    await page.getByTestId('dashboard').waitFor();
    await ctx.close();
  });

  it('keeps every key pressed while the app takes over, on a CPU slowed down 6×', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const password = page.locator('[data-snapshot-testid="login-password"]');
    await password.waitFor();
    await password.click();
    // Keys go on, one after the other, from before the app's script runs until after its page
    // has replaced the snapshot: some land in the snapshot, some while the app renders its page
    // (before it is on screen), the rest in the app's field.
    release();
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    let typed = '';
    let after = 0;
    while (after < 5) {
      const key = letters[typed.length % letters.length]!;
      await page.keyboard.press(key);
      typed += key;
      if ((await page.locator('#login-snapshot').count()) === 0) after += 1;
    }
    await page.getByTestId('login-submit').waitFor();
    expect(typed.length).toBeGreaterThan(5);
    expect(await page.getByTestId('login-password').inputValue()).toBe(typed);
    await ctx.close();
  });

  it('puts the caret back where it was in the snapshot', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const account = page.locator('[data-snapshot-testid="login-account"]');
    await account.waitFor();
    await account.click();
    await page.keyboard.type('min001');
    await page.keyboard.press('Home');
    release();
    await page.getByTestId('login-submit').waitFor();
    await expect.poll(() => page.locator('#login-snapshot').count()).toBe(0);
    await page.keyboard.type('ad');
    expect(await page.getByTestId('login-account').inputValue()).toBe('admin001');
    await ctx.close();
  });

  it('follows the stored language and theme: the next visit is sent in them', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    const cookie = async () => (await ctx.cookies(`${baseUrl()}/login`)).find((c) => c.name === 'bo_appearance')?.value;
    await expect.poll(cookie).toBe('zh_TW.light');
    await useEnglish(page);
    await setDark(page, true);
    await expect.poll(cookie).toBe('en.dark');
    // Sent for /login only.
    expect((await ctx.cookies(`${baseUrl()}/dashboard`)).some((c) => c.name === 'bo_appearance')).toBe(false);
    const next = await ctx.request.get('/login');
    const html = await next.text();
    expect(html).toContain('<html lang="en" class="dark"');
    expect(/<div id="login-snapshot"[\s\S]*?<h2[^>]*>Sign in<\/h2>/.test(html)).toBe(true);

    // The next visit, after this tab closed (settings reach storage when a tab closes, spec §3):
    // the snapshot in English and dark, then the app in the same look and layout.
    await page.close({ runBeforeUnload: true });
    const again = await ctx.newPage();
    const release = await holdEntryScript(again);
    await again.goto('/login', { waitUntil: 'commit' });
    await again.locator('#login-snapshot h2').waitFor();
    expect(await again.locator('#login-snapshot h2').textContent()).toBe('Sign in');
    await stylesLoaded(again);
    const before = await boxes(again, 'data-snapshot-testid');
    release();
    await again.getByTestId('login-submit').waitFor();
    await expect.poll(() => again.locator('#login-snapshot').count()).toBe(0);
    expect(await again.locator('h2.login-card__title').textContent()).toBe('Sign in');
    expect(await again.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const after = await stillBoxes(again);
    for (const part of Object.keys(before)) {
      before[part]!.forEach((v, i) =>
        expect(
          Math.abs(v - after[part]![i]!),
          `${part} [${i}]: snapshot ${String(before[part])}, app ${String(after[part])}`,
        ).toBeLessThanOrEqual(1),
      );
    }
    await ctx.close();
  });
});
