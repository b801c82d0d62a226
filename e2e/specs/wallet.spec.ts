import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toMinorUnits } from '@agent-bo/shared';
import { keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { providerCall } from '../support/provider-api.js';
import { animationsDone } from '../support/settled.js';

const browser = useBrowser();

/**
 * "Pull back from provider" on the member page: a provider (signed, as the game servers call)
 * takes credit from a player with wallet/transfer_out, then the admin pulls part of it back
 * through the dialog.
 */

interface Player {
  id: number;
  accountNo: string;
  parentId: number;
}

let player: Player;

beforeAll(async () => {
  const [row] = await db<{ id: number; account_no: string; parent_id: number }>(
    `select p.id, p.account_no, p.parent_id from accounts p
      where p.site_id = 'tw_web' and p.kind = 'PLAYER' and p.verify_status = 'VERIFIED' and 'EVO' = any(p.providers) and p.balance >= 20000
        and not p.is_disabled and not p.is_full_disabled and not p.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(p.path) and (u.is_full_disabled or u.is_full_readonly))
      order by p.id limit 1`,
  );
  player = { id: row!.id, accountNo: row!.account_no, parentId: row!.parent_id };
});

/** EVO moves `amount` of the player's credit into its game wallet (a signed wallet/transfer_out). */
async function transferOut(amount: string): Promise<void> {
  await providerCall('EVO', 'wallet/transfer_out', [
    { transactionId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, playerAccountNo: player.accountNo, amount },
  ]);
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
  it('pulls part of a player’s provider credit back through the dialog', async () => {
    const { context, page } = await openSignedIn(browser(), undefined, { stepTimeout: 15_000 });
    await useEnglish(page);
    await transferOut('120.00');
    const position = await openDialog(page);
    expect(toMinorUnits(position)).toBeGreaterThanOrEqual(12_000n);
    await page.getByTestId('pull-back-amount').fill('20');
    await keepScreenshot(page, 'wallet-pull-back-1440');

    await page.getByTestId('pull-back-confirm').click();
    await page.getByTestId('pull-back-success').waitFor();
    await animationsDone(page);
    await keepScreenshot(page, 'wallet-pull-back-done-1440');
    await page.getByTestId('pull-back-close').click();

    // The position went down by exactly 20.00.
    const after = await openDialog(page);
    expect(toMinorUnits(after)).toBe(toMinorUnits(position) - 2_000n);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('a pull-back the provider does not answer waits for it: a warning, the reserved amount shown; pressed again once the provider answers, it completes', async () => {
    const evoEndpoint = async () =>
      (
        await db<{ endpoint: string | null }>(`select endpoint from provider_merchants where site_id = 'tw_web' and provider_code = 'EVO'`)
      )[0]!.endpoint;
    const original = await evoEndpoint();
    const { context, page } = await openSignedIn(browser(), undefined, { stepTimeout: 15_000 });
    try {
      await useEnglish(page);
      await transferOut('30.00');
      // Nobody listens there: the call fails, the pull-back stays pending.
      await db(`update provider_merchants set endpoint = 'http://127.0.0.1:9' where site_id = 'tw_web' and provider_code = 'EVO'`);
      await openDialog(page);
      await page.getByTestId('pull-back-amount').fill('10');
      await page.getByTestId('pull-back-confirm').click();
      await page.getByTestId('pull-back-awaiting').waitFor();
      await expect.poll(() => page.getByTestId('pull-back-pending').getAttribute('data-value')).toBe('10.00');
      expect(await page.getByTestId('pull-back-pending').innerText()).toContain('awaiting the provider: 10.00');
      await animationsDone(page);
      await keepScreenshot(page, 'wallet-pull-back-pending-1440');

      // The provider answers again: the same request completes.
      await db(`update provider_merchants set endpoint = $1 where site_id = 'tw_web' and provider_code = 'EVO'`, [original]);
      await page.getByTestId('pull-back-confirm').click();
      await page.getByTestId('pull-back-success').waitFor();
      const [row] = await db<{ status: string; attempts: number }>(
        `select status, attempts from provider_pullbacks where player_id = $1 order by id desc limit 1`,
        [player.id],
      );
      expect(row).toEqual({ status: 'COMPLETED', attempts: 2 });
    } finally {
      await db(`update provider_merchants set endpoint = $1 where site_id = 'tw_web' and provider_code = 'EVO'`, [original]);
      await context.close();
    }
  });
});
