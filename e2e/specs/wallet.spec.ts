import { createHmac } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, databaseUrl, keepScreenshot, openSignedIn, setDark, useBrowser, useEnglish } from '../support/browser.js';

const browser = useBrowser();
/** Polls wait up to 15 s: the machine may be busy. */
const POLL = { timeout: 15_000 };

/**
 * "Pull back from provider" on the member page: a provider (signed, as the game servers call)
 * takes credit from a player with wallet/transfer_out, then the admin pulls part of it back
 * through the dialog, at 1440 and 390 px, light and dark.
 */

interface Player {
  id: number;
  accountNo: string;
  parentId: number;
}

let client: pg.Client;
let player: Player;
let secret: string;

beforeAll(async () => {
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  const { rows } = await client.query<{ id: number; account_no: string; parent_id: number }>(
    `select p.id, p.account_no, p.parent_id from accounts p
      where p.site_id = 'tw_web' and p.kind = 'PLAYER' and p.verify_status = 'VERIFIED' and 'EVO' = any(p.providers) and p.balance >= 20000
        and not p.is_disabled and not p.is_full_disabled and not p.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(p.path) and (u.is_full_disabled or u.is_full_readonly))
      order by p.id limit 1`,
  );
  player = { id: rows[0]!.id, accountNo: rows[0]!.account_no, parentId: rows[0]!.parent_id };
  secret = (await client.query<{ secret: string }>(`select secret from providers where code = 'EVO'`)).rows[0]!.secret;
});

afterAll(async () => {
  await client?.end();
});

/** A signed provider call: x-signature = hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
async function transferOut(page: Page, amount: string): Promise<void> {
  const raw = JSON.stringify({ siteId: 'tw_web', items: [{ transactionId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, playerAccountNo: player.accountNo, amount }] });
  const timestamp = String(Date.now());
  const response = await page.request.post('/api/provider/v1/wallet/transfer_out', {
    headers: {
      'content-type': 'application/json',
      'x-provider-code': 'EVO',
      'x-timestamp': timestamp,
      'x-signature': createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex'),
    },
    data: raw,
  });
  const body = (await response.json()) as { data?: { results?: { status: string }[] } };
  expect(body.data?.results?.[0]?.status).toBe('OK');
}

async function openDialog(page: Page): Promise<string> {
  await page.goto(`/member/index?parent=${player.parentId}&tab=players`);
  await page.getByTestId(`action-more-${player.accountNo}`).click();
  await page.getByTestId('menu-pull-back').click();
  await page.getByTestId('pull-back-dialog').waitFor();
  const position = page.getByTestId('pull-back-position');
  await position.waitFor();
  await animationsDone(page);
  return (await position.getAttribute('data-value')) ?? '';
}

describe('wallet: pull back from provider', () => {
  it('pulls part of a player’s provider credit back through the dialog (1440, light and dark)', async () => {
    const { context, page } = await openSignedIn(browser(), undefined, { stepTimeout: 15_000 });
    await useEnglish(page);
    await transferOut(page, '120.00');
    const position = await openDialog(page);
    expect(Number(position)).toBeGreaterThanOrEqual(120);
    await page.getByTestId('pull-back-amount').fill('20');
    await keepScreenshot(page, 'wallet-pull-back-1440');

    await page.getByTestId('pull-back-confirm').click();
    await page.getByTestId('pull-back-success').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'wallet-pull-back-done-1440');
    await page.getByTestId('pull-back-close').click();

    // The position went down by exactly 20.00.
    const after = await openDialog(page);
    expect(Math.round(Number(after) * 100)).toBe(Math.round(Number(position) * 100) - 2000);
    await page.keyboard.press('Escape');
    await setDark(page, true);
    await openDialog(page);
    await page.getByTestId('pull-back-amount').fill('5.50');
    await keepScreenshot(page, 'wallet-pull-back-1440-dark');
    await context.close();
  });

  it('fits a phone (390, light and dark)', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 390, height: 844 }, { stepTimeout: 15_000 });
    await useEnglish(page);
    await openDialog(page);
    await page.getByTestId('pull-back-amount').fill('10');
    await keepScreenshot(page, 'wallet-pull-back-390');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('pull-back-dialog').count(), POLL).toBe(0);
    await setDark(page, true);
    await openDialog(page);
    await keepScreenshot(page, 'wallet-pull-back-390-dark');
    await context.close();
  });
});
