import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { minorUnitsText, type CancelBetItem, type ErrorName, type SettleBetItem } from '@agent-bo/shared';
import type { Tx } from '../../core/tx.js';
import { statementName } from '../../db/named.js';
import { BETS_HAVE_STATISTICS, connectionOf } from './connection.js';
import type { ProviderContext } from './context.js';
import { houseOf, lockAccounts, postHouseTransfer, refundKey } from './house.js';

/**
 * bets/settle, bets/cancel and bets/resettle as a set (service.ts holds the rules of every
 * transition). Like place (place.ts), a batch costs a handful of statements whatever its size:
 *
 * 1. one read of every version of the batch's bets, as plain values (one array parameter; the
 *    amounts as minor-unit text, the settlement time as epoch milliseconds, the path as text),
 *    a named statement (`TRANSITION_READ`, below);
 * 2. one pass over the items, in order, deciding each as it would be decided alone in a call
 *    (a bet touched twice in one batch sees what the earlier item did);
 * 3. one statement that writes the batch: an UPDATE of the stored versions it changed and, for
 *    a resettle, an INSERT of the versions it added, both over array parameters, and — for settle
 *    and resettle — an INSERT … SELECT … GROUP BY … ON CONFLICT DO UPDATE of the rollup deltas,
 *    computed in SQL from the rows the UPDATE and the INSERT return (data-modifying WITH
 *    queries). The columns a new version copies (player, path, game, stake, times, business date)
 *    are copied in SQL from the bet's latest stored version; win/loss (payout − stake) is
 *    computed by the statement that writes the version, which also stores the ratios of the
 *    chain now (read in one statement for all the batch's accounts, as before, and passed per
 *    version as text: computed per row in SQL they cost the UPDATE a subquery per bet). The deltas: + every version that became Settled, − every stored version
 *    a resettle superseded, each over its chain links with the ratios stored on the row (the
 *    share rule of shares.ts: PostgreSQL's bigint division truncates toward zero like BigInt's,
 *    and a win/loss of at most 10^12 minor units — the largest payout, 10,000,000,000.00 — times
 *    a ratio of at most 10,000 stays far inside a bigint). A version a batch both adds and
 *    supersedes (two resettles of one bet) would add and take back the same amounts on the same
 *    rows, so it counts 0; rows whose sums are all zero are not written, as before. The rows are
 *    inserted in primary-key order, so concurrent batches lock the hot rollup rows in one order.
 *    Reading the written rows back instead (a join of the batch's keys with `bets`) let the
 *    planner hash the whole table when its statistics lagged a bulk load;
 * 4. the REFUND posting of every bet a cancel moved (unchanged: one posting per bet, after the
 *    status change).
 *
 * No drizzle row mapping, no Date or bigint per bet (the refund of a cancel takes its stake as a
 * bigint, for the ledger).
 */

export type TransitionOp = 'settle' | 'cancel' | 'resettle';
export type TransitionAnswer = 'OK' | 'DUPLICATE' | { refused: ErrorName };

const refused = (name: ErrorName): TransitionAnswer => ({ refused: name });

/** One version of a bet, as the batch sees it. */
interface Version {
  version: number;
  status: string;
  /** The status read from the database; null for a version this batch adds. */
  storedStatus: string | null;
  /** The stored row's id (a bigint's text); null for a version this batch adds. */
  rowId: string | null;
  /** Minor units, canonical decimal text (as PostgreSQL prints a bigint). */
  validBet: string;
  payout: string;
  /** Epoch milliseconds of the settlement; null when not settled. */
  settledMs: number | null;
  /** The batch settled this version (its amounts and time are to be written). */
  settled: boolean;
}

interface Bet {
  betId: string;
  versions: Version[];
  playerId: number;
  /** The stake, minor units as text. */
  amount: string;
  /** The row a new version copies: the latest stored version. */
  sourceId: string;
  /** The agent path as PostgreSQL prints an int[] (`{1,5,9}`). */
  path: string;
  touched: boolean;
}

/** An item's settlement, parsed once. */
interface Settlement {
  validBet: string;
  payout: string;
  ms: number;
}

const parse = (item: SettleBetItem): Settlement => ({
  validBet: minorUnitsText(item.validBet),
  payout: minorUnitsText(item.payout),
  // Milliseconds, as the item's instant reads in JavaScript (a finer fraction is dropped).
  ms: Date.parse(item.settledAt),
});

