import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = resolve(import.meta.dirname, '../artifacts');

export const DEMO_ADMIN = { accountNo: 'admin001', password: 'Demo1234' };

export function baseUrl(): string {
  return inject('baseUrl');
}

/** postgres:// URL of the test server's embedded database. */
export function databaseUrl(): string {
  return inject('databaseUrl');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
}

export async function newContext(browser: Browser, options: { width?: number; height?: number; locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'zh-TW',
  });
}

/** Keeps a screenshot as a test artefact (not committed). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, accountNo = DEMO_ADMIN.accountNo, password = DEMO_ADMIN.password): Promise<void> {
  await page.getByTestId('login-account').fill(accountNo);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
