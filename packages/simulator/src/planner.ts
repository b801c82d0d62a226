import {
  SITES,
  formatMinorUnits,
  timeZoneOffsetMs,
  type PlaceBetItem,
  type SettleBetItem,
  type WalletTransferItem,
} from '@agent-bo/shared';
import { TIMING, drawResult, drawStake, gamesOf, nextStake, type Game, type Result, type StakeRange } from './catalogue.js';
import type { ProviderOp } from './client.js';
import { rangesOf, type SimPlayer, type SimProvider } from './directory.js';
import { Rng } from './rng.js';
import type { SimulationOptions } from './engine.js';

/** What a simulation plays, in order from one seeded generator: sessions of bets, each bet's fate, the hours' weights. */

export interface FateRates {
  /** Share of bets canceled instead of settled. */
  cancel: number;
  /** Share of bets left Unsettled (results still to come). */
  open: number;
  /** Share of bets resettled after their settlement (a corrected result). */
  resettle: number;
  /** Share of answered items sent again identically (each op on its own). */
  replay: number;
  /** Share of sessions played on a provider the player does not have (refused: PROVIDER_NOT_ENABLED). */
  stray: number;
  /** Weight of a provider that is not ACTIVE against 1 for an active one (its calls are refused). */
  inactive: number;
}

export const DEFAULT_RATES: FateRates = { cancel: 0.01, open: 0.015, resettle: 0.005, replay: 0.01, stray: 0.01, inactive: 0.05 };

export interface PlannedBet {
  provider: SimProvider;
  session: SessionPlan;
  place: PlaceBetItem;
  fate: 'settle' | 'cancel' | 'open';
  settlement: SettleBetItem;
  resettlement?: SettleBetItem;
  replays: Set<ProviderOp>;
  /** Minor units of the stake, the result and the corrected result. */
  stake: bigint;
  result: Result;
  corrected?: Result;
}

/**
 * One player's session on one provider's game. With the wallet, the session starts with a
 * transfer_out of the credit the player brings (its bets wait for it), and ends with a transfer_in
 * of what is left in the provider's wallet once every bet has its result. A player's sessions run
 * one after the other: the next transfer_out waits for the previous transfer_in.
 */
export interface SessionPlan {
  no: number;
  player: SimPlayer;
  provider: SimProvider;
  game: Game;
  range: StakeRange;
  stake: bigint;
  left: number;
  /** History: the next bet's placing time (ms). */
  at: number;
  /** Planned credit at the provider (transfer_out minus stakes plus payouts). */
  wallet: bigint;
  /**
   * The platform will refuse this session's calls: its provider is not enabled for the player
   * (a stray session) or not ACTIVE. Its credit never leaves the main balance, so the plan's
   * balances leave it out.
   */
  refusedByPlan: boolean;
  transferOut?: WalletTransferItem;
  replayOut: boolean;
  replayIn: boolean;
  /** The same player's previous session. */
  prev?: SessionPlan;
  // Runtime, kept by the runner:
  state: 'new' | 'waiting' | 'funding' | 'funded' | 'unfunded';
  closed: boolean;
  /** Funded bets without their final answer yet. */
  pending: number;
  /** Bets waiting for the transfer_out. */
  held: PlannedBet[];
  /** Stakes of the bets placed, payouts of the bets settled (current versions). */
  staked: bigint;
  paid: bigint;
  done: boolean;
  /** The same player's next session, waiting for this one to end. */
  waiter?: SessionPlan;
}

const HOUR_WEIGHTS = [
  0.5, 0.35, 0.2, 0.15, 0.1, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.65, 0.65, 0.6, 0.6, 0.65, 0.7, 0.8, 0.9, 1, 1, 0.95, 0.75,
];

/** A planner's answer when no player in play has the credit for a bet any more. */
export class NoCreditLeft extends Error {}

/** Plans bets in order from the seeded generator: sessions of one player on one provider's game. */
export class Planner {
  private readonly rng: Rng;
  private readonly players: SimPlayer[];
  private readonly providers: Map<string, SimProvider>;
  private readonly rates: FateRates;
  private readonly timeZone: string;
  /** Main balances as the plan expects them (null: unknown, not limited). */
  private readonly balances = new Map<string, bigint | null>();
  private readonly lastSession = new Map<string, SessionPlan>();
  private session: SessionPlan | undefined;
  private n = 0;
  private sessions = 0;