const sameSettlement = (v: Version, s: Settlement) =>
  v.settledMs !== null && v.settledMs === s.ms && v.validBet === s.validBet && v.payout === s.payout;

export async function transitionBatch(
  tx: Tx,
  ctx: ProviderContext,
  op: TransitionOp,
  items: readonly (SettleBetItem | CancelBetItem)[],
): Promise<TransitionAnswer[]> {
  const { siteId, providerCode } = ctx;
  const bets = await readBets(tx, siteId, providerCode, items);
  const refunds: { betId: string; playerId: number; amount: string }[] = [];
  const answers: TransitionAnswer[] = [];
  for (const item of items) {
    const bet = bets.get(item.betId);
    const cur = bet?.versions[bet.versions.length - 1];
    if (!bet || !cur) {
      answers.push(refused('BET_NOT_FOUND'));
      continue;
    }
    if (op === 'settle') {
      if (cur.status === 'Canceled') answers.push(refused('BET_STATE_CONFLICT'));
      else if (cur.status === 'Unsettled') {
        settleVersion(cur, parse(item as SettleBetItem));
        bet.touched = true;
        answers.push('OK');
      } else {
        // Settled (perhaps resettled since): a replay of the first settlement changes nothing.
        answers.push(sameSettlement(bet.versions[0]!, parse(item as SettleBetItem)) ? 'DUPLICATE' : refused('BET_CONTENT_CONFLICT'));
      }
    } else if (op === 'cancel') {
      if (cur.status === 'Canceled') answers.push('DUPLICATE');
      else if (cur.status !== 'Unsettled') answers.push(refused('BET_STATE_CONFLICT'));
      else {
        cur.status = 'Canceled';
        bet.touched = true;
        // The stake goes back to the player's main balance, posted with the status change.
        refunds.push({ betId: bet.betId, playerId: bet.playerId, amount: bet.amount });
        answers.push('OK');
      }
    } else {
      if (cur.status !== 'Settled') {
        answers.push(refused('BET_STATE_CONFLICT'));
        continue;
      }
      const s = parse(item as SettleBetItem);
      // A replay of any settlement of this bet (the same amounts and time) changes nothing.
      if (bet.versions.some((v) => sameSettlement(v, s))) answers.push('DUPLICATE');
      // The same settlement time with other amounts is another content for one settlement.
      else if (bet.versions.some((v) => v.settledMs === s.ms)) answers.push(refused('BET_CONTENT_CONFLICT'));
      // An older resettle arriving late must not overwrite a newer one.
      else if (cur.settledMs !== null && s.ms < cur.settledMs) answers.push(refused('BET_STATE_CONFLICT'));
      else {
        cur.status = 'Superseded';
        const next: Version = {
          version: cur.version + 1,
          status: 'Unsettled',
          storedStatus: null,
          rowId: null,
          validBet: '0',
          payout: '0',
          settledMs: null,
          settled: false,
        };
        settleVersion(next, s);
        bet.versions.push(next);
        bet.touched = true;
        answers.push('OK');
      }
    }
  }

  const touched = [...bets.values()].filter((b) => b.touched);
  if (touched.length) {
    await writeBatch(tx, op, siteId, providerCode, touched);
    await writeRefunds(tx, ctx, refunds);
  }
  return answers;
}

