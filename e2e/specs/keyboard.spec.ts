import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, newContext, useBrowser } from '../support/browser.js';

const browser = useBrowser();

/**
 * Presses Tab until the focused element is `testId` (or sits inside it), as a keyboard user
 * moves through the page; fails when it is not reached within `max` presses. Never clicks.
 */
async function tabTo(page: Page, testId: string, max = 250): Promise<void> {
  for (let i = 0; i < max; i++) {
    const reached = await page.evaluate((id) => {
      const active = document.activeElement;
      if (!active || active === document.body) return false;
      const selector = `[data-testid="${id}"]`;
      // The id may sit on the control, around it (a wrapper) or inside a button (its icon).
      const insideButton = (active.tagName === 'BUTTON' || active.getAttribute('role') === 'tab') && !!active.querySelector(selector);
      return active.matches(selector) || !!active.closest(selector) || insideButton;
    }, testId);
    if (reached) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${testId} was not reached with ${max} presses of Tab`);
}

/** The focused element's test id, or its nearest ancestor's. */
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

describe('keyboard only', () => {
  it('signs in, turns tabs on, recharges an agent, opens a member and closes its tab without a pointer', async () => {
    const context = await newContext(browser(), { width: 1440, height: 900 });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').waitFor();

    // Sign in.
    await tabTo(page, 'login-account');
    await page.keyboard.type(DEMO_ADMIN.accountNo);
    await tabTo(page, 'login-password');
    await page.keyboard.type(DEMO_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByTestId('dashboard').waitFor();

    // Multi-tab mode is off by default: turn it on in the settings drawer (Enter opens it, Space
    // flips the switch, Escape closes it).
    await tabTo(page, 'settings-open');
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-drawer').waitFor();
    await tabTo(page, 'setting-multiTabsSetting.show');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('setting-multiTabsSetting.show').getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('multi-tabs').waitFor();

    // Open the member screen from the menu search (Ctrl K, a part of the route's path, Enter).
    await page.keyboard.press('Control+k');
    await page.getByTestId('menu-search-input').waitFor();
    await page.keyboard.type('member');
    await expect.poll(() => page.getByTestId('menu-search-item').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.getByTestId('agents-table').waitFor();
    await page.locator('[data-testid="agents-table"] .ant-spin-spinning').waitFor({ state: 'detached' });

    // Recharge agentA02 by 1.00 through the dialog's three steps.
    await tabTo(page, 'action-recharge-agentA02');
    await page.keyboard.press('Enter');
    await page.getByTestId('credit-dialog').waitFor();
    await tabTo(page, 'credit-amount');
    await page.keyboard.type('1.00');
    await tabTo(page, 'credit-next');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('confirm');
    await tabTo(page, 'credit-confirm');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('done');
    await tabTo(page, 'credit-close');
    await page.keyboard.press('Enter');
    await page.getByTestId('credit-dialog').waitFor({ state: 'detached' });

    // Open a member: drill into agentA01, whose children (agentB01, agentB02) are then listed.
    await tabTo(page, 'agent-open-agentA01');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('parent')).not.toBeNull();
    await page.getByTestId('agent-open-agentB01').waitFor();

    // Close the member screen's tab (its full path carries the opened agent): the close button is
    // reachable by Tab and closes on Enter.
    const url = new URL(page.url());
    const fullPath = `${url.pathname}${url.search}`;
    const tab = page.getByTestId(`tab-${fullPath}`);
    expect(await tab.count()).toBe(1);
    await tabTo(page, `tab-close-${fullPath}`);
    expect(await focusedTestId(page)).not.toBeNull();
    await page.keyboard.press('Enter');
    await expect.poll(() => tab.count()).toBe(0);
    await context.close();
  });
});
