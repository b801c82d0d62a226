import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMinorUnits, toMinorUnits } from '@agent-bo/shared';
import { keepScreenshot, navigate, useBrowser } from '../support/browser.js';
import { fieldRefused } from '../support/form.js';
import { manageApi, tokenOf } from '../support/manage-api.js';
import { openMembers } from '../support/members.js';

const browser = useBrowser();

/** A balance as the screen holds it (`data-value`, a money string). */
async function value(page: Page, testId: string): Promise<string> {
  const v = await page.getByTestId(testId).first().getAttribute('data-value');
  if (v === null) throw new Error(`no data-value on ${testId}`);
  return v;
}

/** The log tab's table is shown and its rows have arrived (it no longer loads). */
async function logTableLoaded(page: Page, tab: string): Promise<void> {
  const table = page.getByTestId(`log-table-${tab}`);
  await table.waitFor();
  await table.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
}

describe('ledger: credit dialogs and the log page', () => {
  it('recharges a sub-agent through the dialog: both balances change, and the cash log shows the entry', async () => {
    const { context, page } = await openMembers(browser());
    await page.getByTestId('action-recharge-agentA01').waitFor();
    await page.getByTestId('member-own-balance').waitFor();
    const ownBefore = await value(page, 'member-own-balance');
    const rowBefore = await value(page, 'balance-agentA01');
    const amount = '123.45';

    await page.getByTestId('action-recharge-agentA01').click();
    await page.getByTestId('credit-dialog').waitFor();
    // Before any amount: both balances before, nothing after.
    expect(await value(page, 'credit-balance-from-before')).toBe(formatMinorUnits(toMinorUnits(ownBefore)));
    expect(await value(page, 'credit-balance-to-before')).toBe(formatMinorUnits(toMinorUnits(rowBefore)));
    // A third decimal is refused by the shared schema; the step does not move.
    await page.getByTestId('credit-amount').fill('1.234');
    await page.getByTestId('credit-next').click();
    await fieldRefused(page, 'credit-amount');
    expect(await page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('form');
    await page.getByTestId('credit-amount').fill(amount);
    await expect
      .poll(() => value(page, 'credit-balance-from-after'))
      .toBe(formatMinorUnits(toMinorUnits(ownBefore) - toMinorUnits(amount)));
    expect(await value(page, 'credit-balance-to-after')).toBe(formatMinorUnits(toMinorUnits(rowBefore) + toMinorUnits(amount)));
    await page.getByTestId('credit-memo').fill('e2e top-up');
    await keepScreenshot(page, 'credit-dialog');

    await page.getByTestId('credit-next').click();
    await expect.poll(() => page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('confirm');
    await keepScreenshot(page, 'credit-dialog-confirm');
    await page.getByTestId('credit-confirm').click();
    await expect.poll(() => page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('done');
    // The server's answer: the admin paid, agentA01 received.
    expect(await value(page, 'credit-balance-from-after')).toBe(formatMinorUnits(toMinorUnits(ownBefore) - toMinorUnits(amount)));
    expect(await value(page, 'credit-balance-to-after')).toBe(formatMinorUnits(toMinorUnits(rowBefore) + toMinorUnits(amount)));
    await keepScreenshot(page, 'credit-dialog-done');
    await page.getByTestId('credit-close').click();

    // Both balances on the screen changed: the row's and the admin's own.
    await expect.poll(() => value(page, 'balance-agentA01')).toBe(formatMinorUnits(toMinorUnits(rowBefore) + toMinorUnits(amount)));
    await expect.poll(() => value(page, 'member-own-balance')).toBe(formatMinorUnits(toMinorUnits(ownBefore) - toMinorUnits(amount)));

    // The cash log shows both legs of the move.
    await navigate(page, '/log/index');
    await page.getByTestId('log-page').waitFor();
    await page.getByTestId('log-tab-cash').click();
    const cash = page.getByTestId('log-table-cash');
    await expect.poll(async () => (await cash.textContent()) ?? '').toContain('e2e top-up');
    const row = cash.locator('tr', { hasText: 'e2e top-up' }).filter({ hasText: '+123.45' });
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('agentA01');
    expect(await cash.locator('tr', { hasText: 'e2e top-up' }).filter({ hasText: '-123.45' }).count()).toBe(1);
    await keepScreenshot(page, 'log-cash');

    for (const tab of ['operation', 'ratio', 'transfer'] as const) {
      await page.getByTestId(`log-tab-${tab}`).click();
      await logTableLoaded(page, tab);
      await keepScreenshot(page, `log-${tab}`);
    }

    // The export downloads a CSV of the tab's rows.
    await page.getByTestId('log-tab-cash').click();
    await page.getByTestId('log-table-cash').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('log-export-cash').click()]);
    expect(download.suggestedFilename()).toMatch(/^cash-log-\d{8}-\d{6}\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.toString('utf8')).toContain('e2e top-up');
    // In the screen's language (zh_TW): the table's field names and the kinds of move in words.
    const [header, ...rows] = csv.toString('utf8').slice(1).split('\r\n');
    expect(header).toBe('編號,時間,交易編號,類型,帳號,對方帳號,金額,異動後餘額,操作者,備註');
    expect(rows.find((row) => row.includes('e2e top-up'))).toContain(',儲值,');

    // The time-range presets are noon-based: "today" starts at 12:00:00.
    await page.getByTestId('log-range-cash').first().click();
    await page.getByTestId('log-preset-today').waitFor();
    await keepScreenshot(page, 'log-range-presets');
    await page.getByTestId('log-preset-today').click();
    const startValue = await page.getByTestId('log-cash-filters').locator('input').first().inputValue();
    expect(startValue).toMatch(/ 12:00:00$/);
    await context.close();
  });

  it('a withdrawal beyond the child’s balance shows the error and changes nothing', async () => {
    const { context, page } = await openMembers(browser());
    await page.getByTestId('action-withdraw-agentA01').waitFor();
    const rowBefore = await value(page, 'balance-agentA01');
    const ownBefore = await value(page, 'member-own-balance');
    const tooMuch = formatMinorUnits(toMinorUnits(rowBefore) + 100n);

    await page.getByTestId('action-withdraw-agentA01').click();
    await page.getByTestId('credit-dialog').waitFor();
    // A withdrawal: the child pays, the caller receives.
    expect(await value(page, 'credit-balance-from-before')).toBe(formatMinorUnits(toMinorUnits(rowBefore)));
    await page.getByTestId('credit-amount').fill(tooMuch);
    await expect.poll(() => value(page, 'credit-balance-from-after')).toBe('-1.00');
    await page.getByTestId('credit-next').click();
    await page.getByTestId('credit-error').waitFor();
    expect(await page.getByTestId('credit-dialog').getAttribute('data-step')).toBe('form');
    await keepScreenshot(page, 'credit-dialog-error');

    // The server refuses the same move too (a forged request), with the catalogue's code.
    const token = await tokenOf(page);
    const list = await manageApi<{ list: { id: number; accountNo: string }[] }>(page, token, 'agent/lower_agents', {
      accountNo: 'agentA01',
    });
    const a01 = list.data.list.find((r) => r.accountNo === 'agentA01')!;
    const answer = await manageApi(page, token, 'agent/withdraw', { id: a01.id, amount: tooMuch }, { 'Idempotency-Key': randomUUID() });
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
});
