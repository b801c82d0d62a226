import { formatMinorUnits, toMinorUnits } from '@agent-bo/shared';
import type { ItemStatus } from './answers.js';
import type { CallBatcher } from './call-batcher.js';
import type { BetEntry, Call, WalletEntry } from './calls.js';
import type { FollowUps } from './follow-ups.js';
import type { PlannedBet, SessionPlan } from './planner.js';
import type { ProviderWallets } from './provider-side.js';
import type { Tally } from './tally.js';

/**
 * Sessions and the wallet: a session is funded (transfer_out) once the player's previous session
 * is over, its bets wait for the funding, each answered bet is followed up as its fate says, and
 * when its last bet has its answer what is left comes home (transfer_in). Items go to the batcher;
 * follow-ups wait for their time in `followUps`.
 */
export class SessionLifecycle {
  /** The session whose bets are being planned. */
  private current: SessionPlan | undefined;

  constructor(
    private readonly o: {
      siteId: string;
      runId: string;
      batcher: CallBatcher;
      followUps: FollowUps;
      tally: Tally;
      /** The provider's own books, when the run keeps them (SimulationOptions.wallets). */
      wallets?: ProviderWallets;
    },
  ) {}

  /** A planned bet: its session starts if it is a new one; the bet is placed, waits for the funding, or is never sent. */
  play(bet: PlannedBet): void {
    const summary = this.o.tally.summary;
    const s = bet.session;
    if (s !== this.current) {
      this.closeCurrent();
      this.current = s;
      this.startSession(s);
    }
    summary.bets.attempted += 1;
    if (s.state === 'funded') this.placeBet(bet);
    else if (s.state === 'unfunded') summary.bets.unfunded += 1;
    else s.held.push(bet);
  }

  /** The session being played gets no more bets. */
  closeCurrent(): void {
    if (this.current) {
      this.current.closed = true;
      this.maybeReturn(this.current);
    }
  }

  /** A first call's (or a replay's) items have their statuses. */
  answered(call: Call, statuses: ItemStatus[]): void {
    call.entries.forEach((entry, i) => {
      const status = statuses[i]!;
      if (call.replay) {
        if (status !== 'DUPLICATE') this.o.tally.summary.replayMismatches += 1;
        return;
      }
      // DUPLICATE on a first call: a retry of a call that had reached the server — done all the same.
      const ok = status === 'OK' || status === 'DUPLICATE';
      if (ok) {
        const again =
          'bet' in entry ? entry.bet.replays.has(entry.op) : entry.op === 'transfer_out' ? entry.session.replayOut : entry.session.replayIn;
        if (again) this.o.batcher.add(entry, true);
      }
      if ('bet' in entry) this.betAnswer(entry, status === 'HELD' ? 'REFUSED' : status);
      else this.walletAnswer(entry, ok, status);
    });
  }

  private fund(s: SessionPlan): void {
    s.state = 'funding';
    this.o.batcher.add({ session: s, op: 'transfer_out', item: s.transferOut! }, false);
  }

  private placeBet(bet: PlannedBet): void {
    bet.session.pending += 1;
    this.o.batcher.add({ bet, op: 'place', item: bet.place }, false);
  }

  private startSession(s: SessionPlan): void {
    this.o.tally.summary.wallet.sessions += 1;
    if (!s.transferOut) {
      s.state = 'funded';
      return;
    }
    if (s.prev && !s.prev.done) {
      s.state = 'waiting';
      s.prev.waiter = s;
    } else this.fund(s);
  }

  /** The session is over: its successor may start. */
  private finishSession(s: SessionPlan): void {
    s.done = true;
    if (s.waiter) this.fund(s.waiter);
  }

  /** When the last bet of a closed, funded session has its answer, what is left comes home. */
  private maybeReturn(s: SessionPlan): void {
    if (!s.closed || s.done || s.pending > 0 || s.held.length > 0) return;
    if (s.state === 'unfunded') return this.finishSession(s);
    if (s.state !== 'funded') return;
    if (!s.transferOut) return this.finishSession(s);
    const { wallets, siteId } = this.o;
    const sent = toMinorUnits(s.transferOut.amount);
    let left = sent - s.staked + s.paid;
    if (wallets) {
      // The session's stakes and payouts; what staff pulled back meanwhile is no longer there.
      wallets.adjust(siteId, s.provider.code, s.player.accountNo, left - sent);
      const holds = wallets.balance(siteId, s.provider.code, s.player.accountNo);
      if (holds < left) left = holds;
    }
    if (left <= 0n) return this.finishSession(s);
    this.o.batcher.add(
      {
        session: s,
        op: 'transfer_in',
        item: { transactionId: `${this.o.runId}-s${s.no}-in`, playerAccountNo: s.player.accountNo, amount: formatMinorUnits(left) },
      },
      false,
    );
  }

  /** The bet needs no more calls. */
  private settleDone(bet: PlannedBet): void {
    bet.session.pending -= 1;
    this.maybeReturn(bet.session);
  }

  private walletAnswer(e: WalletEntry, ok: boolean, status: ItemStatus): void {
    const { wallets, siteId, tally } = this.o;
    const s = e.session;
    // The provider's books: what left or reached its wallet (a HELD transfer_in left it too).
    if (wallets && (ok || (e.op === 'transfer_in' && status === 'HELD')))
      wallets.record(siteId, s.provider.code, {
        transactionId: e.item.transactionId,
        type: e.op === 'transfer_out' ? 'TRANSFER_OUT' : 'TRANSFER_IN',
        playerAccountNo: e.item.playerAccountNo,
        amount: toMinorUnits(e.item.amount),
      });
    if (e.op === 'transfer_out') {
      if (ok) {
        s.state = 'funded';
        tally.transferredOut(toMinorUnits(e.item.amount));
        for (const bet of s.held.splice(0)) this.placeBet(bet);
      } else {
        s.state = 'unfunded';
        tally.summary.bets.unfunded += s.held.length;
        s.held.length = 0;
      }
      this.maybeReturn(s);
    } else {
      if (ok) tally.transferredIn(toMinorUnits(e.item.amount));
      this.finishSession(s);
    }
  }

  private betAnswer(entry: BetEntry, status: 'OK' | 'DUPLICATE' | 'REFUSED' | 'FAILED'): void {
    const { tally, followUps } = this.o;
    const bet = entry.bet;
    if (status === 'REFUSED' || status === 'FAILED') return this.settleDone(bet);
    switch (entry.op) {
      case 'place':
        tally.summary.bets.placed += 1;
        bet.session.staked += bet.stake;
        if (bet.fate === 'settle') followUps.schedule({ bet, op: 'settle', item: bet.settlement });
        else if (bet.fate === 'cancel') followUps.schedule({ bet, op: 'cancel', item: { betId: bet.place.betId } });
        else this.settleDone(bet);
        break;
      case 'settle':
        tally.settled(bet.stake, bet.result.payout);
        bet.session.paid += bet.result.payout;
        if (bet.resettlement) followUps.schedule({ bet, op: 'resettle', item: bet.resettlement });
        else this.settleDone(bet);
        break;
      case 'cancel':
        tally.summary.bets.canceled += 1;
        this.settleDone(bet);
        break;
      case 'resettle':
        tally.resettled(bet.corrected!.payout - bet.result.payout);
        bet.session.paid += bet.corrected!.payout - bet.result.payout;
        this.settleDone(bet);
        break;
    }
  }
}
