import {
  PROVIDER_BATCH_MAX,
  SITES,
  formatMinorUnits,
  timeZoneOffsetMs,
  toMinorUnits,
  type CancelBetItem,
  type PlaceBetItem,
  type SettleBetItem,
  type WalletTransferItem,
} from '@agent-bo/shared';
import { TIMING, catalogueOf, drawResult, drawStake, gamesOf, nextStake, type Game, type Result, type StakeRange } from './catalogue.js';
import { ProviderClient, refusalKey, type CallOutcome, type ProviderOp } from './client.js';
import { rangesOf, type Directory, type SimPlayer, type SimProvider } from './directory.js';
import { Rng } from './rng.js';
import type { ProviderWallets } from './provider-side.js';

/**
 * The provider simulator's traffic engine: player sessions of bets on the providers' games over
 * HTTP only — a session moves the player's credit to the provider (wallet/transfer_out), places
 * its bets in signed batches, most settled after a short delay, some canceled (the platform
 * refunds those stakes), a few resettled, and sends what is left back (wallet/transfer_in); a few
 * calls are replayed identically (answered DUPLICATE).
 *
 * Every decision (player, provider, game, stakes, times, outcomes, each bet's fate and replays)
 * comes from one seeded generator in bet order, so a seed replays the same traffic; only the
 * grouping into calls follows the network's pace.
 *
 * Two clocks: live (placedAt is the sending time; settlement follows `settleDelayMs` later) or
 * history (`historyDays` > 0: placedAt spread over the last N days, busier recently and in the
 * evening of the site's time zone; settlement times follow each game's result time, never later
 * than now; calls go out as fast as the server answers).
 */

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

export interface SimulationOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  apiPrefix?: string;
  directory: Directory;
  seed?: string | number;
  /** Bets to place (attempts, refused ones included). Default 1000 when there is no duration. */
  bets?: number;
  /** Stop placing after this long (then settle what is due and stop). */
  durationMs?: number;
  /** At most this many bets per second (0: as fast as the server answers). */
  rate?: number;
  /** Items per call, 1..1000. */
  batch?: number;
  /** Calls in flight at once. */
  concurrency?: number;
  /** How many distinct players play (drawn from the directory). Default: all. */
  players?: number;
  /** Spread placedAt over the last N days (0: live). */
  historyDays?: number;
  /**
   * History: the instant the history ends at (ms). Default: when the run starts. A fixed value
   * lays out the same times whenever the run is made (the decisions never depend on it).
   */
  historyEnd?: number;
  /** Live: delay from an answered place (or settle) to its settlement (or resettlement). */
  settleDelayMs?: number;
  /** A partly filled batch waits at most this long before it is sent. */
  flushMs?: number;
  rates?: Partial<FateRates>;
  /** Move credit with wallet/transfer_out before a session and wallet/transfer_in after it (default true). */
  wallet?: boolean;
  /**
   * The provider's own books (provider-side.ts): transfers are recorded there and a session's
   * results move the player's wallet, so a staff pull-back served by the provider's endpoint meets
   * the wallet as it is; a session sends home only what the wallet still holds.
   */
  wallets?: ProviderWallets;
  /** Prefix of bet and round ids; default a base-36 time, so runs never collide. */
  runId?: string;
  lang?: string;
  signal?: AbortSignal;
  /** Called every `progressMs` while running. */
  onProgress?: (summary: SimulationSummary) => void;
  progressMs?: number;
}

