import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ERRORS,
  errorMessage,
  toMinorUnits,
  type CancelBetItem,
  type ErrorName,
  type GameCategory,
  type PlaceBetItem,
  type ProviderBatchResult,
  type ProviderItemResult,
  type SettleBetItem,
  type SettlementStatus,
} from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { bets, siteProviders } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction, type Tx } from '../../core/tx.js';
import { chainShares } from './shares.js';
import type { ProviderContext } from './context.js';
import { houseOf, lockAccounts, postHouseTransfer, refundKey } from './house.js';
import { placeBatch } from './place.js';

/**
 * Bets from game providers (PRODUCT.md §5): place, settle, cancel and resettle in batches.
 *
 * Transitions (one current, non-Superseded version per bet):
 *
 *   (none)    --place-->    Unsettled
 *   Unsettled --settle-->   Settled          (rollups: + this version)
 *   Unsettled --cancel-->   Canceled         (rollups: nothing; they count settled bets only;
 *                                             the stake is refunded: REFUND house → player)
 *   Settled   --resettle--> Superseded, and a new version Settled
 *                                            (rollups: − the old version, + the new one)
 *
 * Anything else is BET_STATE_CONFLICT (settle or resettle a Canceled bet, cancel a Settled one,
 * resettle an Unsettled one, a resettle dated no later than the current settlement). Replays are
 * DUPLICATE and change nothing: a place identical to the bet's first version, a settle identical
 * to the first settlement, a cancel of a Canceled bet, a resettle identical to any settled
 * version. The same bet id with other content is BET_CONTENT_CONFLICT.
 *
 * Player rules (found on the site, not restricted own or inherited, VERIFIED, the provider
 * enabled for the player) are checked when a bet is placed; a bet once accepted can always be
 * settled, canceled or resettled (the stake is already taken).
 *
 * One batch is one database transaction: the bet rows and the rollup changes together, so the
 * reports never disagree with the bets. Batches of one (site, provider) are serialised by a
 * transaction advisory lock — they would queue on the same hot rollup rows (the admin's links)
 * anyway — and the rollup rows are written in one INSERT … ON CONFLICT in sorted key order.
 */

type BetRow = typeof bets.$inferSelect;
type NewBetRow = typeof bets.$inferInsert;

/** A bet version as the batch sees it: loaded, changed or new. */
interface Version {
  /** A loaded row (with its id) or a new one (without). */
  row: NewBetRow;
  isNew: boolean;
  dirty: boolean;
}

interface BetState {
  versions: Version[];
}

type Op = 'place' | 'settle' | 'cancel' | 'resettle';

interface Delta {
  ancestorId: number;
  childId: number;
  businessDate: string;
  gameCategory: GameCategory;
  betCount: bigint;
  betAmount: bigint;
  validBet: bigint;
  payout: bigint;
  winLoss: bigint;
  childShare: bigint;
  ancestorShare: bigint;
}

/** Two-key advisory lock class of the bet batches: (class, hashtext(site:provider)). */
const BET_LOCK_CLASS = 4_206;

class Refusal {
  constructor(readonly name: ErrorName) {}
}

const DUPLICATE = 'DUPLICATE' as const;
const OK = 'OK' as const;

export async function placeBets(ctx: ProviderContext, items: PlaceBetItem[]) {
  return runBatch(ctx, 'place', items);
}
export async function settleBets(ctx: ProviderContext, items: SettleBetItem[]) {
  return runBatch(ctx, 'settle', items);
}
export async function cancelBets(ctx: ProviderContext, items: CancelBetItem[]) {
  return runBatch(ctx, 'cancel', items);
}
export async function resettleBets(ctx: ProviderContext, items: SettleBetItem[]) {
  return runBatch(ctx, 'resettle', items);
}

/** The site must offer the provider (SITE_PROVIDER). */
async function assertOffered(db: Db, siteId: string, providerCode: string): Promise<void> {
  const [row] = await db
    .select({ siteId: siteProviders.siteId })
    .from(siteProviders)
    .where(and(eq(siteProviders.siteId, siteId), eq(siteProviders.providerCode, providerCode)));
  if (!row) throw new AppError('PROVIDER_NOT_OFFERED');
}

