import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { settled } from '../support/settled.js';

const browser = useBrowser();

/**
 * The provider screen (/provider/index) in Chromium as admin001 on tw_web. Everything is done on
 * KY (the demo's provider in maintenance, which no other spec plays traffic with), and put back
 * afterwards: status MAINTAIN, offered on tw_web.
 */

const kyStatus = async () =>
  (await db<{ status: string }>(`select status from provider_merchants where site_id = 'tw_web' and provider_code = 'KY'`))[0]!.status;
const kyOffered = async () => (await db(`select 1 from site_providers where site_id = 'tw_web' and provider_code = 'KY'`)).length === 1;
const kySecret = async () =>
  (await db<{ secret: string }>(`select secret from provider_merchants where site_id = 'tw_web' and provider_code = 'KY'`))[0]!.secret;
const kyEndpoint = async () =>
  (await db<{ endpoint: string | null }>(`select endpoint from provider_merchants where site_id = 'tw_web' and provider_code = 'KY'`))[0]!
    .endpoint;

afterAll(async () => {
  await db(`update provider_merchants set status = 'MAINTAIN' where site_id = 'tw_web' and provider_code = 'KY'`);
  await db(`insert into site_providers (site_id, provider_code) values ('tw_web', 'KY') on conflict do nothing`);
});

const tag = (page: Page) => page.getByTestId('provider-status-KY');

/** Picks a status in KY's select and confirms it. */
async function changeStatus(page: Page, to: 'ACTIVE' | 'MAINTAIN', shoot?: string): Promise<void> {
  await page.getByTestId('provider-status-select-KY').click();
  await page.locator('.ant-select-dropdown').getByTestId(`provider-status-option-${to}`).filter({ visible: true }).click();
  await page.getByTestId('provider-status-confirm').waitFor();
  if (shoot) {
    await keepScreenshot(page, shoot);
  }
  await page.getByTestId('provider-status-ok').click();
  await expect.poll(() => tag(page).getAttribute('data-status')).toBe(to);
  await expect.poll(kyStatus).toBe(to);
}

/** Rotates KY's secret; the one-time dialog shows what the database now holds. */
async function rotate(page: Page): Promise<void> {
  const before = await kySecret();
  await page.getByTestId('provider-rotate-KY').click();
  await page.getByTestId('provider-rotate-confirm').waitFor();
  await page.getByTestId('provider-rotate-ok').click();
  const value = page.getByTestId('provider-secret-value');
  await value.waitFor();
  const shown = (await value.innerText()).trim();
  expect(shown).toMatch(/^[0-9a-f]{64}$/);
  expect(shown).not.toBe(before);
  expect(await kySecret()).toBe(shown);
}

async function closeSecret(page: Page): Promise<void> {
  const shown = (await page.getByTestId('provider-secret-value').innerText()).trim();
  await page.getByTestId('provider-secret-done').click();
  await page.getByTestId('provider-secret-modal').waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.body.innerText)).not.toContain(shown);
}

/** Runs the daily reconciliation of the first provider for today's business day and waits for its answer. */
async function reconcile(page: Page): Promise<void> {
  await page.getByTestId('provider-reconciliation').waitFor();
  await page.getByTestId('reconciliation-run').click();
  await page.getByTestId('reconciliation-result').waitFor();
  await settled(page);
}

describe('provider screen', () => {
  it('from the menu; KY MAINTAIN → ACTIVE → MAINTAIN with confirmations; offering off and on; a rotated secret shown once', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    await page.locator('[data-testid="side-menu"] [data-menu-id$="/provider/index"]').click();
    await page.getByTestId('provider-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/provider/index');
    await page.getByTestId('provider-row-KY').waitFor();
    expect(await tag(page).getAttribute('data-status')).toBe('MAINTAIN');
    expect(await page.getByTestId('provider-secret-KY').getAttribute('data-set')).toBe('yes');
    await keepScreenshot(page, 'provider-desktop-light');

    await changeStatus(page, 'ACTIVE', 'provider-desktop-light-confirm-status');
    await changeStatus(page, 'MAINTAIN');

    // Offering off (confirmed) and on again.
    const sw = page.getByTestId('provider-offered-KY');
    await sw.click();
    await page.getByTestId('provider-offering-confirm').waitFor();
    await page.getByTestId('provider-offering-ok').click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    await expect.poll(kyOffered).toBe(false);
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    await expect.poll(kyOffered).toBe(true);

    await rotate(page);
    await keepScreenshot(page, 'provider-desktop-light-secret');
    await closeSecret(page);
    await reconcile(page);
    await keepScreenshot(page, 'provider-desktop-light-reconciliation');
    await context.close();
  });

  it('390 px: one card per provider with the same controls', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 390, height: 844 }, { at: '/provider/index' });
    await useEnglish(page);
    await page.getByTestId('provider-row-KY').waitFor();
    // the page itself does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await changeStatus(page, 'ACTIVE');
    await changeStatus(page, 'MAINTAIN');
    await keepScreenshot(page, 'provider-mobile-light');
    await context.close();
  });

  it('desktop: KY’s endpoint in its dialog — a URL with a password is refused on the page, a new one saved; put back', async () => {
    const original = await kyEndpoint();
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }, { at: '/provider/index' });
    try {
      await useEnglish(page);
      await page.getByTestId('provider-row-KY').waitFor();
      await page.getByTestId('provider-endpoint-edit-KY').click();
      const input = page.getByTestId('provider-endpoint-input');
      await input.fill('https://merchant:pw@ky.example.com/api');
      await page.getByTestId('provider-endpoint-save').click();
      await page.getByText('The address may not contain a user name or password').waitFor();
      await keepScreenshot(page, 'provider-desktop-light-endpoint-modal');
      expect(await kyEndpoint()).toBe(original);

      await input.fill('https://ky.example.com/merchant/tw_web');
      await page.getByTestId('provider-endpoint-save').click();
      await page.getByTestId('provider-endpoint-modal').waitFor({ state: 'detached' });
      await expect.poll(kyEndpoint).toBe('https://ky.example.com/merchant/tw_web');
      await expect.poll(() => page.getByTestId('provider-endpoint-KY').innerText()).toBe('https://ky.example.com/merchant/tw_web');
      // The endpoint under the secret keeps the table within a 1440 px screen.
      const [scroll, client] = await page
        .locator('[data-testid="provider-table"] .ant-table-content')
        .evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client!);
      await keepScreenshot(page, 'provider-desktop-light-endpoint');
    } finally {
      await db(`update provider_merchants set endpoint = $1 where site_id = 'tw_web' and provider_code = 'KY'`, [original]);
      await context.close();
    }
  });
});
