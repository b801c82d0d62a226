import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMinorUnits } from '@agent-bo/shared';
import { baseUrl, databaseUrl, keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { db } from '../support/db.js';
import { expectTotalsAreSums } from '../support/report.js';

const browser = useBrowser();

/**
 * Simulator traffic in Chromium: `npm run simulate` plays a seeded run against the e2e server
 * (secrets and players read from its database, every call signed, credit moved with
 * transfer_out / transfer_in around each session), live so that every bet falls in today's
 * business day. Then the bet page lists the simulated bets as the database holds them, and the
 * agent report's totals equal the sum of its rows and the settled bets of the day; drill-down works.
 */

const repoRoot = resolve(import.meta.dirname, '../..');
const RUN = `e2esim${Date.now().toString(36)}`;
const TODAY = `(now() at time zone 'Asia/Taipei' - interval '12 hours')::date`;

interface Summary {
  bets: { attempted: number; placed: number; settled: number; canceled: number; resettled: number; open: number; unfunded: number };
  wallet: { funded: number; transfersOut: number; transfersIn: number };
  replayed: number;
  duplicates: number;
  failedItems: number;
  refusals: Record<string, number>;
}
let summary: Summary;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'simulate',
      '--',
      '--url',
      baseUrl(),
      '--site',
      'tw_web',
      '--bets',
      '1200',
      '--batch',
      '100',
      '--settle-delay',
      '300',
      '--seed',
      'e2e',
      '--run-id',
      RUN,
      '--json',
    ],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl(), NODE_ENV: 'test' }, timeout: 120_000 },
  );
  summary = JSON.parse(stdout) as Summary;
}, 150_000);

/** The simulated bets on the page's first rows (newest first), by bet id. */
async function simulatedRows(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid="bet-table"] tbody tr[data-testid^="bet-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!));
  return ids.filter((id) => id.startsWith(`bet-row-${RUN}-`)).map((id) => id.slice('bet-row-'.length));
}

describe('simulator traffic', () => {
  it('npm run simulate plays the API: what it reports is in the database', async () => {
    expect(summary.failedItems).toBe(0);
    expect(summary.bets.attempted).toBe(1200);
    expect(summary.bets.placed).toBeGreaterThan(1000);
    expect(summary.bets.settled).toBeGreaterThan(900);
    expect(summary.duplicates).toBe(summary.replayed);
    expect(summary.wallet.transfersOut).toBeGreaterThan(0);
    const rows = await db<{ status: string; n: number }>(
      `select status, count(*)::int as n from bets where provider_bet_id like $1 group by status`,
      [`${RUN}-%`],
    );
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(by.Settled ?? 0).toBe(summary.bets.settled);
    expect(by.Canceled ?? 0).toBe(summary.bets.canceled);
    expect(by.Unsettled ?? 0).toBe(summary.bets.open);
    expect(by.Superseded ?? 0).toBe(summary.bets.resettled);
  });

  it('the bet page lists the simulated bets of today as stored', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }, { at: '/bet/index' });
    await useEnglish(page);
    await page.getByTestId('bet-page').waitFor();
    await page.getByTestId('bet-table').waitFor();
    await expect.poll(async () => (await simulatedRows(page)).length).toBeGreaterThan(5);
    // Each shown simulated bet as the database holds its current version.
    const shown = (await simulatedRows(page)).slice(0, 8);
    const stored = await db<{ provider_bet_id: string; status: string; bet_amount: string; win_loss: string; player: string }>(
      `select b.provider_bet_id, b.status, b.bet_amount::text, b.win_loss::text, a.account_no as player
         from bets b join accounts a on a.id = b.player_id where b.provider_bet_id = any($1) and b.status <> 'Superseded'`,
      [shown],
    );
    expect(stored.map((s) => s.provider_bet_id).sort()).toEqual([...shown].sort());
    for (const s of stored) {
      const row = page.getByTestId(`bet-row-${s.provider_bet_id}`);
      const text = await row.innerText();
      expect(text).toContain(s.player);
      expect(text).toContain(s.status);
      expect(await row.locator('[data-col="winLoss"]').getAttribute('data-value')).toBe(formatMinorUnits(s.win_loss));
    }
    await page.getByTestId('bet-totals').waitFor();
    await keepScreenshot(page, 'simulator-bets-desktop-light');

    // The detail of a simulated bet: its game and its agent chain.
    await page.getByTestId(`bet-open-${shown[0]}`).click();
    await page.getByTestId('bet-versions').waitFor();
    await expect.poll(() => page.getByTestId('bet-detail-chain').innerText()).toMatch(/^admin001 › agent/);
    await keepScreenshot(page, 'simulator-bets-desktop-light-detail');
    await page.keyboard.press('Escape');
    await page.getByTestId('bet-versions').waitFor({ state: 'detached' });
    await context.close();
  });

  it('the report of today equals the settled bets; totals are the sum of the rows; drill-down into agentA01', async () => {
    const [day] = await db<{ n: string; stake: string; win_loss: string }>(
      `select count(*)::text as n, coalesce(sum(bet_amount), 0)::text as stake, coalesce(sum(win_loss), 0)::text as win_loss
         from bets where site_id = 'tw_web' and status = 'Settled' and business_date = ${TODAY}`,
    );
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 }, { at: '/report/agent' });
    await useEnglish(page);
    await page.getByTestId('report-totals').waitFor();
    await page.getByTestId('report-row-agentA01').waitFor();
    const { totals } = await expectTotalsAreSums(page);
    expect(totals.betCount).toBe(day!.n);
    expect(totals.betAmount).toBe(formatMinorUnits(day!.stake));
    expect(totals.memberWinLoss).toBe(formatMinorUnits(day!.win_loss));
    await keepScreenshot(page, 'simulator-report-desktop-light');

    await page.getByTestId('report-drill-agentA01').click();
    await expect.poll(() => page.getByTestId('report-breadcrumb').innerText()).toMatch(/^admin001\s*\/\s*agentA01$/);
    await page.getByTestId('report-row-agentB01').waitFor();
    const drilled = (await expectTotalsAreSums(page)).totals;
    // agentA01's row one level up is its whole subtree: the drilled totals.
    const [a01] = await db<{ n: string }>(
      `select count(*)::text as n from bets b join accounts a on a.account_no = 'agentA01' and a.site_id = 'tw_web'
        where b.site_id = 'tw_web' and b.status = 'Settled' and b.business_date = ${TODAY} and a.id = any(b.agent_path)`,
    );
    expect(drilled.betCount).toBe(a01!.n);
    await keepScreenshot(page, 'simulator-report-desktop-light-agentA01');
    await context.close();
  });
});