export interface SimulationSummary {
  siteId: string;
  seed: string;
  runId: string;
  calls: Record<ProviderOp | 'replay', number> & { total: number; refused: number; failed: number };
  /** unfunded: bets of sessions whose transfer_out was refused (never sent). */
  bets: { attempted: number; placed: number; settled: number; canceled: number; resettled: number; open: number; unfunded: number };
  /** Sessions, those whose transfer_out went through, transfers and the amounts moved. */
  wallet: { sessions: number; funded: number; transfersOut: number; transfersIn: number; out: string; in: string };
  /** Items sent again identically, and how many of them were answered DUPLICATE. */
  replayed: number;
  duplicates: number;
  /** Replayed items answered anything but DUPLICATE (should be 0). */
  replayMismatches: number;
  /** Refused items by `code NAME`; a call refused as a whole counts each of its items. */
  refusals: Record<string, number>;
  /** The providers' catalogue pushes before the bets: how many the server took, and why the others failed. */
  catalogues: { pushed: number; refused: Record<string, number> };
  /** Items of calls without a usable answer after the retries (their state is unknown). */
  failedItems: number;
  lastFailure?: string;
  retries: number;
  /** Stakes and payouts of the settled bets (current versions), and the house's share of stakes. */
  settledStake: string;
  settledPayout: string;
  houseEdgePercent: string | null;
  elapsedMs: number;
  betsPerSecond: number;
  callsPerSecond: number;
  /** Why the run placed fewer bets than asked (e.g. no player has credit left). */
  stoppedEarly?: string;
}

interface PlannedBet {
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

interface BetEntry {
  bet: PlannedBet;
  op: 'place' | 'settle' | 'cancel' | 'resettle';
  item: PlaceBetItem | SettleBetItem | CancelBetItem;
}
interface WalletEntry {
  session: SessionPlan;
  op: 'transfer_out' | 'transfer_in';
  item: WalletTransferItem;
}
type Entry = BetEntry | WalletEntry;

interface Call {
  provider: SimProvider;
  op: ProviderOp;
  entries: Entry[];
  replay: boolean;
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

/** Runs a simulation to its end (bets or duration reached, everything due answered). */
export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const rates: FateRates = { ...DEFAULT_RATES, ...options.rates };
  const runId = options.runId ?? `sim${Date.now().toString(36)}`;
  const batchSize = Math.max(1, Math.min(options.batch ?? 100, PROVIDER_BATCH_MAX));
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const history = (options.historyDays ?? 0) > 0;
  const settleDelay = history ? 0 : (options.settleDelayMs ?? 2000);
  const flushMs = options.flushMs ?? 200;
  const limit = options.bets ?? (options.durationMs === undefined ? 1000 : Infinity);
  const wallet = options.wallet ?? true;
  const wallets = options.wallets;
  const siteId = options.directory.siteId;
  const planner = new Planner({
    directory: options.directory,
    seed: options.seed,
    players: options.players,
    historyDays: options.historyDays,
    rates,
    runId,
    liveDelayMs: settleDelay,
    wallet,
  });

  const summary: SimulationSummary = {
    siteId: options.directory.siteId,
    seed: String(options.seed ?? 1),
    runId,
    calls: { place: 0, settle: 0, cancel: 0, resettle: 0, transfer_out: 0, transfer_in: 0, replay: 0, total: 0, refused: 0, failed: 0 },
    bets: { attempted: 0, placed: 0, settled: 0, canceled: 0, resettled: 0, open: 0, unfunded: 0 },
    wallet: { sessions: 0, funded: 0, transfersOut: 0, transfersIn: 0, out: '0.00', in: '0.00' },
    replayed: 0,
    duplicates: 0,
    replayMismatches: 0,
    refusals: {},
    catalogues: { pushed: 0, refused: {} },
    failedItems: 0,
    retries: 0,
    settledStake: '0.00',
    settledPayout: '0.00',
    houseEdgePercent: null,
    elapsedMs: 0,
    betsPerSecond: 0,
    callsPerSecond: 0,
  };
  let stake = 0n;
  let payout = 0n;
  let movedOut = 0n;
  let movedIn = 0n;
  const refuse = (key: string, n: number) => (summary.refusals[key] = (summary.refusals[key] ?? 0) + n);

