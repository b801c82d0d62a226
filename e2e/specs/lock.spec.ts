import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keepScreenshot, openSignedIn, useBrowser } from '../support/browser.js';
import { lockFromUserMenu, unlock } from '../support/lock.js';
import { openMembersFromMenu } from '../support/members.js';

const browser = useBrowser();

const focusInOverlay = (page: Page) =>
  page.evaluate(
    () => !!document.activeElement && !!document.querySelector('[data-testid="lock-overlay"]')?.contains(document.activeElement),
  );

describe('lock screen', () => {
  it('locks from the user menu, stays locked after a reload, and only the right password unlocks, on the same page', async () => {
    const { context, page } = await openSignedIn(browser());
    await openMembersFromMenu(page);
    await lockFromUserMenu(page);

    // Opaque: the overlay covers the whole viewport and the page's controls are not reachable.
    const box = await page.getByTestId('lock-overlay').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1440, height: 900 });
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="lock-overlay"]')!).backgroundColor),
    ).not.toMatch(/rgba\(.*, 0\)$/);
    await expect.poll(() => focusInOverlay(page)).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInOverlay(page)).toBe(true);
    }
    await keepScreenshot(page, 'lock-desktop-light');

    await page.reload();
    await page.getByTestId('lock-overlay').waitFor();
    expect(new URL(page.url()).pathname).toBe('/member/index');

    await page.getByTestId('lock-password').fill('Wrong-pass1');
    await page.getByTestId('lock-unlock').click();
    await page.getByTestId('lock-error').waitFor();
    expect(await page.getByTestId('lock-overlay').isVisible()).toBe(true);
    await keepScreenshot(page, 'lock-error');

    await unlock(page);
    expect(new URL(page.url()).pathname).toBe('/member/index');
    await page.getByTestId('member-page').waitFor();
    await page.getByTestId('agent-open-agentA01').waitFor();
    await context.close();
  });

  it('other tabs of the app follow the lock and the unlock', async () => {
    const { context, page } = await openSignedIn(browser());
    const other = await context.newPage();
    await other.goto('/dashboard');
    await other.getByTestId('dashboard').waitFor();

    await lockFromUserMenu(page);
    await other.getByTestId('lock-overlay').waitFor();
    await unlock(other);
    await page.getByTestId('lock-overlay').waitFor({ state: 'detached' });
    await context.close();
  });
});
