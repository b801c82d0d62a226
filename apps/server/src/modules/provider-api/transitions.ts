import { minorUnitsText, type CancelBetItem, type ErrorName, type SettleBetItem } from '@agent-bo/shared';
import type { Tx } from '../../core/tx.js';
import type { ProviderContext } from './context.js';
import { readBets } from './transition-reads.js';
import type { TransitionOp, Version } from './transition-types.js';
import { writeBatch, writeRefunds } from './transition-writes.js';

/**
 * bets/settle, bets/cancel and bets/resettle as a set (service.ts holds the rules of every
 * transition). Like place (place.ts), a batch costs a handful of statements whatever its size:
 *
 * 1. one read of every version of the batch's bets, as plain values (one array parameter; the
 *    amounts as minor-unit text, the settlement time as epoch milliseconds, the path as text),
 *    a named statement (`TRANSITION_READ`, transition-reads.ts);
 * 2. one pass over the items, in order, deciding each as it would be decided alone in a call
 *    (a bet touched twice in one batch sees what the earlier item did);
 * 3. one statement that writes the batch (transition-writes.ts): an UPDATE of the stored
 *    versions it changed and, for a resettle, an INSERT of the versions it added, both over
 *    array parameters, and — for settle and resettle — an INSERT … SELECT … GROUP BY … ON
 *    CONFLICT DO UPDATE of the rollup deltas, computed in SQL from the rows the UPDATE and the
 *    INSERT return (data-modifying WITH queries). The columns a new version copies (player, path, game, stake, times, business date)
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

export type { TransitionOp };
export type TransitionAnswer = 'OK' | 'DUPLICATE' | { refused: ErrorName };

const refused = (name: ErrorName): TransitionAnswer => ({ refused: name });

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