  const client = new ProviderClient({
    baseUrl: options.baseUrl,
    apiPrefix: options.apiPrefix,
    lang: options.lang,
    signal: options.signal,
    onRetry: () => (summary.retries += 1),
  });

  // A provider pushes the catalogue of the games it plays before its first bets, so the site
  // knows every game its bets name (a push of an unchanged list changes nothing).
  for (const provider of options.directory.providers) {
    if (options.signal?.aborted) break;
    const synced = await client.syncGames(provider, siteId, catalogueOf(provider.code));
    if (synced.kind === 'batch') summary.catalogues.pushed += 1;
    else {
      const key = synced.kind === 'refused' ? refusalKey(synced.code, synced.error) : 'FAILED';
      summary.catalogues.refused[key] = (summary.catalogues.refused[key] ?? 0) + 1;
    }
  }

  const queue: Call[] = [];
  const buffers = new Map<string, { call: Call; since: number }>();
  /** Due follow-ups (settle, cancel, resettle) in order of due time (one delay for all: FIFO). */
  const due: { at: number; entry: BetEntry }[] = [];
  let dueHead = 0;
  const inflight = new Set<Promise<void>>();
  let wake: (() => void) | undefined;
  const start = Date.now();
  const historyEnd = options.historyEnd ?? start;
  let generating = true;
  let lastProgress = start;
  let current: SessionPlan | undefined;

  const providerOf = (e: Entry) => ('bet' in e ? e.bet.provider : e.session.provider);
  const idOf = (e: Entry) => ('bet' in e ? (e.item as { betId: string }).betId : (e.item as WalletTransferItem).transactionId);
  const add = (entry: Entry, replay: boolean) => {
    const provider = providerOf(entry);
    const key = `${entry.op}|${provider.code}|${replay ? 'r' : ''}`;
    let b = buffers.get(key);
    if (!b) {
      b = { call: { provider, op: entry.op, entries: [], replay }, since: Date.now() };
      buffers.set(key, b);
    }
    b.call.entries.push(entry);
    if (b.call.entries.length >= batchSize) {
      queue.push(b.call);
      buffers.delete(key);
    }
  };
  const flush = (all: boolean) => {
    const now = Date.now();
    for (const [key, b] of buffers) {
      if (all || now - b.since >= flushMs) {
        queue.push(b.call);
        buffers.delete(key);
      }
    }
  };
  const follow = (entry: BetEntry) => due.push({ at: Date.now() + settleDelay, entry });

  // ---- sessions and the wallet
  const fund = (s: SessionPlan) => {
    s.state = 'funding';
    add({ session: s, op: 'transfer_out', item: s.transferOut! }, false);
  };
  const placeBet = (bet: PlannedBet) => {
    bet.session.pending += 1;
    add({ bet, op: 'place', item: bet.place }, false);
  };
  const startSession = (s: SessionPlan) => {
    summary.wallet.sessions += 1;
    if (!s.transferOut) {
      s.state = 'funded';
      return;
    }
    if (s.prev && !s.prev.done) {
      s.state = 'waiting';
      s.prev.waiter = s;
    } else fund(s);
  };
  /** The session is over: its successor may start. */
  const finishSession = (s: SessionPlan) => {
    s.done = true;
    if (s.waiter) fund(s.waiter);
  };
  /** When the last bet of a closed, funded session has its answer, what is left comes home. */
  const maybeReturn = (s: SessionPlan) => {
    if (!s.closed || s.done || s.pending > 0 || s.held.length > 0) return;
    if (s.state === 'unfunded') return finishSession(s);
    if (s.state !== 'funded') return;
    if (!s.transferOut) return finishSession(s);
    const sent = toMinorUnits(s.transferOut.amount);
    let left = sent - s.staked + s.paid;
    if (wallets) {
      // The session's stakes and payouts; what staff pulled back meanwhile is no longer there.
      wallets.adjust(siteId, s.provider.code, s.player.accountNo, left - sent);
      const holds = wallets.balance(siteId, s.provider.code, s.player.accountNo);
      if (holds < left) left = holds;
    }
    if (left <= 0n) return finishSession(s);
    add(
      {
        session: s,
        op: 'transfer_in',
        item: { transactionId: `${runId}-s${s.no}-in`, playerAccountNo: s.player.accountNo, amount: formatMinorUnits(left) },
      },
      false,
    );
  };
  const settleDone = (bet: PlannedBet) => {
    bet.session.pending -= 1;
    maybeReturn(bet.session);
  };
  const closeCurrent = () => {
    if (current) {
      current.closed = true;
      maybeReturn(current);
    }
  };

