import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, keepScreenshot, openSignedIn, useBrowser } from '../support/browser.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

/** Texts of the local table's rows, newest first. */
const localRows = (page: Page) => page.locator('[data-testid="error-log-table"] tbody tr.ant-table-row').allInnerTexts();

describe('error log', () => {
  it('lists a forced script error with its page URL, a promise rejection and a failed image; operators see the report on the server', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    const marker = `e2e forced script error ${Date.now()}`;
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      }, 0);
    }, marker);
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e forced promise rejection'));
    });
    await expect.poll(() => page.getByTestId('error-log-count').innerText()).toContain('2');

    await page.getByTestId('error-log-button').click();
    await page.getByTestId('error-log-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/error-log/list');
    await expect.poll(() => localRows(page)).toHaveLength(2);
    const [promiseRow, scriptRow] = await localRows(page);
    expect(scriptRow).toContain(marker);
    expect(scriptRow).toContain(`${baseUrl()}/dashboard`);
    expect(promiseRow).toContain('e2e forced promise rejection');
    expect(promiseRow).toContain(`${baseUrl()}/dashboard`);

    const [imageResponse] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/__error-log-test__/')),
      page.getByTestId('error-log-fire-resource').click(),
    ]);
    expect(imageResponse.status()).toBe(404);
    await expect.poll(() => localRows(page)).toHaveLength(3);
    expect((await localRows(page))[0]).toContain('/__error-log-test__/missing-image.png');
    await keepScreenshot(page, 'error-log-desktop');

    // The stack and the file:line:column of the script error.
    await page.locator('[data-testid="error-log-table"] tbody tr.ant-table-row').nth(2).getByTestId('error-log-show-detail').click();
    const detail = page.getByTestId('error-log-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(marker);
    expect(await detail.innerText()).toMatch(/:\d+:\d+/);
    await animationsDone(page);
    await keepScreenshot(page, 'error-log-detail-desktop');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // A render error: the page boundary's fallback, then a retry.
    await page.getByTestId('error-log-fire-render').click();
    await page.getByTestId('page-error-fallback').waitFor();
    await keepScreenshot(page, 'error-log-render-fallback');
    await page.getByTestId('page-error-retry').click();
    await page.getByTestId('error-log-page').waitFor();
    // Again, and this time out through the fallback's link to the same page.
    await page.getByTestId('error-log-fire-render').click();
    await page.getByTestId('page-error-fallback').getByRole('link').click();
    await page.getByTestId('error-log-page').waitFor();
    await expect
      .poll(async () => (await localRows(page)).slice(0, 2))
      .toEqual([expect.stringContaining('Error log test: render error'), expect.stringContaining('Error log test: render error')]);

    // admin001 holds DEVELOPER: the server list has what this browser reported (sent within ~2 s).
    await page.getByTestId('error-log-server-tab').click();
    const serverTable = page.getByTestId('error-log-server-table');
    await serverTable.waitFor();
    await page.getByTestId('error-log-server-keyword').fill(marker);
    await expect
      .poll(async () => {
        await page.getByTestId('error-log-server-search').click();
        return serverTable.locator('tbody tr.ant-table-row').allInnerTexts();
      })
      .toHaveLength(1);
    const [serverRow] = await serverTable.locator('tbody tr.ant-table-row').allInnerTexts();
    expect(serverRow).toContain(marker);
    expect(serverRow).toContain('admin001');
    expect(serverRow).toContain(`${baseUrl()}/dashboard`);
    await animationsDone(page);
    await keepScreenshot(page, 'error-log-server-desktop');
    await context.close();
  });
});
