import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinorUnits } from '@agent-bo/shared';
import { keepScreenshot, openSignedIn, useBrowser, useEnglish } from '../support/browser.js';
import { withDb } from '../support/db.js';
import { expectTotalsAreSums } from '../support/report.js';
import { tableScrollWidths } from '../support/table.js';

const browser = useBrowser();

/**
 * The agent report (/report/agent) in Chromium. The demo has no bets yet, so this spec adds a few
 * settled bets' rollup rows for today's business date straight into report_rollups (what the
 * settlement would write) and takes them back afterwards. The provider simulator will replace
 * this once it plays traffic against the e2e server.
 */

/** Settled bets of players (by account number): stake and payout in whole units. */
const BETS: { player: string; provider: string; category: string; stake: number; payout: number }[] = [
  { player: 'player001', provider: 'PG', category: 'SLOT', stake: 1000, payout: 0 }, // under agentC01
  { player: 'player001', provider: 'EVO', category: 'LIVE', stake: 200, payout: 500 },
  { player: 'player101', provider: 'JILI', category: 'FISH', stake: 80, payout: 20 }, // under agentD05 (agentA02's subtree)
  { player: 'player091', provider: 'PG', category: 'SLOT', stake: 400, payout: 100 }, // directly under agentA01
  { player: 'player005', provider: 'PG', category: 'SLOT', stake: 300, payout: 0 }, // under agentC05 (agentA02's subtree)
  { player: 'player003', provider: 'SABA', category: 'SPORTS', stake: 120, payout: 360 }, // under agentC03 (agentB02, agentA01)
];

interface Link {
  ancestor: number;
  child: number;
  provider: string;
  category: string;
  stake: bigint;
  payout: bigint;
  winLoss: bigint;
  childShare: bigint;
  ancestorShare: bigint;
}

/** One rollup row per chain link of each bet, shares by ratio difference (see docs/REPORTS.md). */
async function linksOfBets(client: pg.Client): Promise<Link[]> {
  const out: Link[] = [];
  for (const bet of BETS) {
    const { rows } = await client.query<{ id: number; path: number[] }>(
      `select id, path from accounts where site_id = 'tw_web' and account_no = $1`,
      [bet.player],
    );
    const player = rows[0]!;
    const ids = [...player.path, player.id];
    const ratios = new Map(
      (
        await client.query<{ id: number; ratio: number; kind: string }>('select id, ratio, kind from accounts where id = any($1::int[])', [
          ids,
        ])
      ).rows.map((r) => [r.id, BigInt(r.kind === 'PLAYER' ? 0 : r.ratio)]),
    );
    const stake = BigInt(bet.stake) * 100n;
    const payout = BigInt(bet.payout) * 100n;
    const house = stake - payout;
    for (let i = 0; i + 1 < ids.length; i++) {
      const a = ratios.get(ids[i]!)!;
      const c = ratios.get(ids[i + 1]!)!;
      out.push({
        ancestor: ids[i]!,
        child: ids[i + 1]!,
        provider: bet.provider,
        category: bet.category,
        stake,
        payout,
        winLoss: -house,
        childShare: (house * c) / 10_000n,
        ancestorShare: (house * (a - c)) / 10_000n,
      });
    }
  }
  return out;
}

/** Adds (+1) or takes back (−1) this spec's rows for today's business date on tw_web. */
async function applyRollups(sign: 1 | -1): Promise<void> {
  await withDb(async (client) => {
    const s = BigInt(sign);
    for (const l of await linksOfBets(client)) {
      await client.query(
        `insert into report_rollups (site_id, ancestor_id, business_date, child_id, provider_code, game_category,
           bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
         values ('tw_web', $1, (now() at time zone 'Asia/Taipei' - interval '12 hours')::date, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10)
         on conflict (site_id, ancestor_id, business_date, child_id, provider_code, game_category) do update set
           bet_count = report_rollups.bet_count + excluded.bet_count,
           bet_amount = report_rollups.bet_amount + excluded.bet_amount,
           valid_bet = report_rollups.valid_bet + excluded.valid_bet,
           payout = report_rollups.payout + excluded.payout,
           win_loss = report_rollups.win_loss + excluded.win_loss,
           child_share = report_rollups.child_share + excluded.child_share,
           ancestor_share = report_rollups.ancestor_share + excluded.ancestor_share`,
        [
          l.ancestor,
          l.child,
          l.provider,
          l.category,
          sign,
          String(s * l.stake),
          String(s * l.payout),
          String(s * l.winLoss),
          String(s * l.childShare),
          String(s * l.ancestorShare),
        ],
      );
    }
    if (sign < 0) {
      await client.query(
        `delete from report_rollups where site_id = 'tw_web' and bet_count = 0 and bet_amount = 0 and valid_bet = 0 and payout = 0
           and win_loss = 0 and child_share = 0 and ancestor_share = 0`,
      );
    }
  });
}

