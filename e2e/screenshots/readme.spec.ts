import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, openSignedIn, setDark, useBrowser, useEnglish } from '../support/browser.js';
import { settled } from '../support/settled.js';

const browser = useBrowser();
/** Set by scripts/readme-screenshots.mjs: the server plays the demo's bets, as `npm start` does. */
const DEMO_TRAFFIC = process.env.E2E_DEMO_TRAFFIC === 'on';

/**
 * The README's screenshots, taken from the running app with its demo data
 * (`e2e/artifacts/readme-*.png`) by `npm run screenshots`, which runs this spec alone (it is not
 * part of the browser suite: each screen's checks are in the specs) and copies them to
 * `docs/screenshots/`, so the pictures in the README are the app as it is.
 */
async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  const path = join(ARTIFACTS_DIR, `readme-${name}.png`);
  await page.screenshot({ path });
  // A picture of a blank or half-drawn page is small; a real screen is well over 30 kB.
  expect(existsSync(path) && statSync(path).size).toBeGreaterThan(30_000);
}

describe('README screenshots', () => {
  it(
    'the dashboard, the member wizard and the agent report at 1440 px (light), a phone in dark mode',
    { timeout: DEMO_TRAFFIC ? 360_000 : 120_000 },
    async () => {
      const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
      await useEnglish(page);
      if (DEMO_TRAFFIC) {
        await page.goto('/report/agent');
        // The demo's month of bets arrives over the first minute or two after the start.
        await expect
          .poll(
            async () => {
              await page.getByTestId('report-search').click();
              await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
              return page.getByTestId('report-page').locator('.ant-table-row').count();
            },
            { timeout: 240_000, interval: 5_000 },
          )
          .toBeGreaterThan(0);
      }

      await page.goto('/dashboard');
      await page.getByTestId('dashboard').waitFor();
      await page.locator('canvas').first().waitFor();
      await shoot(page, 'dashboard');

      await page.goto('/member/index');
      await page.getByTestId('tab-players').click();
      await page.getByTestId('create-player').click();
      await page.getByTestId('wizard').waitFor();
      await expect.poll(() => page.getByTestId('wizard-accountNo').inputValue()).not.toBe('');
      await page.getByTestId('wizard-nickName').fill('Lucky Star');
      await shoot(page, 'member-wizard');
      await page.keyboard.press('Escape');

      await page.goto('/report/agent');
      await page.getByTestId('report-page').locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
      await shoot(page, 'agent-report');
      await context.close();

      const phone = await openSignedIn(browser(), { width: 390, height: 844 });
      await useEnglish(phone.page);
      await setDark(phone.page, true);
      await phone.page.goto('/member/index');
      await phone.page.getByTestId('agents-table').locator('.ant-table-row').first().waitFor();
      await shoot(phone.page, 'phone-dark');
      await phone.context.close();
    },
  );
});
