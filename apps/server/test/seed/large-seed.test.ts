import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { LargeSeedRefused, seedLarge, type LargeSeedResult } from '../../src/db/seed/large/index.js';
import { PLANS } from '../../src/db/seed/large/plan.js';
import { upsertSites } from '../../src/db/seed/sites.js';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { withDatabase } from '../global-setup.js';
import { expectedRollupsSql } from '../expected-rollups.js';

/**
 * The large-scale seed at its tiny scale, in a database of its own: migrated and with the sites
 * and providers, but without the demo trees (the seed fills an empty site only).
 */
const SITE = 'richman';
const NOW = new Date('2026-11-21T09:30:00Z'); // 17:30 in Taipei: business day 2026-11-21
let database: Database;
let name: string;
let result: LargeSeedResult;
let indexesBefore: string[];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: inject('pg').adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function q<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await database.pool.query(text, params)).rows as T[];
}

beforeAll(async () => {
  name = `seed_large_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${c.escapeIdentifier(name)}`));
  database = createDatabase(withDatabase(inject('pg').adminUrl, name), { max: 2 });
  await runMigrations(database.pool);
  await upsertSites(database.db);
  indexesBefore = (await q<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = 'bets' order by indexname`)).map(
    (r) => r.indexdef,
  );
  result = await seedLarge(database.pool, { siteId: SITE, scale: 'tiny', seed: 7, now: NOW, passwordHash: 'not-a-real-hash' });
});

afterAll(async () => {
  await database?.close();
  await admin((c) => c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`));
});

