import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { SITES, businessDate, zonedDateTimeToInstant, type SiteId } from '@agent-bo/shared';
import { BET_COLUMNS, betRows, type BetCounts, type BetDays } from './bets.js';
import { PLANS, rng, type Scale, type ScalePlan } from './plan.js';
import { buildTree, maxAccounts, type SeedAccount } from './tree.js';

/**
 * The large-scale seed (issue 6): one site filled with a five-level agent tree, players and bets
 * over many business days through bulk paths, for the benchmarks and the report at scale.
 *
 * Everything is one transaction on one connection, so a failed or interrupted run leaves nothing
 * behind and a site that already holds accounts is refused instead of merged:
 *
 *   1. accounts by COPY (ids reserved from the sequence first, so paths are known up front);
 *   2. bets by COPY, generated in Node while PostgreSQL ingests — when `bets` is empty the
 *      secondary indexes are dropped first and rebuilt after the load (faster than maintaining
 *      them row by row; `indexes: 'keep'` to compare);
 *   3. report_rollups by SQL from the bets, one INSERT … SELECT … GROUP BY per chain depth, with
 *      the settlement's rule (docs/REPORTS.md): each settled bet adds to every link of its chain,
 *      shares truncated per bet from the ratios stored on the bet (`share_ratios`). Rows go in
 *      primary-key order, so one agent's rows for a date range sit on few heap pages, as they do
 *      when settlement writes them day after day (in hash order the report read ~2× slower);
 *   4. ANALYZE.
 *
 * Balances stay 0 and no ledger rows are written: the ledger invariants hold trivially (every
 * balance equals the sum of its — no — entries, and the balances sum to 0).
 */

export interface LargeSeedOptions {
  siteId: SiteId;
  scale: Scale;
  /** Overrides the plan's number of business days (ending today). */
  days?: number;
  /** Overrides the plan's number of bets. */
  bets?: number;
  /** Overrides the plan's number of players. */
  players?: number;
  seed?: number;
  /** Password hash of every seeded account. */
  passwordHash: string;
  /** 'auto': drop and rebuild the bets' secondary indexes when the table is empty; 'keep': never. */
  indexes?: 'auto' | 'keep';
  /** "Now" (tests pin it); default the clock. */
  now?: Date;
  log?: (message: string) => void;
}

export interface LargeSeedResult {
  siteId: SiteId;
  adminAccountNo: string;
  agents: number;
  agentsPerLevel: number[];
  players: number;
  counts: BetCounts;
  rollupRows: number;
  firstDate: string;
  lastDate: string;
  indexesRebuilt: boolean;
  /** Seconds per step. */
  timings: Record<string, number>;
}

export class LargeSeedRefused extends Error {
  override name = 'LargeSeedRefused';
}

/** Account numbers of the seed start with this (8–12 letters/digits in all). */
export const LARGE_PREFIX = 'lg';

function days(siteId: SiteId, count: number, now: Date): BetDays {
  const timeZone = SITES.find((s) => s.id === siteId)!.timeZone;
  const today = businessDate(now, timeZone);
  const dates: string[] = [];
  const starts: number[] = [];
  const base = Date.parse(`${today}T00:00:00Z`);
  for (let k = count - 1; k >= 0; k--) {
    const date = new Date(base - k * 86_400_000).toISOString().slice(0, 10);
    dates.push(date);
    starts.push(zonedDateTimeToInstant(`${date} 12:00:00`, timeZone)!.getTime());
  }
  return { dates, starts, now: now.getTime() };
}

const copyText = (v: string) => v; // values of the seed never hold tabs, newlines or backslashes