async function runBatch(
  ctx: ProviderContext,
  op: Op,
  items: (PlaceBetItem | SettleBetItem | CancelBetItem)[],
): Promise<ProviderBatchResult> {
  await assertOffered(ctx.db, ctx.siteId, ctx.providerCode);
  const answers = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BET_LOCK_CLASS}::int, hashtext(${`${ctx.siteId}:${ctx.providerCode}`}))`);
    if (op === 'place') {
      // The hot path, as a set (place.ts): each item answered as it would be alone in a call.
      const placed = await placeBatch(tx, ctx, items as PlaceBetItem[]);
      return placed.map((a) => (typeof a === 'string' ? a : new Refusal(a.refused)));
    }
    const batch = await Batch.load(tx, ctx, items);
    const out = items.map((item) => batch.apply(op, item as SettleBetItem | CancelBetItem));
    await batch.write();
    return out;
  });
  const results: ProviderItemResult[] = items.map((item, i) => {
    const a = answers[i]!;
    if (a instanceof Refusal) {
      return { betId: item.betId, status: 'REFUSED', code: ERRORS[a.name].code, error: a.name, message: errorMessage(a.name, ctx.locale) };
    }
    return { betId: item.betId, status: a };
  });
  const count = (s: ProviderItemResult['status']) => results.filter((r) => r.status === s).length;
  return { results, ok: count('OK'), duplicate: count('DUPLICATE'), refused: count('REFUSED') };
}

/**
 * Settle, cancel and resettle: every version of the batch's bets is loaded, the items change them
 * in order, then the changed and new versions, the refunds and the rollup deltas are written.
 */
class Batch {
  private readonly bets = new Map<string, BetState>();
  private readonly ratios = new Map<number, number>();
  private readonly deltas = new Map<string, Delta>();
  /** Bets canceled by this batch: each refunds its stake (REFUND, house → player). */
  private readonly refunds: { betId: string; playerId: number; amount: bigint }[] = [];

  private constructor(
    private readonly tx: Tx,
    private readonly ctx: ProviderContext,
  ) {}

  /** Reads every version of the batch's bets and the ratios of their chains. */
  static async load(tx: Tx, ctx: ProviderContext, items: { betId: string }[]): Promise<Batch> {
    const b = new Batch(tx, ctx);
    const betIds = [...new Set(items.map((i) => i.betId))];
    // One array parameter, not one placeholder per bet id.
    const rows = await tx
      .select()
      .from(bets)
      .where(
        and(
          eq(bets.siteId, ctx.siteId),
          eq(bets.providerCode, ctx.providerCode),
          sql`${bets.providerBetId} = any(${sql.param(betIds)}::text[])`,
        ),
      );
    rows.sort((x, y) => x.version - y.version);
    for (const row of rows) {
      const state = b.bets.get(row.providerBetId) ?? { versions: [] };
      state.versions.push({ row, isNew: false, dirty: false });
      b.bets.set(row.providerBetId, state);
    }

    const chainIds = new Set<number>();
    for (const row of rows) for (const id of row.agentPath) chainIds.add(id);
    if (chainIds.size) {
      const ancestors = await tx.execute<{ id: number; ratio: number }>(
        sql`select id, ratio from accounts where id = any(${sql.param([...chainIds])}::int[])`,
      );
      for (const a of ancestors.rows) b.ratios.set(a.id, a.ratio);
    }
    return b;
  }

  apply(op: Exclude<Op, 'place'>, item: SettleBetItem | CancelBetItem): typeof OK | typeof DUPLICATE | Refusal {
    try {
      switch (op) {
        case 'settle':
          return this.settle(item as SettleBetItem);
        case 'cancel':
          return this.cancel(item as CancelBetItem);
        case 'resettle':
          return this.resettle(item as SettleBetItem);
      }
    } catch (err) {
      if (err instanceof Refusal) return err;
      throw err;
    }
  }

  private current(betId: string): Version {
    const state = this.bets.get(betId);
    const cur = state?.versions[state.versions.length - 1];
    if (!cur) throw new Refusal('BET_NOT_FOUND');
    return cur;
  }

  private settle(item: SettleBetItem) {
    const cur = this.current(item.betId);
    const status = cur.row.status as SettlementStatus;
    if (status === 'Canceled') throw new Refusal('BET_STATE_CONFLICT');
    if (status === 'Unsettled') {
      this.settleVersion(cur, item);
      this.addRollup(cur.row, 1n);
      return OK;
    }
    // Settled (perhaps resettled since): a replay of the first settlement changes nothing.
    const first = this.bets.get(item.betId)!.versions[0]!.row;
    if (sameSettlement(first, item)) return DUPLICATE;
    throw new Refusal('BET_CONTENT_CONFLICT');
  }

  private cancel(item: CancelBetItem) {
    const cur = this.current(item.betId);
    if (cur.row.status === 'Canceled') return DUPLICATE;
    if (cur.row.status !== 'Unsettled') throw new Refusal('BET_STATE_CONFLICT');
    cur.row.status = 'Canceled';
    cur.dirty = true;
    // The stake goes back to the player's main balance, posted with the status change (write()).
    this.refunds.push({ betId: item.betId, playerId: cur.row.playerId, amount: cur.row.betAmount as bigint });
    return OK;
  }

  private resettle(item: SettleBetItem) {
    const state = this.bets.get(item.betId);
    const cur = this.current(item.betId);
    if (cur.row.status !== 'Settled') throw new Refusal('BET_STATE_CONFLICT');
    // A replay of any settlement of this bet (the same amounts and time) changes nothing.
    if (state!.versions.some((v) => v.row.settledAt && sameSettlement(v.row, item))) return DUPLICATE;
    const settledAt = new Date(item.settledAt).getTime();
    // The same settlement time with other amounts is another content for one settlement.
    if (state!.versions.some((v) => v.row.settledAt?.getTime() === settledAt)) throw new Refusal('BET_CONTENT_CONFLICT');
    // An older resettle arriving late must not overwrite a newer one.
    if (cur.row.settledAt && settledAt < cur.row.settledAt.getTime()) throw new Refusal('BET_STATE_CONFLICT');

    this.addRollup(cur.row, -1n);
    cur.row.status = 'Superseded';
    cur.dirty = true;
    const { id: _id, createdAt: _createdAt, ...copied } = cur.row as BetRow;
    const next: Version = {
      row: { ...(copied as NewBetRow), version: (cur.row.version ?? 1) + 1, status: 'Unsettled' },
      isNew: true,
      dirty: true,
    };
    this.settleVersion(next, item);
    state!.versions.push(next);
    this.addRollup(next.row, 1n);
    return OK;
  }

  private settleVersion(v: Version, item: SettleBetItem) {
    const payout = toMinorUnits(item.payout);
    v.row.validBet = toMinorUnits(item.validBet);
    v.row.payout = payout;
    v.row.winLoss = payout - (v.row.betAmount as bigint);
    v.row.settledAt = new Date(item.settledAt);
    v.row.status = 'Settled';
    // The ratios of the bet's chain now: the rollups keep shares fixed at settlement.
    v.row.shareRatios = (v.row.agentPath as number[]).map((id) => this.ratios.get(id) ?? 0);
    v.dirty = true;
  }

  /** Adds (sign 1) or takes back (sign −1) a settled version's contribution to every chain link. */
  private addRollup(row: Version['row'], sign: bigint) {
    const path = row.agentPath as number[];
    const ratios = row.shareRatios ?? [];
    const winLoss = row.winLoss as bigint;
    for (const link of chainShares(path, ratios, row.playerId, winLoss)) {
      const key = `${link.ancestorId}|${row.businessDate}|${link.childId}|${row.gameCategory}`;
      let d = this.deltas.get(key);
      if (!d) {
        d = {
          ancestorId: link.ancestorId,
          childId: link.childId,
          businessDate: row.businessDate,
          gameCategory: row.gameCategory,
          betCount: 0n,
          betAmount: 0n,
          validBet: 0n,
          payout: 0n,
          winLoss: 0n,
          childShare: 0n,
          ancestorShare: 0n,
        };
        this.deltas.set(key, d);
      }
      d.betCount += sign;
      d.betAmount += sign * (row.betAmount as bigint);
      d.validBet += sign * (row.validBet as bigint);
      d.payout += sign * (row.payout as bigint);
      d.winLoss += sign * winLoss;
      d.childShare += sign * link.childShare;
      d.ancestorShare += sign * link.ancestorShare;
    }
  }

  /** Updated versions, new versions, the refunds of canceled bets, then the rollups. */
  async write(): Promise<void> {
    await this.writeBets();
    await this.writeRefunds();
    await this.writeRollups();
  }

  /**
   * One REFUND posting per canceled bet, in the batch's transaction, keyed `refund:<provider>:<betId>`:
   * a cancel replayed or raced finds the bet Canceled (the advisory lock serialises the batches)
   * and moves nothing, and the key is the ledger's own guard. Lock order: the bet lock (held),
   * then the house and the players in ascending id order, as every posting locks them.
   */
  private async writeRefunds(): Promise<void> {
    if (!this.refunds.length) return;
    const houseId = await houseOf(this.tx, this.ctx.siteId);
    await lockAccounts(this.tx, [houseId, ...this.refunds.map((r) => r.playerId)]);
    for (const r of this.refunds) {
      await postHouseTransfer(this.tx, {
        siteId: this.ctx.siteId,
        kind: 'REFUND',
        providerCode: this.ctx.providerCode,
        houseId,
        playerId: r.playerId,
        amount: r.amount,
        toPlayer: true,
        key: refundKey(this.ctx.providerCode, r.betId),
        hash: createHash('sha256').update(`refund\n${r.betId}\n${r.playerId}\n${r.amount}`).digest('hex'),
      });
    }
  }

  private async writeBets(): Promise<void> {
    const changed: BetRow[] = [];
    const created: NewBetRow[] = [];
    for (const state of this.bets.values()) {
      for (const v of state.versions) {
        if (!v.dirty) continue;
        if (v.isNew) created.push(v.row as NewBetRow);
        else changed.push(v.row as BetRow);
      }
    }
    if (changed.length) {
      changed.sort((x, y) => (x.id < y.id ? -1 : 1));
      await this.tx.execute(sql`
        update bets b set status = u.status, valid_bet = u.valid_bet, payout = u.payout, win_loss = u.win_loss,
               settled_at = u.settled_at, share_ratios = u.share_ratios::int[]
          from unnest(${sql.param(changed.map((r) => r.id!.toString()))}::bigint[], ${sql.param(changed.map((r) => r.status))}::text[],
                      ${sql.param(changed.map((r) => r.validBet!.toString()))}::bigint[], ${sql.param(changed.map((r) => r.payout!.toString()))}::bigint[],
                      ${sql.param(changed.map((r) => r.winLoss!.toString()))}::bigint[], ${sql.param(changed.map((r) => r.settledAt?.toISOString() ?? null))}::timestamptz[],
                      ${sql.param(changed.map((r) => (r.shareRatios ? `{${r.shareRatios.join(',')}}` : null)))}::text[])
               as u(id, status, valid_bet, payout, win_loss, settled_at, share_ratios)
         where b.id = u.id`);
    }
    if (created.length) {
      // One array parameter per column (unnest), not one parameter per value: a 1000-row batch is
      // 17 parameters instead of 17,000, several times faster to bind and plan.
      const c = <T>(f: (r: NewBetRow) => T) => sql.param(created.map(f));
      await this.tx.execute(sql`
        insert into bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                          bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios)
        select ${this.ctx.siteId}, ${this.ctx.providerCode}, u.provider_bet_id, u.version, u.player_id, u.agent_path::int[], u.game_code,
               u.game_category, u.round_id, u.bet_amount, u.valid_bet, u.payout, u.win_loss, u.status, u.placed_at, u.settled_at,
               u.business_date, u.share_ratios::int[]
          from unnest(${c((r) => r.providerBetId)}::text[], ${c((r) => r.version ?? 1)}::int[], ${c((r) => r.playerId)}::int[],
                      ${c((r) => `{${r.agentPath.join(',')}}`)}::text[], ${c((r) => r.gameCode)}::text[], ${c((r) => r.gameCategory)}::text[],
                      ${c((r) => r.roundId)}::text[], ${c((r) => r.betAmount.toString())}::bigint[], ${c((r) => (r.validBet ?? 0n).toString())}::bigint[],
                      ${c((r) => (r.payout ?? 0n).toString())}::bigint[], ${c((r) => (r.winLoss ?? 0n).toString())}::bigint[], ${c((r) => r.status)}::text[],
                      ${c((r) => r.placedAt.toISOString())}::timestamptz[], ${c((r) => r.settledAt?.toISOString() ?? null)}::timestamptz[],
                      ${c((r) => r.businessDate)}::date[], ${c((r) => (r.shareRatios ? `{${r.shareRatios.join(',')}}` : null))}::text[])
            as u(provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id, bet_amount, valid_bet, payout,
                 win_loss, status, placed_at, settled_at, business_date, share_ratios)`);
    }
  }

  private async writeRollups(): Promise<void> {
    const deltas = [...this.deltas.values()]
      .filter(
        (d) =>
          d.betCount !== 0n ||
          d.betAmount !== 0n ||
          d.validBet !== 0n ||
          d.payout !== 0n ||
          d.winLoss !== 0n ||
          d.childShare !== 0n ||
          d.ancestorShare !== 0n,
      )
      .sort(compareDelta);
    if (!deltas.length) return;
    const col = <K extends keyof Delta>(k: K) =>
      sql.param(deltas.map((d) => (typeof d[k] === 'bigint' ? (d[k] as bigint).toString() : d[k])));
    await this.tx.execute(sql`
      insert into report_rollups as r (site_id, provider_code, ancestor_id, business_date, child_id, game_category,
                                       bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share)
      select ${this.ctx.siteId}, ${this.ctx.providerCode}, d.ancestor_id, d.business_date, d.child_id, d.game_category,
             d.bet_count, d.bet_amount, d.valid_bet, d.payout, d.win_loss, d.child_share, d.ancestor_share
        from unnest(${col('ancestorId')}::int[], ${col('businessDate')}::date[], ${col('childId')}::int[], ${col('gameCategory')}::text[],
                    ${col('betCount')}::bigint[], ${col('betAmount')}::bigint[], ${col('validBet')}::bigint[], ${col('payout')}::bigint[],
                    ${col('winLoss')}::bigint[], ${col('childShare')}::bigint[], ${col('ancestorShare')}::bigint[]) with ordinality
             as d(ancestor_id, business_date, child_id, game_category, bet_count, bet_amount, valid_bet, payout, win_loss, child_share, ancestor_share, n)
       order by d.n
      on conflict (site_id, ancestor_id, business_date, child_id, provider_code, game_category) do update set
        bet_count = r.bet_count + excluded.bet_count,
        bet_amount = r.bet_amount + excluded.bet_amount,
        valid_bet = r.valid_bet + excluded.valid_bet,
        payout = r.payout + excluded.payout,
        win_loss = r.win_loss + excluded.win_loss,
        child_share = r.child_share + excluded.child_share,
        ancestor_share = r.ancestor_share + excluded.ancestor_share`);
  }
}

function sameSettlement(row: Version['row'], item: SettleBetItem): boolean {
  return (
    row.validBet === toMinorUnits(item.validBet) &&
    row.payout === toMinorUnits(item.payout) &&
    (row.settledAt?.getTime() ?? NaN) === new Date(item.settledAt).getTime()
  );
}

/** The rollup key order (the primary key's), so concurrent writers lock rows in one order. */
function compareDelta(a: Delta, b: Delta): number {
  return (
    a.ancestorId - b.ancestorId ||
    (a.businessDate < b.businessDate ? -1 : a.businessDate > b.businessDate ? 1 : 0) ||
    a.childId - b.childId ||
    (a.gameCategory < b.gameCategory ? -1 : a.gameCategory > b.gameCategory ? 1 : 0)
  );
}