  constructor(
    private readonly o: Pick<SimulationOptions, 'directory' | 'seed' | 'players' | 'historyDays'> & {
      rates: FateRates;
      runId: string;
      /** Live: when the settlement is sent after the place is answered. */
      liveDelayMs: number;
      /** Move credit with transfer_out / transfer_in around each session. */
      wallet?: boolean;
    },
  ) {
    this.rng = new Rng(o.seed ?? 1);
    this.providers = new Map(o.directory.providers.map((p) => [p.code, p]));
    this.rates = o.rates;
    this.timeZone = SITES.find((s) => s.id === o.directory.siteId)?.timeZone ?? 'UTC';
    const all = [...o.directory.players];
    // A seeded partial shuffle: the first N are the players in play.
    const n = Math.min(o.players ?? all.length, all.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.rng.next() * (all.length - i));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    this.players = all.slice(0, n);
    for (const p of this.players) this.balances.set(p.accountNo, p.balance);
    if (this.players.length === 0) throw new Error('no players to simulate');
    if (this.providers.size === 0) throw new Error('no provider secrets: nothing can be signed');
  }

  /** The session being planned; it ends when the next bet starts another (or `close`). */
  get current(): SessionPlan | undefined {
    return this.session;
  }

  /** Ends the session being planned: what is left in its wallet comes back to the main balance. */
  close(): SessionPlan | undefined {
    const s = this.session;
    if (s && !s.closed) {
      s.closed = true;
      const b = this.balances.get(s.player.accountNo);
      if (s.transferOut && !s.refusedByPlan && b !== null && b !== undefined) this.balances.set(s.player.accountNo, b + s.wallet);
    }
    this.session = undefined;
    return s;
  }

  private newSession(now: number): SessionPlan {
    const rng = this.rng;
    for (let attempt = 0; ; attempt++) {
      const player = rng.pick(this.players);
      const known = [...this.providers.values()];
      const enabled = player.providers === null ? known : known.filter((p) => player.providers!.includes(p.code));
      const others = known.filter((p) => !enabled.includes(p));
      const stray = rng.chance(this.rates.stray) && others.length > 0;
      const pool = stray ? others : enabled.length > 0 ? enabled : known;
      const provider = rng.weighted(pool, (p) => (p.active ? 1 : this.rates.inactive) || Number.MIN_VALUE);
      const refusedByPlan = !provider.active || !enabled.includes(provider);
      const game = rng.pick(gamesOf(provider.code));
      const range = rng.pick(rangesOf(player));
      const left = rng.int(3, 30);
      const stake = drawStake(rng, range);
      const bring = stake * BigInt(rng.int(10, 40));
      const balance = this.balances.get(player.accountNo) ?? null;
      // With the wallet, a player brings 10–40 stakes' worth, at most its balance, at least one stake.
      const credit = !this.o.wallet ? 0n : balance === null ? bring : bring < balance ? bring : balance - (balance % 100n);
      if (this.o.wallet && credit < stake) {
        if (attempt > 50 * this.players.length) throw new NoCreditLeft('no player in play has the credit for a bet');
        continue;
      }
      // The session's start time draws on a generator of its own (seeded from the main one by
      // exactly one draw): how many tries the hour weighting takes depends on the clock, and
      // the decisions that follow must not.
      const timeRng = new Rng(rng.next());
      let at = now;
      const days = this.o.historyDays ?? 0;
      if (days > 0) {
        const longest = left * TIMING[game.category].gap[1] * 1000;
        const offset = timeZoneOffsetMs(new Date(now), this.timeZone);
        // Recent days more often than old ones; evenings more often than mornings.
        for (let tries = 0; tries < 20; tries++) {
          at = now - 60_000 - longest - Math.floor(days * 86_400_000 * timeRng.next() ** 1.5);
          const hour = new Date(at + offset).getUTCHours();
          if (timeRng.next() < HOUR_WEIGHTS[hour]!) break;
        }
      }
      this.sessions += 1;
      const no = this.sessions;
      if (this.o.wallet && balance !== null && !refusedByPlan) this.balances.set(player.accountNo, balance - credit);
      const session: SessionPlan = {
        no,
        player,
        provider,
        game,
        range,
        stake,
        left,
        at,
        wallet: credit,
        refusedByPlan,
        transferOut: this.o.wallet
          ? { transactionId: `${this.o.runId}-s${no}-out`, playerAccountNo: player.accountNo, amount: formatMinorUnits(credit) }
          : undefined,
        replayOut: rng.chance(this.rates.replay),
        replayIn: rng.chance(this.rates.replay),
        prev: this.lastSession.get(player.accountNo),
        state: 'new',
        closed: false,
        pending: 0,
        held: [],
        staked: 0n,
        paid: 0n,
        done: false,
      };
      this.lastSession.set(player.accountNo, session);
      return session;
    }
  }