/**
 * player091's agent share under agentA01 today before this spec adds its rows: a spec that ran
 * earlier (the simulator's random bets) may have left some, a win of the player's counting
 * against it.
 */
let player091Before = 0n;

beforeAll(async () => {
  player091Before = await withDb(async (client) => {
    const { rows } = await client.query<{ share: string }>(
      `select coalesce(sum(r.ancestor_share), 0)::text as share
         from report_rollups r
         join accounts a on a.id = r.ancestor_id and a.site_id = 'tw_web' and a.account_no = 'agentA01'
         join accounts p on p.id = r.child_id and p.site_id = 'tw_web' and p.account_no = 'player091'
        where r.site_id = 'tw_web' and r.business_date = (now() at time zone 'Asia/Taipei' - interval '12 hours')::date`,
    );
    return BigInt(rows[0]!.share);
  });
  await applyRollups(1);
});
afterAll(async () => {
  await applyRollups(-1);
});

describe('agent report', () => {
  it('/report leads to the report; totals equal the sum of the rows; drill-down into agentA01 with its breadcrumb; on a phone the table scrolls inside', async () => {
    const { context, page } = await openSignedIn(browser(), { width: 1440, height: 900 });
    await useEnglish(page);
    await page.locator('[data-testid="side-menu"] [data-menu-id$="/report"]').first().click();
    await page.locator('[data-testid="side-menu"] [data-menu-id$="/report/agent"]').click();
    await page.getByTestId('report-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/report/agent');
    await page.getByTestId('report-row-agentA01').waitFor();
    await page.getByTestId('report-row-agentA02').waitFor();
    await page.getByTestId('report-totals').waitFor();
    expect(await page.getByTestId('report-breadcrumb').innerText()).toBe('admin001');
    const top = await expectTotalsAreSums(page);
    expect(Object.keys(top.rows).length).toBeGreaterThanOrEqual(2);
    // What this spec added under agentA01: 1,720.00 staked across its subtree
    expect(toMinorUnits(top.rows.agentA01!.betAmount!)).toBeGreaterThanOrEqual(172_000n);
    await keepScreenshot(page, 'report-desktop-light');

    // The redirect of /report itself
    await page.goto('/report');
    await page.getByTestId('report-row-agentA01').waitFor();
    expect(new URL(page.url()).pathname).toBe('/report/agent');

    // Drill-down
    await page.getByTestId('report-drill-agentA01').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('agent')).toMatch(/^\d+$/);
    await page.getByTestId('report-row-agentB01').waitFor();
    await page.getByTestId('report-row-player091').waitFor();
    await expect.poll(() => page.getByTestId('report-breadcrumb').innerText()).toMatch(/^admin001\s*\/\s*agentA01$/);
    expect(await page.getByTestId('report-title').innerText()).toContain('agentA01');
    const a01 = await expectTotalsAreSums(page);
    // player091 is agentA01's own player: no sub-agent share; agentA01 keeps 90 % of 300.00
    expect(a01.rows.player091).toMatchObject({ childShare: '0.00' });
    expect(toMinorUnits(a01.rows.player091!.agentShare!)).toBe(player091Before + 27_000n);
    await keepScreenshot(page, 'report-desktop-light-agentA01');

    // Back up through the breadcrumb
    await page.getByTestId('report-crumb-admin001').click();
    await page.getByTestId('report-row-agentA02').waitFor();
    expect(new URL(page.url()).search).toBe('');

    // The same report on a phone: the table scrolls sideways, the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await tableScrollWidths(page, 'report-table'))?.page).toBeLessThanOrEqual(390);
    const overflow = await tableScrollWidths(page, 'report-table');
    expect(overflow!.scroll).toBeGreaterThan(overflow!.client);
    await expectTotalsAreSums(page);
    await keepScreenshot(page, 'report-mobile-light');
    await context.close();
  });
});
