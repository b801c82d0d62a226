import { sql, type SQL } from 'drizzle-orm';
import {
  BET_COUNT_CAP,
  BET_CSV_COLUMNS,
  businessRange,
  formatMinorUnits,
  toMinorUnits,
  siteTimeZone,
  zonedDateTimeToInstant,
  type BetDetail,
  type BetFilters,
  type BetPage,
  type BetRow,
  type BetTotals,
  type BetVersion,
  type GameCategory,
  type LocalizedText,
  type SettlementStatus,
} from '@agent-bo/shared';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { allLocales } from '../../lib/input.js';
import type { Caller } from '../../core/caller.js';
import { csvExport } from '../../core/csv.js';
import { isSiteScope } from '../../core/access.js';
import { readIf, readNamed } from '../../db/named.js';
import { siteProviders } from '../../core/site-providers.js';

/**
 * The bet page (`/bet/index`, PRODUCT.md §5). Read-only.
 *
 * Scope: `bets.agent_path` holds the player's ancestors when the bet was placed, so "the caller's
 * subtree" is `agent_path @> [scope root]` and "everything under agent X" is
 * `agent_path @> [scope root, X]` — one containment test on the GIN index. A player filter uses
 * `player_id` (its own index) with the same scope test. Bets are history: a player moved since
 * keeps its old bets under its old agents, as in the report.
 *
 * Speed: the range on `placed_at` is bounded (≤ 93 days) and the count is capped at
 * BET_COUNT_CAP, so a page costs at most one scan of CAP + 1 index entries plus the page itself,
 * whatever the number of bets.
 */

export interface Paging {
  page: number;
  pageSize: number;
}

type Raw = {
  id: string;
  provider_bet_id: string;
  version: number;
  player_no: string;
  provider_code: string;
  game_code: string;
  game_names: Partial<LocalizedText> | null;
  game_category: GameCategory;
  round_id: string;
  bet_amount: string;
  valid_bet: string;
  payout: string;
  win_loss: string;
  status: SettlementStatus;
  placed: string;
  settled: string | null;
  business_date: string;
  recorded: string;
};

const local = (col: SQL, timeZone: string) => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

// The game's name per locale (the operator's, else the provider's) from the site's catalogue,
// which keeps games the provider no longer lists; null for a code it never had.
const select = (tz: string) => sql`b.id::text as id, b.provider_bet_id, b.version, p.account_no as player_no, b.provider_code, b.game_code,
  (select jsonb_build_object('zh_TW', coalesce(nullif(g.names->>'zh_TW', ''), g.provider_names->>'zh_TW', ''),
                             'en', coalesce(nullif(g.names->>'en', ''), g.provider_names->>'en', ''),
                             'th', coalesce(nullif(g.names->>'th', ''), g.provider_names->>'th', ''),
                             'vi', coalesce(nullif(g.names->>'vi', ''), g.provider_names->>'vi', ''))
     from games g where g.site_id = b.site_id and g.provider_code = b.provider_code and g.code = b.game_code) as game_names,
  b.game_category, b.round_id, b.bet_amount::text as bet_amount, b.valid_bet::text as valid_bet, b.payout::text as payout,
  b.win_loss::text as win_loss, b.status, ${local(sql`b.placed_at`, tz)} as placed,
  case when b.settled_at is null then null else ${local(sql`b.settled_at`, tz)} end as settled,
  b.business_date::text as business_date, ${local(sql`b.created_at`, tz)} as recorded`;

function rowOf(r: Raw): BetRow {
  return {
    id: Number(r.id),
    providerBetId: r.provider_bet_id,
    version: r.version,
    playerAccountNo: r.player_no,
    providerCode: r.provider_code,
    gameCode: r.game_code,
    gameNames: r.game_names ? allLocales(r.game_names) : null,
    gameCategory: r.game_category,
    roundId: r.round_id,
    betAmount: formatMinorUnits(r.bet_amount),
    validBet: formatMinorUnits(r.valid_bet),
    payout: formatMinorUnits(r.payout),
    winLoss: formatMinorUnits(r.win_loss),
    status: r.status,
    placedAt: r.placed,
    settledAt: r.settled,
    businessDate: r.business_date,
  };
}

const versionOf = (r: Raw): BetVersion => ({ ...rowOf(r), recordedAt: r.recorded });

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A site wall clock → instant; an impossible date (Feb 30) is a validation failure. */
function instant(text: string, timeZone: string, field: string): Date {
  const at = zonedDateTimeToInstant(text, timeZone);
  if (!at) throw new AppError('VALIDATION_FAILED', {}, [{ path: field, message: 'dateTime.format' }]);
  return at;
}

