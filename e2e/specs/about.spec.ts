import { describe, expect, it } from 'vitest';
import { keepScreenshot, openSignedIn, useBrowser } from '../support/browser.js';

const browser = useBrowser();

describe('about', () => {
  it('opens from the user menu with the running server’s versions, the API description link and the dependencies', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('about-page').click();
    await page.getByTestId('about').waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');

    // The suite's server runs on this process's Node.js (support/global-setup.ts).
    await expect.poll(() => page.getByTestId('about-node-version').innerText()).toBe(process.version);
    expect(await page.getByTestId('about-database-version').innerText()).toMatch(/^\d+(\.\d+)?/);
    expect(await page.getByTestId('about-site').innerText()).toContain('tw_web');
    // NODE_ENV=test serves the API description: its link opens it in a new window.
    const apiDocs = page.getByTestId('about-api-docs');
    expect(await apiDocs.getAttribute('href')).toBe('/api/docs');
    expect(await apiDocs.getAttribute('target')).toBe('_blank');

    // The web app's production dependencies, with react among them at its installed version.
    const row = (kind: 'production' | 'development', name: string) =>
      page
        .getByTestId(`about-deps-${kind}`)
        .locator('tbody tr.ant-table-row')
        .filter({ has: page.getByText(name, { exact: true }) });
    await row('production', 'react').waitFor();
    expect(await row('production', 'react').locator('td').nth(1).innerText()).toMatch(/^\d+\.\d+\.\d+/);
    expect(await row('development', 'vite').count()).toBe(1);
    expect(await row('production', 'vite').count()).toBe(0);
    await keepScreenshot(page, 'about-desktop');
    await context.close();
  });
});
