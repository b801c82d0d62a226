import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { settled } from './settled.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = resolve(import.meta.dirname, '../artifacts');

export const DEMO_ADMIN = { accountNo: 'admin001', password: 'Demo1234' };

/** This worker's server (global-setup.ts starts one per worker). */
function ownServer() {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error(`no test server for worker ${worker}`);
  return server;
}

export function baseUrl(): string {
  return ownServer().baseUrl;
}

/** postgres:// URL of this worker's server's embedded database. */
export function databaseUrl(): string {
  return ownServer().databaseUrl;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * A context at `width` × `height` in `locale`. Its pages ask for reduced motion, as a user can in
 * the system settings, and the app then turns antd's motion off (app/providers.tsx): nothing zooms
 * or slides under the pointer, so a click lands on the control it aimed at however slow the
 * machine (a click on a confirmation's OK while the dialog still zoomed in was lost on a busy
 * machine, and the provider spec waited for a change that was never sent). `motion: true` keeps
 * the motion, for what only shows with it (the scrolling broadcast marquee).
 */
export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; motion?: boolean; storageState?: StorageState } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'zh-TW',
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    storageState: options.storageState,
  });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Whether the run keeps screenshots (`E2E_SCREENSHOTS=on`): pictures are for people looking at
 * the screens, not checks, and waiting for a still screen and encoding a full-page PNG cost a
 * second or more each, so the default run takes none.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === 'on';

/** Keeps a screenshot as a test artefact (not committed) once the screen is still; nothing unless SCREENSHOTS. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await settled(page);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, accountNo = DEMO_ADMIN.accountNo, password = DEMO_ADMIN.password): Promise<void> {
  await page.getByTestId('login-account').fill(accountNo);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Where a page stands, for a failure's report: its address and the test ids on screen; a picture is kept in artifacts/. */
async function describePage(page: Page): Promise<string> {
  try {
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid]'))
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => el.getAttribute('data-testid'))
        .slice(0, 40)
        .join(' '),
    );
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const picture = join(ARTIFACTS_DIR, `failed-${Date.now()}.png`);
    await page.screenshot({ path: picture, timeout: 5000 });
    return `${page.url()} — on screen: ${shown} — ${picture}`;
  } catch (error) {
    return `${page.url()} (not readable: ${(error as Error).message})`;
  }
}

/**
 * Launches Chromium before the spec file's tests and closes it after them. Call at the top of a
 * spec file; the returned function gives the running browser.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  // A test that failed (a timeout above all: it names only the test) says where each of its open
  // pages stood: the address and the test ids on screen, printed with the failure, and a picture
  // in artifacts/. Contexts are closed by the tests themselves, so a failed one's are still open.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !browser) return;
    const pages = browser.contexts().flatMap((context) => context.pages());
    for (const [i, page] of pages.entries()) console.error(`[${task.name}] open page ${i + 1}: ${await describePage(page)}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running (useBrowser() hooks not run)');
    return browser;
  };
}

export interface OpenSignedInOptions {
  credentials?: { accountNo: string; password: string };
  /** The path to open once signed in; the landing page (the dashboard) by default. */
  at?: string;
  /** Default time of each page step, set before the first navigation. */
  stepTimeout?: number;
  /** The element that shows the page is there: the dashboard by default, the app's header with `at`. */
  landing?: (page: Page) => Locator;
  /** Keep the app's motion (see newContext). */
  motion?: boolean;
}

/**
 * The stored session of an account: the browser storage the app left after a sign-in at /login,
 * and the session's token to ask the server whether it still holds. Kept in a file of this
 * worker's server (its state folder), so every spec file of the worker reuses it.
 */
interface KeptSession {
  state: StorageState;
  token: string;
}

const keptSessionFile = (accountNo: string) => join(ownServer().stateDir, `${encodeURIComponent(accountNo)}.json`);

function keptSession(accountNo: string): KeptSession | undefined {
  const file = keptSessionFile(accountNo);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as KeptSession) : undefined;
}

/** Whether the server still accepts `token` (a spec may have signed it out, expired or ended it). */
async function stillSignedIn(token: string): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/manage/userinfo`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  return response.ok && ((await response.json()) as { success?: boolean }).success === true;
}

/**
 * The browser storage of a session of `credentials`: signed in at /login the first time the
 * worker needs it, and again only when the server no longer accepts the kept one. Each test still
 * gets a new context (its own storage, settings and tabs); only the sign-in itself, two page loads
 * on which most tests spent a third of their time, is not repeated. The sign-in page is tested on
 * its own (foundation, login-snapshot, keyboard).
 */
async function signedInState(browser: Browser, credentials: { accountNo: string; password: string }): Promise<StorageState> {
  const kept = keptSession(credentials.accountNo);
  if (kept && (await stillSignedIn(kept.token))) return kept.state;
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/manage/signin');
  await signIn(page, credentials.accountNo, credentials.password);
  const token = ((await (await answer).json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in of ${credentials.accountNo} failed`);
  await page.getByTestId('app-header').waitFor();
  // The app writes its in-memory caches when the page goes away (lib/cache): leave it first.
  await page.goto('about:blank');
  const state = await context.storageState();
  await context.close();
  writeFileSync(keptSessionFile(credentials.accountNo), JSON.stringify({ state, token } satisfies KeptSession));
  return state;
}

/**
 * A new context and page at `size` (1440 × 900 by default), signed in (see signedInState) and on
 * the landing page, or on `options.at`.
 */
export async function openSignedIn(
  browser: Browser,
  size?: { width: number; height: number },
  options: OpenSignedInOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const storageState = await signedInState(browser, options.credentials ?? DEMO_ADMIN);
  const context = await newContext(browser, { ...size, motion: options.motion, storageState });
  const page = await context.newPage();
  if (options.stepTimeout !== undefined) page.setDefaultTimeout(options.stepTimeout);
  await page.goto(options.at ?? '/');
  const landing = options.landing ?? ((p: Page) => (options.at ? p.getByTestId('app-header') : p.getByTestId('dashboard')));
  await landing(page).waitFor();
  return { context, page };
}

/**
 * Goes to `path` the way the app's own links and menu do: its router takes the new address (a
 * history entry and a popstate event, which react-router listens to), with no reload of the page
 * and its scripts. A full load of the app costs a page about two seconds; this, a few tenths.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** English texts: the test machine's Chromium has no CJK font, and screenshots must be readable. */
export async function useEnglish(page: Page): Promise<void> {
  await page.getByTestId('locale-picker').click();
  await page.getByTestId('locale-option-en').click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

/**
 * Switches the dark theme on or off with the header toggle (no click when it already is). The
 * `dark` class on <html> changes at once; the toggle's state is rendered with the new theme, so
 * once both show it the themed colours (and their transitions) are under way.
 */
export async function setDark(page: Page, dark: boolean): Promise<void> {
  const toggle = page.getByTestId('dark-toggle');
  if ((await toggle.getAttribute('aria-checked')) !== String(dark)) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(dark));
}
