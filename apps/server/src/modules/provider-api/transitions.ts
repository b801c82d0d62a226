import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { minorUnitsText, type CancelBetItem, type ErrorName, type SettleBetItem } from '@agent-bo/shared';
import type { Tx } from '../../core/tx.js';
import type { ProviderContext } from './context.js';
import { houseOf, lockAccounts, postHouseTransfer, refundKey } from './house.js';

/**
 * bets/settle, bets/cancel and bets/resettle as a set (service.ts holds the rules of every
 * transition). Like place (place.ts), a batch costs a handful of statements whatever its size:
 *
 * 1. one read of every version of the batch's bets, as plain values (one array parameter; the
 *    amounts as minor-unit text, the settlement time as epoch milliseconds);
 * 2. one pass over the items, in order, deciding each as it would be decided alone in a call
 *    (a bet touched twice in one batch sees what the earlier item did);
 * 3. one UPDATE of the stored versions the batch changed and one INSERT of the versions it added
 *    (a resettle), both over array parameters. The columns a new version copies (player, path,
 *    game, stake, times, business date) are copied in SQL from the bet's latest stored version;
 *    win/loss (payout − stake) and the share ratios of the chain (the accounts' ratios now) are
 *    computed by the statement that writes the version;
 * 4. the REFUND posting of every bet a cancel moved (unchanged: one posting per bet);
 * 5. one INSERT … SELECT … GROUP BY … ON CONFLICT DO UPDATE of the rollup deltas, computed in SQL
 *    from the written rows: + every version that became Settled, − every stored version a resettle
 *    superseded, each over its chain links with the ratios stored on the row (the share rule of
 *    shares.ts: PostgreSQL's bigint division truncates toward zero like BigInt's, and a win/loss of
 *    at most 10^12 minor units — the largest payout, 10,000,000,000.00 — times a ratio of at most
 *    10,000 stays far inside a bigint).
 *    A version a batch both adds and supersedes (two resettles of one bet) adds and takes back
 *    the same amounts on the same rows, so it is left out; rows whose sums are all zero are not
 *    written, as before. The rows are inserted in primary-key order, so concurrent batches lock
 *    the hot rollup rows in one order.
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
    await writeVersions(tx, touched);
    await writeRefunds(tx, ctx, refunds);
    await writeRollups(tx, siteId, providerCode, touched);
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

/** Every version of the batch's bets, in version order, as plain values. */
async function readBets(tx: Tx, siteId: string, providerCode: string, items: readonly { betId: string }[]): Promise<Map<string, Bet>> {
  const betIds = [...new Set(items.map((i) => i.betId))];
  const rows = await tx.execute<{
    bet: string;
    id: string;
    version: number;
    status: string;
    player_id: number;
    amount: string;
    valid_bet: string;
    payout: string;
    settled_ms: number | null;
  }>(sql`
    select provider_bet_id as bet, id::text as id, version, status, player_id, bet_amount::text as amount,
           valid_bet::text as valid_bet, payout::text as payout, floor(extract(epoch from settled_at) * 1000)::float8 as settled_ms
      from bets
     where site_id = ${siteId} and provider_code = ${providerCode} and provider_bet_id = any(${arrayLiteral(betIds)}::text[])
     order by provider_bet_id, version`);
  const bets = new Map<string, Bet>();
  for (const r of rows.rows) {
    let bet = bets.get(r.bet);
    if (!bet) {
      bet = { betId: r.bet, versions: [], playerId: r.player_id, amount: r.amount, sourceId: r.id, touched: false };
      bets.set(r.bet, bet);
    }
    bet.versions.push({
      version: r.version,
      status: r.status,
      storedStatus: r.status,
      rowId: r.id,
      validBet: r.valid_bet,
      payout: r.payout,
      settledMs: r.settled_ms,
      settled: false,
    });
    bet.sourceId = r.id;
  }
  return bets;
}

/** The ratios (basis points) of the row `b`'s agent path now, in path order: 0 for an account not found. */
const RATIOS_NOW = sql.raw(
  `coalesce((select array_agg(coalesce(a.ratio, 0) order by p.k)
               from unnest(b.agent_path) with ordinality as p(id, k) left join accounts a on a.id = p.id), '{}')`,
);