function settleVersion(v: Version, s: Settlement) {
  v.status = 'Settled';
  v.validBet = s.validBet;
  v.payout = s.payout;
  v.settledMs = s.ms;
  v.settled = true;
}

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
async function readBets(tx: Tx, siteId: string, providerCode: string, items: readonly { betId: string }[]): Promise<Map<string, Bet>> {
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
async function ratiosNow(tx: Tx, touched: Bet[]): Promise<Map<string, string>> {
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

/** The columns a written version returns for its rollups (`alias`: the written table's). */
const returned = (alias: string) =>
  sql.raw(
    ['status', 'player_id', 'agent_path', 'share_ratios', 'business_date', 'game_category', 'bet_amount', 'valid_bet', 'payout', 'win_loss']
      .map((c) => `${alias}.${c}`)
      .join(', '),
  );

/**
 * Writes the batch in one statement: the stored versions it changed (an UPDATE), the versions it
 * added (an INSERT), and — for settle and resettle — the rollup deltas of the rows these two return.
 *
 * A settled version gets its amounts, time, win/loss and ratios; a canceled or superseded one only
 * its status (null amounts: the stored values stay). A new version copies the rest of its bet's
 * latest stored version, in SQL.
 *
 * Rollups: + each returned version that is Settled (a settle, the last version a resettle added),
 * − each stored version a resettle made Superseded (its amounts and ratios unchanged, as they were
 * added). A version added and superseded by the same batch returns Superseded from the INSERT: it
 * would add and take back the same amounts on the same rows, so it counts 0. Each version adds to
 * every link of its chain with the share rule of shares.ts, then the deltas are summed per rollup
 * row, all-zero sums are dropped (as before), and the rows are inserted in primary-key order.
 */
async function writeBatch(tx: Tx, op: TransitionOp, siteId: string, providerCode: string, touched: Bet[]): Promise<void> {
  // A version settled now keeps the ratios of its chain now (the rollups' shares): read once per account.
  const ratios = op === 'cancel' ? new Map<string, string>() : await ratiosNow(tx, touched);
  const changed: { id: string; v: Version; ratios: string }[] = [];
  const added: { source: string; v: Version; ratios: string }[] = [];
  for (const bet of touched) {
    const r = ratios.get(bet.path) ?? '{}';
    for (const v of bet.versions) {
      if (v.rowId === null) added.push({ source: bet.sourceId, v, ratios: r });
      else if (v.status !== v.storedStatus) changed.push({ id: v.rowId, v, ratios: r });
    }
  }
  // In id order, as every writer of bet rows locks them.
  changed.sort((x, y) => x.id.length - y.id.length || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const c = (f: (x: { v: Version; ratios: string }) => string | null) => arrayLiteral(changed.map(f));
  const update = sql`
    update bets b
       set status = u.status,
           valid_bet = coalesce(u.valid_bet, b.valid_bet),
           payout = coalesce(u.payout, b.payout),
           win_loss = case when u.payout is null then b.win_loss else u.payout - b.bet_amount end,
           settled_at = case when u.payout is null then b.settled_at else u.settled_at end,
           share_ratios = case when u.payout is null then b.share_ratios else u.share_ratios::int[] end
      from unnest(${arrayLiteral(changed.map((x) => x.id))}::bigint[], ${c((x) => x.v.status)}::text[],
                  ${c((x) => (x.v.settled ? x.v.validBet : null))}::bigint[], ${c((x) => (x.v.settled ? x.v.payout : null))}::bigint[],
                  ${c((x) => (x.v.settled ? new Date(x.v.settledMs!).toISOString() : null))}::timestamptz[],
                  ${c((x) => (x.v.settled ? x.ratios : null))}::text[])
           as u(id, status, valid_bet, payout, settled_at, share_ratios)
     where b.id = u.id`;
  if (op === 'cancel') {
    // A cancel changes no rollup: the statuses alone.
    await tx.execute(update);
    return;
  }
  const a = (f: (x: { source: string; v: Version; ratios: string }) => string | number) => arrayLiteral(added.map(f));
  const insert = sql`
    insert into bets as n (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                           bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios)
    select b.site_id, b.provider_code, b.provider_bet_id, u.version, b.player_id, b.agent_path, b.game_code, b.game_category, b.round_id,
           b.bet_amount, u.valid_bet, u.payout, u.payout - b.bet_amount, u.status, b.placed_at, u.settled_at, b.business_date,
           u.share_ratios::int[]
      from unnest(${a((x) => x.source)}::bigint[], ${a((x) => x.v.version)}::int[], ${a((x) => x.v.status)}::text[],
                  ${a((x) => x.v.validBet)}::bigint[], ${a((x) => x.v.payout)}::bigint[],
                  ${a((x) => new Date(x.v.settledMs!).toISOString())}::timestamptz[], ${a((x) => x.ratios)}::text[]) with ordinality
           as u(source, version, status, valid_bet, payout, settled_at, share_ratios, n)
      join bets b on b.id = u.source
     order by u.n`;
  // The returned rows: the updated, then the inserted (a resettle's); each with its sign.
  // The returned rows with their signs: + Settled; − a stored version superseded; 0 otherwise (a
  // version inserted already superseded, by a later item of the batch).
  const updated = sql`select *, case status when 'Settled' then 1 when 'Superseded' then -1 else 0 end as sign from updated`;
  const written = added.length
    ? sql`updated as (${update} returning ${returned('b')}),
          inserted as (${insert} returning ${returned('n')}),
          written as (${updated} union all select *, case status when 'Settled' then 1 else 0 end from inserted)`
    : sql`updated as (${update} returning ${returned('b')}),
          written as (${updated})`;
  await tx.execute(sql`
    with ${written}
    insert into report_rollups as r (site_id, provider_code, ancestor_id, business_date, child_id, game_category,
                                     bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
    select ${siteId}, ${providerCode}, l.ancestor_id, w.business_date, l.child_id, w.game_category,
           sum(w.sign), sum(w.sign * w.bet_amount), sum(w.sign * w.valid_bet), sum(w.sign * w.payout), sum(w.sign * w.win_loss),
           sum(w.sign * l.child_share), sum(w.sign * l.ancestor_share)
      from written w
      -- One row per link of the chain: (path[i], path[i + 1]), the last (path[n], the player). unnest, not
      -- generate_series: the planner counts a few links per bet, not a thousand (a cost that would
      -- ask for JIT compilation where PostgreSQL has it).
      cross join lateral (
        select s.ancestor_id, s.child_id, s.child_share, (-w.win_loss) * s.r_ancestor / 10000 - s.child_share as ancestor_share
          from (select x.ancestor_id,
                       case when x.i = cardinality(w.agent_path) then w.player_id else w.agent_path[x.i + 1] end as child_id,
                       coalesce(w.share_ratios[x.i], 0)::bigint as r_ancestor,
                       (-w.win_loss) * (case when x.i = cardinality(w.agent_path) then 0 else coalesce(w.share_ratios[x.i + 1], 0) end)::bigint
                         / 10000 as child_share
                  from (select u.id as ancestor_id, u.n::int as i from unnest(w.agent_path) with ordinality as u(id, n)) x) s) l
     where w.sign <> 0
     group by l.ancestor_id, w.business_date, l.child_id, w.game_category
    having sum(w.sign) <> 0 or sum(w.sign * w.bet_amount) <> 0 or sum(w.sign * w.valid_bet) <> 0 or sum(w.sign * w.payout) <> 0
        or sum(w.sign * w.win_loss) <> 0 or sum(w.sign * l.child_share) <> 0 or sum(w.sign * l.ancestor_share) <> 0
     order by l.ancestor_id, w.business_date, l.child_id, w.game_category
    on conflict (site_id, ancestor_id, business_date, child_id, provider_code, game_category) do update set
      bet_count = r.bet_count + excluded.bet_count,
      bet_amount = r.bet_amount + excluded.bet_amount,
      valid_bet = r.valid_bet + excluded.valid_bet,
      payout = r.payout + excluded.payout,
      win_loss = r.win_loss + excluded.win_loss,
      child_share = r.child_share + excluded.child_share,
      ancestor_share = r.ancestor_share + excluded.ancestor_share`);
}

/**
 * One REFUND posting per canceled bet, in the batch's transaction, keyed `refund:<provider>:<betId>`:
 * a cancel replayed or raced finds the bet Canceled (the advisory lock serialises the batches)
 * and moves nothing, and the key is the ledger's own guard. Lock order: the bet lock (held),
 * then the house and the players in ascending id order, as every posting locks them.
 */
async function writeRefunds(tx: Tx, ctx: ProviderContext, refunds: { betId: string; playerId: number; amount: string }[]): Promise<void> {
  if (!refunds.length) return;
  const houseId = await houseOf(tx, ctx.siteId);
  await lockAccounts(tx, [houseId, ...refunds.map((r) => r.playerId)]);
  for (const r of refunds) {
    await postHouseTransfer(tx, {
      siteId: ctx.siteId,
      kind: 'REFUND',
      providerCode: ctx.providerCode,
      houseId,
      playerId: r.playerId,
      amount: BigInt(r.amount),
      toPlayer: true,
      key: refundKey(ctx.providerCode, r.betId),
      hash: createHash('sha256').update(`refund\n${r.betId}\n${r.playerId}\n${r.amount}`).digest('hex'),
    });
  }
}

/**
 * A PostgreSQL array literal, one parameter for a whole column: `{"a","b",NULL}`. Built here in
 * one join instead of pg's per-element quoting pass; elements are quoted, with `"` and `\` escaped.
 */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${/["\\]/.test(v) ? v.replace(/[\\"]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}
