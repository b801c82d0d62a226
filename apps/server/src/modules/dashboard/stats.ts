import { sql } from 'drizzle-orm';
import {
  businessRange,
  businessDatesOf,
  epochDay,
  formatMinorUnits,
  zonedDateTimeToInstant,
  siteTimeZone,
  type DashboardSales,
  type DashboardStats,
  type GameCategory,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { isSiteScope, scopeRoot } from '../../core/access.js';
import { siteProviders } from '../../core/site-providers.js';
import { readIf, readNamed } from '../../db/named.js';
import type { Caller } from '../../core/caller.js';

/**
 * The dashboard's statistics (PRODUCT.md §5) for the caller's working root X. Read-only.
 *
 * Sales come from `report_rollups` where `ancestor_id = X` only: the links (X, child) sum each
 * child's whole subtree, so one primary-key range scan per (site, X, dates) covers the subtree,
 * grouped in SQL by (date, provider, category) — at most days × providers × categories rows
 * whatever the number of bets. Provider, category and day views are folded from those rows in
 * exact BigInt sums, so every view adds up to the same totals.
 *
 * Visits are back-office sign-ins: `sessions` holds one row per sign-in (never deleted; its
 * `created_at` is the sign-in instant), joined to the accounts of X's subtree (X itself plus
 * `path @> [X]`, the GIN index) and counted per noon-based business day of the site's zone.
 * `accounts.last_login_at` keeps only the latest sign-in, and the operation log does not record
 * sign-ins, so neither could give a count per day.
 */

export interface DashboardStatsInput {
  start?: string;
  end?: string;
  providerCode?: string;
}

interface Sums {
  betCount: bigint;
  betAmount: bigint;
  validBet: bigint;
  winLoss: bigint;
}

const zero = (): Sums => ({ betCount: 0n, betAmount: 0n, validBet: 0n, winLoss: 0n });

function add(into: Sums, r: Sums): void {
  into.betCount += r.betCount;
  into.betAmount += r.betAmount;
  into.validBet += r.validBet;
  into.winLoss += r.winLoss;
}

function sales(s: Sums): DashboardSales {
  return {
    betCount: Number(s.betCount),
    betAmount: formatMinorUnits(s.betAmount),
    validBet: formatMinorUnits(s.validBet),
    memberWinLoss: formatMinorUnits(s.winLoss),
  };
}

const byAmountDesc = <K>(a: [K, Sums], b: [K, Sums]) => (a[1].betAmount === b[1].betAmount ? 0 : a[1].betAmount > b[1].betAmount ? -1 : 1);

/** Every `YYYY-MM-DD` from start to end, both included. */
export function datesOf(start: string, end: string): string[] {
  const a = epochDay(start);
  const b = epochDay(end);
  if (a === null || b === null) return [];
  const out: string[] = [];
  for (let d = a; d <= b; d++) out.push(new Date(d * 86_400_000).toISOString().slice(0, 10));
  return out;
}

function nextDate(date: string): string {
  return new Date(((epochDay(date) ?? 0) + 1) * 86_400_000).toISOString().slice(0, 10);
}

export async function dashboardStats(db: Db, caller: Caller, input: DashboardStatsInput, now: Date = new Date()): Promise<DashboardStats> {
  const timeZone = siteTimeZone(caller.siteId);
  const { start, end } =
    input.start && input.end ? { start: input.start, end: input.end } : businessDatesOf(businessRange('thisWeek', now, timeZone));
  const root = await scopeRoot(db, caller);
  const provider = input.providerCode ? sql`and r.provider_code = ${input.providerCode}` : sql``;

  // The rollups by primary key (site, root, dates): one plan whatever the root, prepared once per connection.
  const rollups = await readNamed<{
    date: string;
    provider_code: string;
    game_category: GameCategory;
    bet_count: string;
    bet_amount: string;
    valid_bet: string;
    win_loss: string;
  }>(
    db,
    'dashboard_rollups',
    sql`
    select to_char(r.business_date, 'YYYY-MM-DD') as date, r.provider_code, r.game_category,
      sum(r.bet_count)::text as bet_count, sum(r.bet_amount)::text as bet_amount,
      sum(r.valid_bet)::text as valid_bet, sum(r.win_loss)::text as win_loss
    from report_rollups r
    where r.site_id = ${caller.siteId} and r.ancestor_id = ${root.id}
      and r.business_date between ${start}::date and ${end}::date
      ${provider}
    group by r.business_date, r.provider_code, r.game_category`,
  );

  // Business day d runs from d 12:00 to d+1 12:00 in the site's zone: count sign-ins in
  // [start 12:00, end+1 12:00) and bucket them by the calendar date of (local time − 12 h).
  const from = zonedDateTimeToInstant(`${start} 12:00:00`, timeZone);
  const to = zonedDateTimeToInstant(`${nextDate(end)} 12:00:00`, timeZone);
  // The whole site (see `isSiteScope`): the accounts' site alone, a plan that does not depend on
  // the root, prepared. A subtree goes through the GIN index on `path`, planned for its root.
  const site = isSiteScope(caller);
  const inSubtree = site
    ? sql`a.site_id = ${caller.siteId}`
    : sql`a.site_id = ${caller.siteId} and (a.id = ${root.id} or a.path @> array[${root.id}]::integer[])`;
  const visitRows = {
    rows: await readIf<{ date: string | null; visits: number; visitors: number }>(
      site,
      db,
      'dashboard_visits',
      sql`
    select v.date, count(*)::int as visits, count(distinct v.account_id)::int as visitors
    from (
      select to_char(((s.created_at at time zone ${timeZone}) - interval '12 hours')::date, 'YYYY-MM-DD') as date, s.account_id
      from sessions s
      join accounts a on a.id = s.account_id
      where ${inSubtree}
        and s.site_id = ${caller.siteId}
        and s.created_at >= ${from!.toISOString()}::timestamptz and s.created_at < ${to!.toISOString()}::timestamptz
    ) v
    group by rollup (v.date)`,
    ),
  };

  const providers = await siteProviders(db, caller.siteId);
  const providerNames = new Map(providers.rows.map((p) => [p.code, p.name]));

  const total = zero();
  const perProvider = new Map<string, Sums>();
  const perCategory = new Map<GameCategory, Sums>();
  const perDay = new Map<string, Sums>();
  const bucket = <K>(map: Map<K, Sums>, key: K) => {
    let s = map.get(key);
    if (!s) map.set(key, (s = zero()));
    return s;
  };
  for (const r of rollups.rows) {
    const s: Sums = {
      betCount: BigInt(r.bet_count),
      betAmount: BigInt(r.bet_amount),
      validBet: BigInt(r.valid_bet),
      winLoss: BigInt(r.win_loss),
    };
    // A bet settled then resettled to nothing leaves a row of zeros: not activity.
    if (s.betCount === 0n && s.betAmount === 0n && s.validBet === 0n && s.winLoss === 0n) continue;
    add(total, s);
    add(bucket(perProvider, r.provider_code), s);
    add(bucket(perCategory, r.game_category), s);
    add(bucket(perDay, r.date), s);
  }

  const visitsPerDay = new Map<string, { visits: number; visitors: number }>();
  let visitTotals = { visits: 0, visitors: 0 };
  for (const v of visitRows.rows) {
    if (v.date === null) visitTotals = { visits: v.visits, visitors: v.visitors };
    else visitsPerDay.set(v.date, { visits: v.visits, visitors: v.visitors });
  }

  return {
    root: { id: root.id, accountNo: root.accountNo },
    start,
    end,
    providerCode: input.providerCode ?? null,
    timeZone,
    providers: providers.rows.map((p) => ({ code: p.code, name: p.name })),
    totals: { ...sales(total), ...visitTotals },
    byProvider: [...perProvider].sort(byAmountDesc).map(([code, s]) => ({ code, name: providerNames.get(code) ?? code, ...sales(s) })),
    byCategory: [...perCategory].sort(byAmountDesc).map(([category, s]) => ({ category, ...sales(s) })),
    trend: datesOf(start, end).map((date) => ({
      date,
      ...sales(perDay.get(date) ?? zero()),
      ...(visitsPerDay.get(date) ?? { visits: 0, visitors: 0 }),
    })),
  };
}