/** The range searched: the request's, or today's business day. */
export function effectiveRange(f: BetFilters, timeZone: string, now: Date): { start: string; end: string } {
  if (f.start && f.end) return { start: f.start, end: f.end };
  return businessRange('today', now, timeZone);
}

/** The WHERE clause of a search, and whether its plan may be fixed once per connection. */
interface Where {
  sql: SQL;
  /**
   * Whether the page's statement may be prepared once per connection: no subtree test in it (the
   * caller works on the whole site, so every bet of the site is in its scope, see `isSiteScope`,
   * and names no agent). A subtree test goes through the GIN index on `agent_path`, whose
   * selectivity the generic plan of a prepared statement cannot know: for the whole site it
   * chose a bitmap of every bet (57 ms against 7 ms planned for the values; the prepared replay of
   * bench/lists.mjs ran 28 searches/s against 261/s). The capped count is never prepared: it reads
   * up to CAP + 1 rows (5–200 ms against 0.7 ms of planning), and its generic plan was 2–3× slower
   * than the planned one for a provider or a game code over 30 days (an index scan where the
   * values made a sequential scan cheaper).
   */
  prepared: boolean;
}

/**
 * The WHERE clause of a search. The account filter is looked up first (one indexed row), so the
 * bet query itself never joins accounts to decide the scope.
 */
async function whereOf(db: Db, caller: Caller, f: BetFilters, range: { start: string; end: string }, timeZone: string): Promise<Where> {
  const where: SQL[] = [sql`b.site_id = ${caller.siteId}`];
  const site = isSiteScope(caller);
  let prepared = site;
  const account = f.account?.trim();
  if (account) {
    const found = await readNamed<{ id: number; kind: 'AGENT' | 'PLAYER' }>(
      db,
      'bet_account',
      sql`
      select id, kind from accounts
      where site_id = ${caller.siteId} and lower(account_no) = lower(${account}) and not is_shadow
        and (id = ${caller.scopeRootId} or path @> array[${caller.scopeRootId}]::integer[])
      limit 1`,
    );
    const target = found.rows[0];
    if (!target) throw new AppError('ACCOUNT_NOT_FOUND');
    if (target.kind === 'PLAYER') {
      where.push(sql`b.player_id = ${target.id}`);
      if (!site) where.push(sql`b.agent_path @> ${intArray([caller.scopeRootId])}::integer[]`);
    } else {
      where.push(sql`b.agent_path @> ${intArray([caller.scopeRootId, target.id])}::integer[]`);
      prepared = false;
    }
  } else if (!site) {
    where.push(sql`b.agent_path @> ${intArray([caller.scopeRootId])}::integer[]`);
  }
  const start = instant(range.start, timeZone, 'start');
  const endExclusive = new Date(instant(range.end, timeZone, 'end').getTime() + 1000);
  where.push(sql`b.placed_at >= ${start.toISOString()}::timestamptz`, sql`b.placed_at < ${endExclusive.toISOString()}::timestamptz`);
  if (f.providerCode) where.push(sql`b.provider_code = ${f.providerCode}`);
  if (f.gameCode) where.push(sql`left(b.game_code, ${f.gameCode.length}) = ${f.gameCode}`);
  where.push(f.status ? sql`b.status = ${f.status}` : sql`b.status <> 'Superseded'`);
  return { sql: sql.join(where, sql` and `), prepared };
}

function totalsOf(rows: readonly { betAmount: string; validBet: string; payout: string; winLoss: string }[]): BetTotals {
  const sum = { betAmount: 0n, validBet: 0n, payout: 0n, winLoss: 0n };
  for (const r of rows) {
    for (const k of Object.keys(sum) as (keyof BetTotals)[]) sum[k] += toMinorUnits(r[k]);
  }
  return {
    betAmount: formatMinorUnits(sum.betAmount),
    validBet: formatMinorUnits(sum.validBet),
    payout: formatMinorUnits(sum.payout),
    winLoss: formatMinorUnits(sum.winLoss),
  };
}

