import {
  PROVIDER_BATCH_MAX,
  formatMinorUnits,
  toMinorUnits,
  type CancelBetItem,
  type PlaceBetItem,
  type SettleBetItem,
  type WalletTransferItem,
} from '@agent-bo/shared';
import { catalogueOf } from './catalogue.js';
import { ProviderClient, refusalKey, type CallOutcome, type ProviderOp } from './client.js';
import type { Directory, SimProvider } from './directory.js';
import type { ProviderWallets } from './provider-side.js';
import { DEFAULT_RATES, type FateRates, NoCreditLeft, type PlannedBet, Planner, type SessionPlan } from './planner.js';
import type { SimulationSummary } from './summary.js';

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
