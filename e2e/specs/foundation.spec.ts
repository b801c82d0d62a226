import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, keepScreenshot, newContext, signIn, useBrowser } from '../support/browser.js';
import { fieldRefused } from '../support/form.js';

const browser = useBrowser();

describe('sign-in and the layout shell', () => {
  it('shows the catalogue message for a wrong password and stays on login', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, DEMO_ADMIN.accountNo, 'Wrong1234');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('帳號或密碼錯誤');
    expect(new URL(page.url()).pathname).toBe('/login');
    await keepScreenshot(page, 'login-error');
    await context.close();
  });

  it('refuses an account id that breaks the 8–12 letters-or-digits rule before calling the server', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    let signinCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/manage/signin')) signinCalls += 1;
    });
    await page.goto('/login');
    await signIn(page, 'ab_1', 'whatever1');
    await fieldRefused(page, 'login-account');
    expect(signinCalls).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('lands on the dashboard with the user’s own figures after sign-in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await keepScreenshot(page, 'login');
    await signIn(page);
    await page.getByTestId('dashboard').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => page.getByTestId('dash-balance').textContent()).toMatch(/\d/);
    await expect
      .poll(async () => Number((await page.getByTestId('dash-direct-agents').textContent())?.replace(/\D/g, '')))
      .toBeGreaterThan(0);
    expect(await page.title()).toContain('-');
    await keepScreenshot(page, 'dashboard');
    await context.close();
  });

  it('returns to a deep link after signing in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/dashboard/workbench');
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/dashboard/workbench');
    await context.close();
  });

  it('switches the language of the texts', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    const before = await page.getByTestId('login-submit').textContent();
    await page.getByTestId('locale-picker').click();
    await page.getByTestId('locale-option-en').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    const after = await page.getByTestId('login-submit').textContent();
    expect(after).not.toBe(before);
    expect(after?.toLowerCase()).toMatch(/sign in|log in|login/);
    await context.close();
  });

  it('toggles dark mode, signs out to login, and shows the error page for an unknown path', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await page.getByTestId('dashboard').waitFor();

    await page.getByTestId('dark-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await keepScreenshot(page, 'dashboard-dark');
    await page.getByTestId('dark-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    await page.goto('/no/such/page');
    await page.getByTestId('error-page').waitFor();
    await keepScreenshot(page, 'error-page');

    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('signout').click();
    await page.waitForURL(/\/login/);
    // The old session is gone: a protected page sends us back to login.
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });
});
