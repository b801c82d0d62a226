import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, newContext, openSignedIn, setDark, useBrowser, useEnglish } from '../support/browser.js';
import { createAgent, tokenOf } from '../support/api.js';

// QR sign-in (issue 33): a signed-out browser (context A) shows a QR code; a second browser
// (context B), signed in as the spec's own agent, opens the code's link, sees who asks, and
// approves with its password or denies; A is signed in at once, or told. The spec owns its agent.

const browser = useBrowser();

/** A fresh account number (8–12 letters or digits) per run. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`.slice(0, 12);
const agent = { accountNo: fresh('e2eqr'), password: 'Scan2SignIn9' };

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

beforeAll(async () => {
  await createAgent(await tokenOf(DEMO_ADMIN.accountNo, DEMO_ADMIN.password), agent, '10');
});

/**
 * Context A: the QR page, signed out, in English (the test machine's Chromium has no CJK font);
 * `fromLogin` reaches it through the sign-in page's link.
 */
async function openQrPage(size = DESKTOP, fromLogin = false): Promise<{ page: Page; url: URL }> {
  const context = await newContext(browser(), size);
  const page = await context.newPage();
  await page.goto(fromLogin ? '/login' : '/login/qr');
  await page.getByTestId('locale-picker').waitFor();
  await useEnglish(page);
  if (fromLogin) {
    await keepScreenshot(page, `qr-sign-in-login-link-${size.width}`);
    await page.getByRole('link', { name: 'Sign in with a QR code' }).click();
  }
  const code = page.getByTestId('qr-login-code');
  await expect.poll(() => code.getAttribute('data-url')).toMatch(/\/qr\?t=/);
  return { page, url: new URL((await code.getAttribute('data-url'))!) };
}

/** Context B: the agent's device, signed in, on the link the QR code holds, in English. */
async function openApproval(url: URL, size = PHONE): Promise<Page> {
  const { page } = await openSignedIn(browser(), size, { credentials: agent, at: `${url.pathname}${url.search}` });
  await useEnglish(page);
  await page.getByTestId('qr-approve-details').waitFor();
  return page;
}

describe('QR sign-in from a second browser', () => {
  it('B sees A’s browser and address, approves with its password, and A is signed in as B’s account at once', async () => {
    const { page: asking, url } = await openQrPage(DESKTOP, true);
    // The picture's link is this app's approval page.
    expect(url.origin).toBe(new URL(asking.url()).origin);
    expect(url.pathname).toBe('/qr');
    expect(await asking.getByTestId('qr-login-countdown').textContent()).toMatch(/^A new code in 1:[0-5]\d$/);
    await keepScreenshot(asking, 'qr-sign-in-asking');

    const device = await openApproval(url);
    const major = /Chrome\/(\d+)/.exec(await asking.evaluate(() => navigator.userAgent))?.[1];
    expect(await device.getByTestId('qr-approve-browser').textContent()).toBe(`Chrome ${major} · Linux`);
    expect(await device.getByTestId('qr-approve-address').textContent()).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    await keepScreenshot(device, 'qr-sign-in-approve-question');

    // A wrong password is said on the field and approves nothing.
    await device.getByTestId('qr-approve-password').fill('Wrong-password1');
    await device.getByTestId('qr-approve-yes').click();
    await expect.poll(() => device.locator('.ant-form-item-explain-error').textContent()).toBe('The current password is wrong');
    expect(new URL(asking.url()).pathname).toBe('/login/qr');

    await device.getByTestId('qr-approve-password').fill(agent.password);
    await device.getByTestId('qr-approve-yes').click();
    await device.getByTestId('qr-approve-approved').waitFor();
    await keepScreenshot(device, 'qr-sign-in-approve-done');

    // The waiting page was woken by the decision: signed in as the agent, on the home page.
    await asking.getByTestId('dashboard').waitFor();
    expect(await asking.getByTestId('user-menu').textContent()).toContain(agent.accountNo);
    await asking.context().close();
    await device.context().close();
  });

  it('a request B denies is shown as denied in A, which may ask for a new code', async () => {
    const { page: asking, url } = await openQrPage();
    const device = await openApproval(url, DESKTOP);
    await device.getByTestId('qr-approve-no').click();
    await device.getByTestId('qr-approve-denied').waitFor();

    expect(await asking.getByTestId('qr-login-denied').textContent()).toBe('The sign-in was denied on the other device.');
    await keepScreenshot(asking, 'qr-sign-in-asking-denied');
    expect(new URL(asking.url()).pathname).toBe('/login/qr');
    // The code is used up: opening it again says so.
    await device.reload();
    await device.getByTestId('qr-approve-expired').waitFor();

    await asking.getByTestId('qr-login-renew').click();
    await expect.poll(() => asking.getByTestId('qr-login-code').getAttribute('data-url')).toMatch(/\/qr\?t=/);
    expect(await asking.getByTestId('qr-login-code').getAttribute('data-url')).not.toBe(url.href);
    await asking.context().close();
    await device.context().close();
  });

  it('on a phone, the user menu’s “Scan to sign in” opens the scanner, which says how to scan without a camera', async () => {
    const { page } = await openSignedIn(browser(), PHONE, { credentials: agent, at: '/about' });
    await useEnglish(page);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('qr-scan-open').click();
    // This Chromium has no camera (and on Linux no QR reader): the hint to use the camera app.
    expect(await page.getByTestId('qr-scan-hint').textContent()).toContain('camera app');
    expect(new URL(page.url()).pathname).toBe('/qr/scan');
    await keepScreenshot(page, 'qr-sign-in-scan-phone');
    await page.context().close();
  });

  it('the approval page fits a phone, light then dark', async () => {
    // The QR page's own looks are layout.spec's; this page needs a request's token and a signed-in device.
    const { page: asking, url } = await openQrPage(PHONE, true);
    const device = await openApproval(url);
    for (const dark of [false, true]) {
      const look = `phone-${dark ? 'dark' : 'light'}`;
      await setDark(device, dark);
      expect(await device.evaluate(() => document.documentElement.classList.contains('dark')), `approval ${look}: theme`).toBe(dark);
      expect(await device.evaluate(() => document.documentElement.scrollWidth), `approval ${look}`).toBeLessThanOrEqual(PHONE.width);
      await keepScreenshot(device, `qr-sign-in-approve-${look}`);
    }
    // The request is never decided: it expires by itself.
    await asking.context().close();
    await device.context().close();
  });
});
