import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/tx.js';
import { statementName } from '../../db/named.js';
import { arrayLiteral } from './array-literal.js';
import { BETS_HAVE_STATISTICS, connectionOf } from './connection.js';
import type { Bet } from './transition-types.js';

/**
 * What a settle, cancel or resettle batch reads (transitions.ts decides, transition-writes.ts
 * writes): every stored version of its bets, as plain values in one named statement, and the
 * share ratios of their chains now. Apart from the decisions, which see only the plain values
 * these return; the read statements are exported for the test and the benchmark that plan them.
 */

/** A stored version of a batch's bet, as `TRANSITION_READ` answers it. */
interface VersionRow {
  bet: string;
  id: string;
  version: number;
  status: string;
  player_id: number;
  amount: string;
  valid_bet: string;
  payout: string;
  settled_ms: number | null;
  path: string;
}

const VERSION_COLUMNS = `b.provider_bet_id as bet, b.id::text as id, b.version, b.status, b.player_id, b.bet_amount::text as amount,
       b.valid_bet::text as valid_bet, b.payout::text as payout, floor(extract(epoch from b.settled_at) * 1000)::float8 as settled_ms,
       b.agent_path::text as path`;
/** Every version of the bets ($1 site, $2 provider, $3 ids) by one scan of the ids as an array: with statistics. */
export const VERSIONS_BY_ARRAY = `select ${VERSION_COLUMNS}
  from bets b
 where b.site_id = $1 and b.provider_code = $2 and b.provider_bet_id = any($3::text[])`;
/**
 * The same by one probe of the unique index per id: without statistics. OFFSET 0 keeps the
 * subquery from being merged into a join the planner could turn into a scan on a young table.
 */
export const VERSIONS_BY_PROBES = `select ${VERSION_COLUMNS}
  from unnest($3::text[]) as k(id)
 cross join lateral (select * from bets where site_id = $1 and provider_code = $2 and provider_bet_id = k.id offset 0) b`;
/**
 * Every version of the batch's bets, a named statement planned once per connection. Like
 * place.ts's `place_read`, it scans the ids as one array once `bets` has column statistics and
 * probes id by id before: the condition does not depend on a row, so each branch carries it as a
 * one-time filter and only the branch it lets through runs.
 */
export const TRANSITION_READ = `
${VERSIONS_BY_ARRAY} and ${BETS_HAVE_STATISTICS}
union all
${VERSIONS_BY_PROBES} where not ${BETS_HAVE_STATISTICS}`;

/** Every version of the batch's bets, each bet's in version order, as plain values. */
export async function readBets(
  tx: Tx,
  siteId: string,
  providerCode: string,
  items: readonly { betId: string }[],
): Promise<Map<string, Bet>> {
  const betIds = [...new Set(items.map((i) => i.betId))];
  const rows = await connectionOf(tx).query<VersionRow>({
    name: statementName('transition_read', TRANSITION_READ),
    text: TRANSITION_READ,
    values: [siteId, providerCode, betIds],
  });
  const bets = new Map<string, Bet>();
  for (const r of rows.rows) {
    let bet = bets.get(r.bet);
    if (!bet) {
      bet = { betId: r.bet, versions: [], playerId: r.player_id, amount: r.amount, sourceId: r.id, path: r.path, touched: false };
      bets.set(r.bet, bet);
    }
    const versions = bet.versions;
    versions.push({
      version: r.version,
      status: r.status,
      storedStatus: r.status,
      rowId: r.id,
      validBet: r.valid_bet,
      payout: r.payout,
      settledMs: r.settled_ms,
      settled: false,
    });
    // The statement has no ORDER BY (both branches walk the unique index, so a bet's versions
    // come together and in order; sorting the whole answer cost a third of the read): a version
    // out of order is put in place here, and a new version copies the latest one.
    if (versions.length > 1 && versions[versions.length - 2]!.version > r.version) versions.sort((a, b) => a.version - b.version);
    if (versions[versions.length - 1]!.version === r.version) {
      bet.sourceId = r.id;
      bet.path = r.path;
    }
  }
  return bets;
}

/**
 * The ratios (basis points) of every agent path of `touched` now, by path, both as PostgreSQL
 * prints an int[] (`{1,5,9}` → `{10000,8000,0}`); an account not found counts 0.
 */
export async function ratiosNow(tx: Tx, touched: Bet[]): Promise<Map<string, string>> {
  const paths = new Map<string, number[]>();
  for (const bet of touched) {
    if (!paths.has(bet.path)) paths.set(bet.path, bet.path.length > 2 ? bet.path.slice(1, -1).split(',').map(Number) : []);
  }
  const ids = [...new Set([...paths.values()].flat())];
  const ratio = new Map<number, number>();
  if (ids.length) {
    const found = await tx.execute<{ id: number; ratio: number }>(
      sql`select id, ratio from accounts where id = any(${arrayLiteral(ids)}::int[])`,
    );
    for (const a of found.rows) ratio.set(a.id, a.ratio);
  }
  const out = new Map<string, string>();
  for (const [text, path] of paths) out.set(text, `{${path.map((id) => ratio.get(id) ?? 0).join(',')}}`);
  return out;
}