/** The stored versions the batch changed (one UPDATE), then the versions it added (one INSERT). */
async function writeVersions(tx: Tx, touched: Bet[]): Promise<void> {
  const changed: { id: string; v: Version }[] = [];
  const added: { source: string; v: Version }[] = [];
  for (const bet of touched) {
    for (const v of bet.versions) {
      if (v.rowId === null) added.push({ source: bet.sourceId, v });
      else if (v.status !== v.storedStatus) changed.push({ id: v.rowId, v });
    }
  }
  if (changed.length) {
    // In id order, as every writer of bet rows locks them.
    changed.sort((x, y) => x.id.length - y.id.length || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    // A settled version gets its amounts, time, win/loss and ratios; a canceled or superseded one
    // only its status (null amounts: the stored values stay).
    const s = (f: (v: Version) => string | null) => arrayLiteral(changed.map((c) => f(c.v)));
    await tx.execute(sql`
      update bets b
         set status = u.status,
             valid_bet = coalesce(u.valid_bet, b.valid_bet),
             payout = coalesce(u.payout, b.payout),
             win_loss = case when u.payout is null then b.win_loss else u.payout - b.bet_amount end,
             settled_at = case when u.payout is null then b.settled_at else u.settled_at end,
             share_ratios = case when u.payout is null then b.share_ratios else ${RATIOS_NOW} end
        from unnest(${arrayLiteral(changed.map((c) => c.id))}::bigint[], ${s((v) => v.status)}::text[],
                    ${s((v) => (v.settled ? v.validBet : null))}::bigint[], ${s((v) => (v.settled ? v.payout : null))}::bigint[],
                    ${s((v) => (v.settled ? new Date(v.settledMs!).toISOString() : null))}::timestamptz[])
             as u(id, status, valid_bet, payout, settled_at)
       where b.id = u.id`);
  }
  if (added.length) {
    const a = (f: (x: { source: string; v: Version }) => string | number) => arrayLiteral(added.map(f));
    await tx.execute(sql`
      insert into bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                        bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios)
      select b.site_id, b.provider_code, b.provider_bet_id, u.version, b.player_id, b.agent_path, b.game_code, b.game_category, b.round_id,
             b.bet_amount, u.valid_bet, u.payout, u.payout - b.bet_amount, u.status, b.placed_at, u.settled_at, b.business_date, ${RATIOS_NOW}
        from unnest(${a((x) => x.source)}::bigint[], ${a((x) => x.v.version)}::int[], ${a((x) => x.v.status)}::text[],
                    ${a((x) => x.v.validBet)}::bigint[], ${a((x) => x.v.payout)}::bigint[],
                    ${a((x) => new Date(x.v.settledMs!).toISOString())}::timestamptz[]) with ordinality
             as u(source, version, status, valid_bet, payout, settled_at, n)
        join bets b on b.id = u.source
       order by u.n`);
  }
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
 * The rollup deltas of the batch, from the written rows, in one statement: + each version that is
 * Settled now and was not before (a settle, the last version a resettle added), − each stored
 * version a resettle superseded. Each version adds to every link of its chain (shares.ts, in SQL).
 */
async function writeRollups(tx: Tx, siteId: string, providerCode: string, touched: Bet[]): Promise<void> {
  const betIds: string[] = [];
  const versions: number[] = [];
  const signs: number[] = [];
  for (const bet of touched) {
    for (const v of bet.versions) {
      const was = v.storedStatus === 'Settled';
      const is = v.status === 'Settled';
      // Unchanged, canceled, or added and superseded by the same batch (its + and − cancel out).
      if (was === is) continue;
      betIds.push(bet.betId);
      versions.push(v.version);
      signs.push(is ? 1 : -1);
    }
  }
  if (!betIds.length) return;
  await tx.execute(sql`
    insert into report_rollups as r (site_id, provider_code, ancestor_id, business_date, child_id, game_category,
                                     bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
    select ${siteId}, ${providerCode}, l.ancestor_id, b.business_date, l.child_id, b.game_category,
           sum(c.sign), sum(c.sign * b.bet_amount), sum(c.sign * b.valid_bet), sum(c.sign * b.payout), sum(c.sign * b.win_loss),
           sum(c.sign * l.child_share), sum(c.sign * l.ancestor_share)
      from unnest(${arrayLiteral(betIds)}::text[], ${arrayLiteral(versions)}::int[], ${arrayLiteral(signs)}::int[]) as c(bet, version, sign)
      join bets b on b.site_id = ${siteId} and b.provider_code = ${providerCode} and b.provider_bet_id = c.bet and b.version = c.version
      cross join lateral (
        select s.ancestor_id, s.child_id, s.child_share, (-b.win_loss) * s.r_ancestor / 10000 - s.child_share as ancestor_share
          from (select b.agent_path[i] as ancestor_id,
                       case when i = cardinality(b.agent_path) then b.player_id else b.agent_path[i + 1] end as child_id,
                       coalesce(b.share_ratios[i], 0)::bigint as r_ancestor,
                       (-b.win_loss) * (case when i = cardinality(b.agent_path) then 0 else coalesce(b.share_ratios[i + 1], 0) end)::bigint
                         / 10000 as child_share
                  from generate_series(1, cardinality(b.agent_path)) as i) s) l
     group by l.ancestor_id, b.business_date, l.child_id, b.game_category
    having sum(c.sign) <> 0 or sum(c.sign * b.bet_amount) <> 0 or sum(c.sign * b.valid_bet) <> 0 or sum(c.sign * b.payout) <> 0
        or sum(c.sign * b.win_loss) <> 0 or sum(c.sign * l.child_share) <> 0 or sum(c.sign * l.ancestor_share) <> 0
     order by l.ancestor_id, b.business_date, l.child_id, b.game_category
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
