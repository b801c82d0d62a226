import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN, keepScreenshot, launch, newContext, signIn } from '../support/browser.js';

let browser: Browser;
/** Polls wait up to 15 s: the machine may be busy (benchmarks, other suites). */
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** Decimal string → minor units (bigint), and back: the test does no float math either. */
function minor(v: string): bigint {
  const negative = v.startsWith('-');
  const [whole = '0', cents = ''] = v.replace('-', '').split('.');
  const m = BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0'));
  return negative ? -m : m;
}
function money(m: bigint): string {
  const negative = m < 0n;
  const abs = negative ? -m : m;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

async function openMembers(page: Page, accountNo = DEMO_ADMIN.accountNo): Promise<void> {
  await page.goto('/login');
  await signIn(page, accountNo, DEMO_ADMIN.password);
  await page.getByTestId('dashboard').waitFor();
  await page.goto('/member/index');
  await page.getByTestId('member-page').waitFor();
}

async function value(page: Page, testId: string): Promise<string> {
  const v = await page.getByTestId(testId).first().getAttribute('data-value');
  if (v === null) throw new Error(`no data-value on ${testId}`);
  return v;
}

/** Lets modal and tab animations finish before a screenshot. */
async function settled(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await keepScreenshot(page, name);
}

/**
 * A session token of the account `page` is signed in with: a sign-in of its own through the API
 * (a second session of the same account; the app's stored values are sealed, not to be read).
 */
async function tokenOf(page: Page, accountNo = DEMO_ADMIN.accountNo, password = DEMO_ADMIN.password): Promise<string> {
  const response = await page.request.post('/api/manage/signin', { data: { accountNo, password } });
  const token = ((await response.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in of ${accountNo} failed: ${response.status()}`);
  return token;
}

describe('ledger: credit dialogs and the log page', () => {
  it('recharges a sub-agent through the dialog: both balances change, and the cash log shows the entry', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openMembers(page);
    await page.getByTestId('action-recharge-agentA01').waitFor();
    await page.getByTestId('member-own-balance').waitFor();
    const ownBefore = await value(page, 'member-own-balance');
    const rowBefore = await value(page, 'balance-agentA01');
    const amount = '123.45';

    await page.getByTestId('action-recharge-agentA01').click();
    await page.getByTestId('credit-dialog').waitFor();
    // Before any amount: both balances before, nothing after.
    expect(await value(page, 'credit-balance-from-before')).toBe(money(minor(ownBefore)));
    expect(await value(page, 'credit-balance-to-before')).toBe(money(minor(rowBefore)));
    // A third decimal is refused by the shared schema; the step does not move.
    await page.getByTestId('credit-amount').fill('1.234');
    await page.getByTestId('credit-next').click();
    await page.waitForTimeout(200);
    expect(await page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('form');
    await page.getByTestId('credit-amount').fill(amount);
    await expect.poll(() => value(page, 'credit-balance-from-after'), POLL).toBe(money(minor(ownBefore) - minor(amount)));
    expect(await value(page, 'credit-balance-to-after')).toBe(money(minor(rowBefore) + minor(amount)));
    await page.getByTestId('credit-memo').fill('e2e top-up');
    await settled(page, 'credit-dialog');

    await page.getByTestId('credit-next').click();
    await expect.poll(() => page.getByTestId('credit-dialog').getAttribute('data-step'), POLL).toBe('confirm');
    await settled(page, 'credit-dialog-confirm');
    await page.getByTestId('credit-confirm').click();
    await expect.poll(() => page.getByTestId('credit-dialog').getAttribute('data-step'), POLL).toBe('done');
    // The server's answer: the admin paid, agentA01 received.
    expect(await value(page, 'credit-balance-from-after')).toBe(money(minor(ownBefore) - minor(amount)));
    expect(await value(page, 'credit-balance-to-after')).toBe(money(minor(rowBefore) + minor(amount)));
    await settled(page, 'credit-dialog-done');
    await page.getByTestId('credit-close').click();

    // Both balances on the screen changed: the row's and the admin's own.
    await expect.poll(() => value(page, 'balance-agentA01'), POLL).toBe(money(minor(rowBefore) + minor(amount)));
    await expect.poll(() => value(page, 'member-own-balance'), POLL).toBe(money(minor(ownBefore) - minor(amount)));

    // The cash log shows both legs of the move.
    await page.goto('/log/index');
    await page.getByTestId('log-page').waitFor();
    await page.getByTestId('log-tab-cash').click();
    const cash = page.getByTestId('log-table-cash');
    await expect.poll(async () => (await cash.textContent()) ?? '', POLL).toContain('e2e top-up');
    const row = cash.locator('tr', { hasText: 'e2e top-up' }).filter({ hasText: '+123.45' });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('agentA01');
    expect(await cash.locator('tr', { hasText: 'e2e top-up' }).filter({ hasText: '-123.45' }).count()).toBe(1);
    await settled(page, 'log-cash');

    for (const tab of ['operation', 'ratio', 'transfer'] as const) {
      await page.getByTestId(`log-tab-${tab}`).click();
      await page.getByTestId(`log-table-${tab}`).waitFor();
      await page.waitForTimeout(300);
      await settled(page, `log-${tab}`);
    }

    // The export downloads a CSV of the tab's rows.
    await page.getByTestId('log-tab-cash').click();
    await page.getByTestId('log-table-cash').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export-cash').click()]);
    expect(download.suggestedFilename()).toMatch(/^cash-log-\d{8}-\d{6}\.csv$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const csv = readFileSync(path);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain('e2e top-up');

    // The time-range presets are noon-based: "today" starts at 12:00:00.
    await page.getByTestId('log-range-cash').first().click();
    await page.getByTestId('log-preset-today').waitFor();
    await settled(page, 'log-range-presets');
    await page.getByTestId('log-preset-today').click();
    const startValue = await page.getByTestId('log-filters-cash').locator('input').first().inputValue();
    expect(startValue).toMatch(/ 12:00:00$/);
    await context.close();
  });

  it('a withdrawal beyond the child’s balance shows the error and changes nothing', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openMembers(page);
    await page.getByTestId('action-withdraw-agentA01').waitFor();
    const rowBefore = await value(page, 'balance-agentA01');
    const ownBefore = await value(page, 'member-own-balance');
    const tooMuch = money(minor(rowBefore) + 100n);

    await page.getByTestId('action-withdraw-agentA01').click();
    await page.getByTestId('credit-dialog').waitFor();
    // A withdrawal: the child pays, the caller receives.
    expect(await value(page, 'credit-balance-from-before')).toBe(money(minor(rowBefore)));
    await page.getByTestId('credit-amount').fill(tooMuch);
    await expect.poll(() => value(page, 'credit-balance-from-after'), POLL).toBe('-1.00');
    await page.getByTestId('credit-next').click();
    await page.getByTestId('credit-error').waitFor();
    expect(await page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('form');
    await settled(page, 'credit-dialog-error');

    // The server refuses the same move too (a forged request), with the catalogue's code.
    const token = await tokenOf(page);
    const list = await page.request.post('/api/manage/agent/lower_agents', { headers: { Authorization: `Bearer ${token}` }, data: { accountNo: 'agentA01' } });
    const a01 = ((await list.json()) as { data: { list: { id: number; accountNo: string }[] } }).data.list.find((r) => r.accountNo === 'agentA01')!;
    const refused = await page.request.post('/api/manage/agent/withdraw', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
      data: { id: a01.id, amount: tooMuch },
    });
    const answer = (await refused.json()) as { success: boolean; code: number };
    expect(answer.success).toBe(false);
    expect(answer.code).toBe(3001);

    // Nothing changed, after a reload too.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('balance-agentA01').waitFor();
    await page.getByTestId('member-own-balance').waitFor();
    expect(await value(page, 'balance-agentA01')).toBe(rowBefore);
    expect(await value(page, 'member-own-balance')).toBe(ownBefore);
    await context.close();
  });

  it('fits a phone and dark mode: log page and credit dialog', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    // Relief goes to a direct player: agentA01 has some (the admin has none).
    await openMembers(page, 'agentA01');
    await page.getByTestId('tab-players').click();
    const relief = page.locator('[data-testid^="action-relief-"]').first();
    await relief.waitFor();
    await relief.click();
    await page.getByTestId('credit-dialog').waitFor();
    await page.getByTestId('credit-amount').fill('10');
    await settled(page, 'credit-dialog-relief-phone');
    await page.keyboard.press('Escape');

    await page.goto('/log/index?tab=cash');
    await page.getByTestId('log-table-cash').waitFor();
    await settled(page, 'log-cash-phone');

    await page.getByTestId('dark-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')), POLL).toBe(true);
    await settled(page, 'log-cash-phone-dark');
    await context.close();

    const desktop = await newContext(browser);
    const dpage = await desktop.newPage();
    await openMembers(dpage);
    await dpage.getByTestId('dark-toggle').click();
    await expect.poll(() => dpage.evaluate(() => document.documentElement.classList.contains('dark')), POLL).toBe(true);
    await dpage.getByTestId('action-recharge-agentA02').click();
    await dpage.getByTestId('credit-dialog').waitFor();
    await dpage.getByTestId('credit-amount').fill('5');
    await settled(dpage, 'credit-dialog-dark');
    await dpage.keyboard.press('Escape');
    await dpage.goto('/log/index?tab=operation');
    await dpage.getByTestId('log-table-operation').waitFor();
    await settled(dpage, 'log-operation-dark');
    await desktop.close();
  });
});