  const walletAnswer = (e: WalletEntry, ok: boolean, status: string) => {
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
        summary.wallet.funded += 1;
        summary.wallet.transfersOut += 1;
        movedOut += toMinorUnits(e.item.amount);
        for (const bet of s.held.splice(0)) placeBet(bet);
      } else {
        s.state = 'unfunded';
        summary.bets.unfunded += s.held.length;
        s.held.length = 0;
      }
      maybeReturn(s);
    } else {
      if (ok) {
        summary.wallet.transfersIn += 1;
        movedIn += toMinorUnits(e.item.amount);
      }
      finishSession(s);
    }
  };

  const betAnswer = (entry: BetEntry, status: 'OK' | 'DUPLICATE' | 'REFUSED' | 'FAILED') => {
    const bet = entry.bet;
    if (status === 'REFUSED' || status === 'FAILED') return settleDone(bet);
    switch (entry.op) {
      case 'place':
        summary.bets.placed += 1;
        bet.session.staked += bet.stake;
        if (bet.fate === 'settle') follow({ bet, op: 'settle', item: bet.settlement });
        else if (bet.fate === 'cancel') follow({ bet, op: 'cancel', item: { betId: bet.place.betId } });
        else settleDone(bet);
        break;
      case 'settle':
        summary.bets.settled += 1;
        stake += bet.stake;
        payout += bet.result.payout;
        bet.session.paid += bet.result.payout;
        if (bet.resettlement) follow({ bet, op: 'resettle', item: bet.resettlement });
        else settleDone(bet);
        break;
      case 'cancel':
        summary.bets.canceled += 1;
        settleDone(bet);
        break;
      case 'resettle':
        summary.bets.resettled += 1;
        payout += bet.corrected!.payout - bet.result.payout;
        bet.session.paid += bet.corrected!.payout - bet.result.payout;
        settleDone(bet);
        break;
    }
  };

  const answered = (call: Call, outcome: CallOutcome) => {
    const statuses: ('OK' | 'DUPLICATE' | 'REFUSED' | 'HELD' | 'FAILED')[] = [];
    if (outcome.kind === 'failed') {
      summary.calls.failed += 1;
      summary.failedItems += call.entries.length;
      summary.lastFailure = outcome.message;
      for (let i = 0; i < call.entries.length; i++) statuses.push('FAILED');
    } else if (outcome.kind === 'refused') {
      summary.calls.refused += 1;
      refuse(refusalKey(outcome.code, outcome.error), call.entries.length);
      for (let i = 0; i < call.entries.length; i++) statuses.push('REFUSED');
    } else {
      call.entries.forEach((entry, i) => {
        const r = outcome.result.results[i] as
          | { status: 'OK' | 'DUPLICATE' | 'REFUSED' | 'HELD'; code?: number; error?: string; betId?: string; transactionId?: string }
          | undefined;
        if (!r || (r.betId ?? r.transactionId) !== idOf(entry)) throw new Error(`answer ${i} of a ${call.op} call does not match its item`);
        // HELD (a transfer_in above the position) is counted with the refusals: nothing was credited.
        if (r.status === 'REFUSED' || r.status === 'HELD') refuse(refusalKey(r.code, r.error), 1);
        if (r.status === 'DUPLICATE') summary.duplicates += 1;
        statuses.push(r.status);
      });
    }
    call.entries.forEach((entry, i) => {
      const status = statuses[i]!;
      if (call.replay) {
        if (status !== 'DUPLICATE') summary.replayMismatches += 1;
        return;
      }
      // DUPLICATE on a first call: a retry of a call that had reached the server — done all the same.
      const ok = status === 'OK' || status === 'DUPLICATE';
      if (ok) {
        const again =
          'bet' in entry ? entry.bet.replays.has(entry.op) : entry.op === 'transfer_out' ? entry.session.replayOut : entry.session.replayIn;
        if (again) add(entry, true);
      }
      if ('bet' in entry) betAnswer(entry, status === 'HELD' ? 'REFUSED' : status);
      else walletAnswer(entry, ok, status);
    });
  };

  const send = (call: Call) => {
    summary.calls[call.replay ? 'replay' : call.op] += 1;
    summary.calls.total += 1;
    if (call.replay) summary.replayed += call.entries.length;
    const payload = { siteId: options.directory.siteId, items: call.entries.map((e) => e.item) };
    const p = client
      .call(call.provider, call.op, payload)
      .then((outcome) => answered(call, outcome))
      .catch((err: unknown) => {
        summary.lastFailure = err instanceof Error ? err.message : String(err);
        summary.failedItems += call.entries.length;
      })
      .finally(() => {
        inflight.delete(p);
        wake?.();
      });
    inflight.add(p);
  };

  const finish = () => {
    const elapsed = Date.now() - start;
    summary.elapsedMs = elapsed;
    summary.bets.open = summary.bets.placed - summary.bets.settled - summary.bets.canceled;
    summary.settledStake = formatMinorUnits(stake);
    summary.settledPayout = formatMinorUnits(payout);
    summary.wallet.out = formatMinorUnits(movedOut);
    summary.wallet.in = formatMinorUnits(movedIn);
    summary.houseEdgePercent = stake > 0n ? formatMinorUnits(((stake - payout) * 10_000n) / stake) : null;
    summary.betsPerSecond = elapsed > 0 ? Math.round((summary.bets.attempted * 1000) / elapsed) : 0;
    summary.callsPerSecond = elapsed > 0 ? Math.round((summary.calls.total * 1000) / elapsed) : 0;
    return {
      ...summary,
      calls: { ...summary.calls },
      bets: { ...summary.bets },
      wallet: { ...summary.wallet },
      refusals: { ...summary.refusals },
    };
  };

  const stopGenerating = () => {
    generating = false;
    planner.close();
    closeCurrent();
  };

  for (;;) {
    const now = Date.now();
    const aborted = options.signal?.aborted ?? false;
    if (
      generating &&
      (aborted || summary.bets.attempted >= limit || (options.durationMs !== undefined && now - start >= options.durationMs))
    )
      stopGenerating();

    // New bets, a few calls' worth ahead of the network, within the rate.
    if (generating) {
      const allowed = options.rate ? Math.floor(((now - start) / 1000) * options.rate) + 1 - summary.bets.attempted : Infinity;
      let budget = Math.min(allowed, limit - summary.bets.attempted, batchSize * concurrency);
      while (generating && budget > 0 && queue.length < concurrency * 2) {
        let bet: PlannedBet;
        try {
          bet = planner.next(history ? historyEnd : Date.now());
        } catch (err) {
          if (!(err instanceof NoCreditLeft)) throw err;
          summary.stoppedEarly = err.message;
          stopGenerating();
          break;
        }
        const s = bet.session;
        if (s !== current) {
          closeCurrent();
          current = s;
          startSession(s);
        }
        summary.bets.attempted += 1;
        budget -= 1;
        if (s.state === 'funded') placeBet(bet);
        else if (s.state === 'unfunded') summary.bets.unfunded += 1;
        else s.held.push(bet);
      }
    }
    // Follow-ups that fell due (none once aborted: an interrupted run leaves its bets as they are).
    if (aborted) {
      due.length = 0;
      dueHead = 0;
    }
    while (dueHead < due.length && due[dueHead]!.at <= now) add(due[dueHead++]!.entry, false);
    if (dueHead > 1024 && dueHead * 2 > due.length) {
      due.splice(0, dueHead);
      dueHead = 0;
    }
    const waitingFollowUps = dueHead < due.length;
    // Partly filled batches go when they have waited long enough, or at once when nothing else will come.
    flush(!generating && inflight.size === 0 && queue.length === 0 && !waitingFollowUps);
    if (aborted) queue.length = 0;
    while (inflight.size < concurrency && queue.length > 0) send(queue.shift()!);

    if (options.onProgress && now - lastProgress >= (options.progressMs ?? 5000)) {
      lastProgress = now;
      options.onProgress(finish());
    }
    if (!generating && inflight.size === 0 && queue.length === 0 && (buffers.size === 0 || aborted) && !waitingFollowUps) break;

    // Sleep until a call is answered, a follow-up falls due, a batch is to be flushed or the rate allows more.
    let wait = 50;
    if (waitingFollowUps) wait = Math.min(wait, due[dueHead]!.at - now);
    if (buffers.size) wait = Math.min(wait, flushMs);
    if (generating) {
      if (options.rate) wait = Math.min(wait, start + ((summary.bets.attempted + 1) * 1000) / options.rate - now);
      else if (queue.length < concurrency * 2) wait = 0;
    }
    if (wait <= 0 && !(generating && !options.rate && queue.length < concurrency * 2)) wait = 1;
    if (wait <= 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    } else {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, wait);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
    wake = undefined;
  }
  await Promise.all(inflight);
  return finish();
}