export async function listBets(db: Db, caller: Caller, f: BetFilters, paging: Paging, now: Date): Promise<BetPage> {
  const tz = siteTimeZone(caller.siteId);
  const range = effectiveRange(f, tz, now);
  const where = await whereOf(db, caller, f, range, tz);

  // Capped count and sums in one pass: at most CAP + 1 rows are read whatever matches.
  const counted = await db.execute<{ n: number; bet_amount: string; valid_bet: string; payout: string; win_loss: string }>(sql`
    select count(*)::int as n, coalesce(sum(bet_amount), 0)::text as bet_amount, coalesce(sum(valid_bet), 0)::text as valid_bet,
      coalesce(sum(payout), 0)::text as payout, coalesce(sum(win_loss), 0)::text as win_loss
    from (select b.bet_amount, b.valid_bet, b.payout, b.win_loss from bets b where ${where.sql} limit ${BET_COUNT_CAP + 1}) s`);
  const c = counted.rows[0]!;
  const totalCapped = c.n > BET_COUNT_CAP;
  const total = Math.min(c.n, BET_COUNT_CAP);

  // Paging stops at the cap: beyond it the answer is an empty page, not a deep offset scan.
  const offset = (paging.page - 1) * paging.pageSize;
  const limit = Math.max(0, Math.min(paging.pageSize, BET_COUNT_CAP - offset));
  const rows =
    limit === 0
      ? []
      : (
          await readIf<Raw>(
            where.prepared,
            db,
            'bet_page',
            sql`
            select ${select(tz)} from bets b join accounts p on p.id = b.player_id
            where ${where.sql} order by b.placed_at desc, b.id desc limit ${limit} offset ${offset}`,
          )
        ).map(rowOf);

  const providers = await siteProviders(db, caller.siteId);

  return {
    page: paging.page,
    pageSize: paging.pageSize,
    total,
    totalCapped,
    list: rows,
    pageTotals: totalsOf(rows),
    totals: totalCapped
      ? null
      : {
          betAmount: formatMinorUnits(c.bet_amount),
          validBet: formatMinorUnits(c.valid_bet),
          payout: formatMinorUnits(c.payout),
          winLoss: formatMinorUnits(c.win_loss),
        },
    start: range.start,
    end: range.end,
    providers: providers.rows.map((p) => ({ code: p.code, name: p.name })),
  };
}

/**
 * The search as a streamed CSV file (core/csv.ts), newest first, at most `limit` rows. The range,
 * the account filter and the scope are checked before the first byte is sent.
 */
export async function exportBets(
  db: Db,
  pool: pg.Pool,
  caller: Caller,
  f: BetFilters,
  limit: number,
  now: Date,
): Promise<{ file: Readable; range: { start: string; end: string } }> {
  const tz = siteTimeZone(caller.siteId);
  const range = effectiveRange(f, tz, now);
  const where = await whereOf(db, caller, f, range, tz);
  const file = await csvExport(pool, {
    columns: BET_CSV_COLUMNS,
    query: sql`select ${select(tz)} from bets b join accounts p on p.id = b.player_id
      where ${where.sql} order by b.placed_at desc, b.id desc limit ${limit}`,
    record: rowOf,
  });
  return { file, range };
}

/** A bet row of the caller's scope and every version of the same provider bet, oldest first. */
export async function betDetail(db: Db, caller: Caller, id: number): Promise<BetDetail> {
  const tz = siteTimeZone(caller.siteId);
  const scope = sql`b.site_id = ${caller.siteId} and b.agent_path @> ${intArray([caller.scopeRootId])}::integer[]`;
  const found = await db.execute<Raw & { agent_path: number[] }>(sql`
    select ${select(tz)}, b.agent_path from bets b join accounts p on p.id = b.player_id where b.id = ${id} and ${scope}`);
  const row = found.rows[0];
  if (!row) throw new AppError('BET_NOT_FOUND');
  const versions = await db.execute<Raw>(sql`
    select ${select(tz)} from bets b join accounts p on p.id = b.player_id
    where ${scope} and b.provider_code = ${row.provider_code} and b.provider_bet_id = ${row.provider_bet_id}
    order by b.version`);

  // The chain below (and including) the caller's working root; agents above it stay hidden.
  const path = row.agent_path;
  const from = path.indexOf(caller.scopeRootId);
  const chainIds = path.slice(Math.max(0, from));
  const names = await db.execute<{ id: number; account_no: string }>(
    sql`select id, account_no from accounts where site_id = ${caller.siteId} and id = any(${intArray(chainIds)}::integer[])`,
  );
  const byId = new Map(names.rows.map((n) => [n.id, n.account_no]));

  return {
    bet: versionOf(row),
    versions: versions.rows.map(versionOf),
    agentChain: chainIds.flatMap((a) => (byId.has(a) ? [byId.get(a)!] : [])),
  };
}