  /** The next bet; `now` is the current time in ms (history: the run's start, so a seed lays out the same days). */
  next(now: number): PlannedBet {
    const rng = this.rng;
    for (;;) {
      if (!this.session || this.session.left <= 0) {
        this.close();
        this.session = this.newSession(now);
      }
      const s = this.session;
      const stake = nextStake(rng, s.stake, s.range);
      // Out of credit at this provider: the session ends (what is left comes home).
      if (this.o.wallet && stake > s.wallet) {
        s.left = 0;
        continue;
      }
      s.left -= 1;
      this.n += 1;
      const id = `${this.o.runId}-${this.n}`;
      const timing = TIMING[s.game.category];
      const history = (this.o.historyDays ?? 0) > 0;
      const placedAt = history ? s.at : now;
      s.at += rng.int(timing.gap[0], timing.gap[1]) * 1000 + rng.int(0, 999);
      const result = drawResult(rng, s.game.category, stake);
      const r = rng.next();
      const fate = r < this.rates.cancel ? 'cancel' : r < this.rates.cancel + this.rates.open ? 'open' : 'settle';
      const settleShare = 1 - this.rates.cancel - this.rates.open;
      const resettle = fate === 'settle' && rng.chance(settleShare > 0 ? this.rates.resettle / settleShare : 0);
      // History: the game's result time, never after now. Live: when the settlement will be sent.
      const resultMs = rng.int(timing.result[0], timing.result[1]) * 1000 + rng.int(1, 999);
      const settledAt = history ? Math.min(placedAt + resultMs, now) : placedAt + this.o.liveDelayMs + rng.int(1, 999);
      const corrected = resettle ? drawResult(rng, s.game.category, stake) : undefined;
      const correctionMs = rng.int(10, 120) * 60_000;
      const resettledAt = history ? Math.min(settledAt + correctionMs, now) : settledAt + this.o.liveDelayMs;
      const replays = new Set<ProviderOp>();
      for (const op of ['place', 'settle', 'cancel', 'resettle'] as const) if (rng.chance(this.rates.replay)) replays.add(op);
      // The provider's wallet: the stake goes, the (final) payout comes; a canceled stake is
      // refunded by the platform to the main balance.
      s.wallet -= stake;
      if (fate === 'settle') s.wallet += (corrected ?? result).payout;
      const b = this.balances.get(s.player.accountNo);
      if (this.o.wallet && fate === 'cancel' && !s.refusedByPlan && b !== null && b !== undefined)
        this.balances.set(s.player.accountNo, b + stake);
      const money = (m: bigint) => formatMinorUnits(m);
      const settlement = (x: Result, at: number): SettleBetItem => ({
        betId: id,
        validBet: money(x.validBet),
        payout: money(x.payout),
        settledAt: new Date(at).toISOString(),
      });
      return {
        provider: s.provider,
        session: s,
        place: {
          betId: id,
          playerAccountNo: s.player.accountNo,
          gameCode: s.game.code,
          gameCategory: s.game.category,
          roundId: `${s.game.code}:${id}`,
          betAmount: money(stake),
          placedAt: new Date(placedAt).toISOString(),
        },
        fate,
        settlement: settlement(result, settledAt),
        // A resettle must come later than the settlement it replaces.
        resettlement: corrected ? settlement(corrected, Math.max(resettledAt, settledAt + 1000)) : undefined,
        replays,
        stake,
        result,
        corrected,
      };
    }
  }
}