/** The summary as a few lines for a terminal. */
export function formatSummary(s: SimulationSummary): string {
  const refusals = Object.entries(s.refusals).sort((a, b) => b[1] - a[1]);
  const lines = [
    `site ${s.siteId}, seed ${s.seed}, run ${s.runId}: ${s.bets.attempted} bets in ${(s.elapsedMs / 1000).toFixed(1)} s (${s.betsPerSecond} bets/s, ${s.callsPerSecond} calls/s)`,
    `calls     ${s.calls.total}: transfer_out ${s.calls.transfer_out}, place ${s.calls.place}, settle ${s.calls.settle}, cancel ${s.calls.cancel}, resettle ${s.calls.resettle}, transfer_in ${s.calls.transfer_in}, replays ${s.calls.replay}; refused whole ${s.calls.refused}, failed ${s.calls.failed}, retries ${s.retries}`,
    `bets      placed ${s.bets.placed}, settled ${s.bets.settled}, canceled ${s.bets.canceled}, resettled ${s.bets.resettled}, left open ${s.bets.open}${s.bets.unfunded ? `, ${s.bets.unfunded} not sent (no credit moved)` : ''}`,
    `wallet    ${s.wallet.sessions} sessions, ${s.wallet.funded} funded: transfer_out ${s.wallet.transfersOut} (${s.wallet.out}), transfer_in ${s.wallet.transfersIn} (${s.wallet.in})`,
    `replays   ${s.replayed} items sent again, ${s.duplicates} answered DUPLICATE${s.replayMismatches ? `, ${s.replayMismatches} NOT DUPLICATE` : ''}`,
    `refusals  ${refusals.length ? refusals.map(([k, n]) => `${k} × ${n}`).join(', ') : 'none'}`,
    `money     settled stakes ${s.settledStake}, payouts ${s.settledPayout}, house edge ${s.houseEdgePercent ?? '-'} %`,
  ];
  if (s.failedItems) lines.push(`failures  ${s.failedItems} items without an answer (last: ${s.lastFailure})`);
  if (s.stoppedEarly) lines.push(`stopped   ${s.stoppedEarly}`);
  return lines.join('\n');
}