export async function seedLarge(pool: pg.Pool, options: LargeSeedOptions): Promise<LargeSeedResult> {
  const log = options.log ?? (() => undefined);
  const base: ScalePlan = PLANS[options.scale];
  const plan: ScalePlan = {
    ...base,
    days: options.days ?? base.days,
    bets: options.bets ?? base.bets,
    players: options.players ?? base.players,
  };
  const seed = options.seed ?? 1;
  const random = rng(seed);
  const now = options.now ?? new Date();
  const timings: Record<string, number> = {};
  let t0 = Date.now();
  const lap = (name: string) => {
    const t = Date.now();
    timings[name] = (t - t0) / 1000;
    log(`${name}: ${timings[name]!.toFixed(1)} s`);
    t0 = t;
  };

  const client = await pool.connect();
  try {
    await client.query('begin');
    // Bulk-load settings for this transaction only.
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`set local synchronous_commit = off`);
    // One seed per site at a time; a second run waits, then finds the accounts and refuses.
    await client.query('select pg_advisory_xact_lock(7340212, hashtext($1))', [options.siteId]);

    const existing = await client.query<{ n: number }>('select count(*)::int as n from accounts where site_id = $1', [options.siteId]);
    if (existing.rows[0]!.n > 0) {
      throw new LargeSeedRefused(
        `site ${options.siteId} already holds ${existing.rows[0]!.n} accounts; the large seed fills an empty site only ` +
          '(use a fresh DATA_DIR or an empty database, or another --site)',
      );
    }
    const offered = await client.query<{ provider_code: string }>(
      'select provider_code from site_providers where site_id = $1 order by provider_code',
      [options.siteId],
    );
    const limits = await client.query<{ code: string }>('select code from bet_limit_presets where site_id = $1 order by sort, code', [
      options.siteId,
    ]);
    if (offered.rows.length === 0) throw new LargeSeedRefused(`site ${options.siteId} offers no providers (run the site seed first)`);

    // 1. accounts
    const reserve = maxAccounts(plan);
    const ids = await client.query<{ id: number }>(
      `select nextval(pg_get_serial_sequence('accounts', 'id'))::int as id from generate_series(1, $1)`,
      [reserve],
    );
    const tree = buildTree(
      plan,
      ids.rows.map((r) => r.id),
      offered.rows.map((r) => r.provider_code),
      limits.rows.map((r) => r.code),
      LARGE_PREFIX,
      random,
    );
    const stamp = now.toISOString();
    await copy(
      client,
      'copy accounts (id, site_id, kind, parent_id, lvl, path, account_no, nick_name, password_hash, ratio, permissions, providers, bet_limits, verify_status, created_by, created_at) from stdin',
      (function* () {
        let chunk = '';
        for (const a of tree.all) {
          chunk +=
            `${a.id}\t${options.siteId}\t${a.kind}\t${a.parentId ?? '\\N'}\t${a.lvl}\t{${a.path.join(',')}}\t${copyText(a.accountNo)}\t${copyText(nickName(a))}\t` +
            `${options.passwordHash}\t${a.ratio}\t{${a.permissions.join(',')}}\t{${a.providers.join(',')}}\t{${a.betLimits.join(',')}}\tVERIFIED\t` +
            `${a.parentId ?? '\\N'}\t${stamp}\n`;
          if (chunk.length > 256_000) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      })(),
    );
    lap('accounts');

    // 2. bets
    const empty = (await client.query<{ e: boolean }>('select not exists (select 1 from bets) as e')).rows[0]!.e;
    const rebuild = (options.indexes ?? 'auto') === 'auto' && empty;
    let indexDefs: { name: string; def: string }[] = [];
    if (rebuild) {
      const r = await client.query<{ indexname: string; indexdef: string }>(
        `select i.indexname, i.indexdef from pg_indexes i
          where i.schemaname = current_schema() and i.tablename = 'bets'
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      );
      indexDefs = r.rows.map((x) => ({ name: x.indexname, def: x.indexdef }));
      for (const x of indexDefs) await client.query(`drop index ${client.escapeIdentifier(x.name)}`);
    }
    const ratioOf = new Map(tree.all.map((a) => [a.id, a.ratio]));
    const betDays = days(options.siteId, plan.days, now);
    const counts: BetCounts = { bets: 0, versions: 0, settled: 0, superseded: 0, canceled: 0, unsettled: 0 };
    await copy(
      client,
      `copy bets (${BET_COLUMNS}) from stdin`,
      betRows(options.siteId, tree.players, ratioOf, betDays, plan.bets, `${LARGE_PREFIX}${seed.toString(36)}-`, random, counts),
    );
    lap('bets copy');
    if (rebuild) {
      for (const x of indexDefs) {
        await client.query(x.def);
        lap(`index ${x.name}`);
      }
    }

    // 3. rollups
    const depth = (
      await client.query<{ d: number }>('select coalesce(max(cardinality(agent_path)), 0)::int as d from bets where site_id = $1', [
        options.siteId,
      ])
    ).rows[0]!.d;
    let rollupRows = 0;
    for (let i = 1; i <= depth; i++) {
      const r = await client.query(rollupSql(i), [options.siteId]);
      rollupRows += r.rowCount ?? 0;
      lap(`rollups depth ${i}`);
    }

    await client.query('commit');
    lap('commit');
    await client.query('analyze accounts');
    await client.query('analyze bets');
    await client.query('analyze report_rollups');
    lap('analyze');

    return {
      siteId: options.siteId,
      adminAccountNo: tree.admin.accountNo,
      agents: tree.agents.reduce((n, l) => n + l.length, 0),
      agentsPerLevel: tree.agents.map((l) => l.length),
      players: tree.players.length,
      counts,
      rollupRows,
      firstDate: betDays.dates[0]!,
      lastDate: betDays.dates[betDays.dates.length - 1]!,
      indexesRebuilt: rebuild,
      timings,
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function nickName(a: SeedAccount): string {
  return a.kind === 'PLAYER'
    ? `Player ${a.accountNo.slice(LARGE_PREFIX.length + 1)}`
    : a.lvl === 0
      ? 'Large site admin'
      : `Agent L${a.lvl} ${a.accountNo.slice(LARGE_PREFIX.length + 1)}`;
}

/**
 * The rollup rows of the chain links at depth `i` (1-based position in `agent_path`): ancestor
 * agent_path[i], child agent_path[i+1] or the player when the path ends there. The same rule as
 * the settlement (modules/provider-api/shares.ts): house = −winLoss, childShare = house ×
 * r_child / 10000, ancestorShare = house × (r_ancestor − r_child) / 10000, each truncated toward
 * zero per bet (PostgreSQL's bigint division), a player's ratio 0; current Settled versions only.
 */
export function rollupSql(i: number): string {
  const last = `cardinality(agent_path) = ${i}`;
  const rChild = `(case when ${last} then 0 else share_ratios[${i + 1}] end)::bigint`;
  return `
    insert into report_rollups (site_id, ancestor_id, business_date, child_id, provider_code, game_category,
                                bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
    select site_id, agent_path[${i}], business_date, case when ${last} then player_id else agent_path[${i + 1}] end, provider_code, game_category,
           count(*), sum(bet_amount), sum(valid_bet), sum(payout), sum(win_loss),
           sum((-win_loss) * ${rChild} / 10000),
           sum((-win_loss) * share_ratios[${i}]::bigint / 10000 - (-win_loss) * ${rChild} / 10000)
      from bets
     where site_id = $1 and status = 'Settled' and cardinality(agent_path) >= ${i}
     group by 1, 2, 3, 4, 5, 6
     order by 1, 2, 3, 4, 5, 6`;
}

async function copy(client: pg.PoolClient, statement: string, rows: Iterable<string>): Promise<void> {
  const stream = client.query(copyStreams.from(statement));
  await pipeline(Readable.from(rows, { objectMode: false }), stream);
}