describe('large-scale seed (tiny)', () => {
  it('builds an admin and five levels of agents with correct paths, narrowing ratios and provider subsets', async () => {
    const levels = await q<{ lvl: number; kind: string; n: number }>(
      `select lvl, kind, count(*)::int as n from accounts where site_id = $1 group by 1, 2 order by 1, 2`,
      [SITE],
    );
    const agentLevels = levels.filter((l) => l.kind === 'AGENT').map((l) => l.lvl);
    expect(agentLevels).toEqual([0, 1, 2, 3, 4, 5]);
    expect(levels.find((l) => l.lvl === 0)!.n).toBe(1);
    const players = levels.filter((l) => l.kind === 'PLAYER').reduce((n, l) => n + l.n, 0);
    expect(players).toBe(PLANS.tiny.players);
    expect(result.players).toBe(PLANS.tiny.players);

    // Every non-root account: path = parent's path + parent, lvl = path length, ratio ≤ parent's,
    // providers and bet limits ⊆ parent's; players have ratio 0 and sit under agents.
    const bad = await q<{ id: number }>(
      `select c.id from accounts c join accounts p on p.id = c.parent_id
        where c.site_id = $1
          and (c.path <> p.path || p.id or c.lvl <> cardinality(c.path) or c.ratio > p.ratio
               or not c.providers <@ p.providers or not c.bet_limits <@ p.bet_limits or cardinality(c.providers) = 0
               or p.kind <> 'AGENT' or (c.kind = 'PLAYER' and c.ratio <> 0))`,
      [SITE],
    );
    expect(bad).toEqual([]);
    // The ratios do narrow: some agent's ratio is strictly below its parent's at every level.
    const narrowed = await q<{ lvl: number }>(
      `select distinct c.lvl from accounts c join accounts p on p.id = c.parent_id
        where c.site_id = $1 and c.kind = 'AGENT' and c.ratio < p.ratio order by 1`,
      [SITE],
    );
    expect(narrowed.map((r) => r.lvl)).toEqual([1, 2, 3, 4, 5]);
    const [root] = await q<{ ratio: number; parent_id: number | null; account_no: string }>(
      `select ratio, parent_id, account_no from accounts where site_id = $1 and lvl = 0`,
      [SITE],
    );
    expect(root).toEqual({ ratio: 10_000, parent_id: null, account_no: result.adminAccountNo });
  });

  it('writes the planned number of bets over the planned days with every status, one current version each', async () => {
    const [c] = await q<{ bets: number; versions: number; days: number; first: string; last: string }>(
      `select count(distinct provider_bet_id)::int as bets, count(*)::int as versions, count(distinct business_date)::int as days,
              min(business_date)::text as first, max(business_date)::text as last
         from bets where site_id = $1`,
      [SITE],
    );
    expect(c!.bets).toBe(PLANS.tiny.bets);
    expect(c!.versions).toBe(result.counts.versions);
    expect(c!.days).toBe(PLANS.tiny.days);
    expect([c!.first, c!.last]).toEqual(['2026-11-12', '2026-11-21']);

    const statuses = await q<{ status: string; n: number }>(
      `select status, count(*)::int as n from bets where site_id = $1 group by 1 order by 1`,
      [SITE],
    );
    const by = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(by).toEqual({
      Canceled: result.counts.canceled,
      Settled: result.counts.settled,
      Superseded: result.counts.superseded,
      Unsettled: result.counts.unsettled,
    });
    for (const s of ['Canceled', 'Settled', 'Superseded', 'Unsettled']) expect(by[s]).toBeGreaterThan(0);
    expect(by.Settled! / PLANS.tiny.bets).toBeGreaterThan(0.9);

    const notOneCurrent = await q<{ provider_bet_id: string }>(
      `select provider_bet_id from bets where site_id = $1 group by provider_code, provider_bet_id
        having count(*) filter (where status <> 'Superseded') <> 1`,
      [SITE],
    );
    expect(notOneCurrent).toEqual([]);

    // Each row obeys the bet rules: the noon-based business date of placed_at in Taipei, the
    // player's path at placing, winLoss = payout − amount when settled and 0 otherwise, no bet
    // in the future, Unsettled only today, ratios stored on settled versions.
    const bad = await q<{ id: string }>(
      `select b.id::text from bets b join accounts a on a.id = b.player_id
        where b.site_id = $1
          and (b.business_date <> ((b.placed_at at time zone 'Asia/Taipei') - interval '12 hours')::date
               or b.agent_path <> a.path or a.kind <> 'PLAYER' or b.placed_at > $2 or b.settled_at > $2
               or (b.status in ('Settled', 'Superseded') and (b.win_loss <> b.payout - b.bet_amount or b.settled_at < b.placed_at
                   or cardinality(b.share_ratios) <> cardinality(b.agent_path)))
               or (b.status in ('Unsettled', 'Canceled') and (b.win_loss <> 0 or b.payout <> 0 or b.settled_at is not null))
               or (b.status = 'Unsettled' and b.business_date <> '2026-11-21')
               or not (b.provider_code = any (a.providers)))`,
      [SITE, NOW],
    );
    expect(bad).toEqual([]);
  });

  it('computes rollups equal to the direct sum over the settled bets with the ratios of the chain', async () => {
    const COLUMNS = `ancestor_id, child_id, business_date::text, provider_code, game_category, bet_count::text, bet_amount::text,
      valid_bet::text, payout::text, win_loss::text, child_share::text, ancestor_share::text`;
    // The provider API tests' expected-rollups query: shares from the accounts' ratios (the seed
    // never changes a ratio), truncated per bet by PostgreSQL's integer division.
    const expected = await q(expectedRollupsSql(COLUMNS, 'accounts'), [SITE]);
    const actual = await q(`select ${COLUMNS} from report_rollups where site_id = $1 order by 1, 2, 3, 4, 5`, [SITE]);
    expect(actual.length).toBe(result.rollupRows);
    expect(actual.length).toBeGreaterThan(1000);
    expect(actual).toEqual(expected);
    // And the admin's rows add up to every settled bet.
    const [top] = await q<{ n: string; wl: string }>(
      `select sum(bet_count)::text as n, sum(win_loss)::text as wl from report_rollups r join accounts a on a.id = r.ancestor_id
        where r.site_id = $1 and a.lvl = 0`,
      [SITE],
    );
    const [direct] = await q<{ n: string; wl: string }>(
      `select count(*)::text as n, sum(win_loss)::text as wl from bets where site_id = $1 and status = 'Settled'`,
      [SITE],
    );
    expect(top).toEqual(direct);
  });

  it('keeps the ledger invariants and restores the bet indexes it rebuilt', async () => {
    const check = await checkLedger(database.db, { siteId: SITE });
    expect(check.ok).toBe(true);
    expect(check.sites[0]!.accountsChecked).toBe(1 + result.agents + result.players);
    expect(result.indexesRebuilt).toBe(true);
    const indexes = await q<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = 'bets' order by indexname`);
    expect(indexes.map((i) => i.indexdef)).toEqual(indexesBefore);
    expect(indexesBefore.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a second run on the same site and changes nothing', async () => {
    const before = await q<{ a: number; b: number; r: number }>(
      `select (select count(*)::int from accounts) as a, (select count(*)::int from bets) as b, (select count(*)::int from report_rollups) as r`,
    );
    await expect(seedLarge(database.pool, { siteId: SITE, scale: 'tiny', seed: 8, now: NOW, passwordHash: 'x' })).rejects.toBeInstanceOf(
      LargeSeedRefused,
    );
    const after = await q(
      `select (select count(*)::int from accounts) as a, (select count(*)::int from bets) as b, (select count(*)::int from report_rollups) as r`,
    );
    expect(after).toEqual(before);
  });
});
