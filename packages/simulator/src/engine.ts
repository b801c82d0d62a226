import { PROVIDER_BATCH_MAX } from '@agent-bo/shared';
import { readAnswer } from './answers.js';
import { CallBatcher } from './call-batcher.js';
import { CallSender } from './call-sender.js';
import { catalogueOf } from './catalogue.js';
import { ProviderClient, refusalKey } from './client.js';
import type { Directory } from './directory.js';
import { FollowUps } from './follow-ups.js';
import type { ProviderWallets } from './provider-side.js';
import { DEFAULT_RATES, type FateRates, NoCreditLeft, type PlannedBet, Planner } from './planner.js';
import { SessionLifecycle } from './session-lifecycle.js';
import type { SimulationSummary } from './summary.js';
import { Tally } from './tally.js';

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
 *
 * This file holds the options and the loop (`Simulation`) that paces the bets and the calls; the
 * parts it drives each have a file: the decisions (planner.ts), the items grouped into calls
 * (calls.ts, call-batcher.ts), the follow-ups waiting for their time (follow-ups.ts), the calls in
 * flight (call-sender.ts) and the reading of their answers (answers.ts), sessions and the wallet
 * (session-lifecycle.ts), and the run's counts (tally.ts).
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

/** Runs a simulation to its end (bets or duration reached, everything due answered). */
export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const rates: FateRates = { ...DEFAULT_RATES, ...options.rates };
  const runId = options.runId ?? `sim${Date.now().toString(36)}`;
  const history = (options.historyDays ?? 0) > 0;
  const settleDelay = history ? 0 : (options.settleDelayMs ?? 2000);
  const wallet = options.wallet ?? true;
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
  const tally = new Tally(options.directory.siteId, options.seed, runId);
  const client = new ProviderClient({
    baseUrl: options.baseUrl,
    apiPrefix: options.apiPrefix,
    lang: options.lang,
    signal: options.signal,
    onRetry: () => (tally.summary.retries += 1),
  });
  await pushCatalogues(client, options.directory, tally.summary, options.signal);
  return new Simulation(options, {
    planner,
    tally,
    client,
    runId,
    history,
    settleDelay,
    batchSize: Math.max(1, Math.min(options.batch ?? 100, PROVIDER_BATCH_MAX)),
    concurrency: Math.max(1, options.concurrency ?? 4),
    flushMs: options.flushMs ?? 200,
    limit: options.bets ?? (options.durationMs === undefined ? 1000 : Infinity),
  }).run();
}

/**
 * A provider pushes the catalogue of the games it plays before its first bets, so the site
 * knows every game its bets name (a push of an unchanged list changes nothing).
 */
async function pushCatalogues(client: ProviderClient, directory: Directory, summary: SimulationSummary, signal?: AbortSignal) {
  for (const provider of directory.providers) {
    if (signal?.aborted) break;
    const synced = await client.syncGames(provider, directory.siteId, catalogueOf(provider.code));
    if (synced.kind === 'batch') summary.catalogues.pushed += 1;
    else {
      const key = synced.kind === 'refused' ? refusalKey(synced.code, synced.error) : 'FAILED';
      summary.catalogues.refused[key] = (summary.catalogues.refused[key] ?? 0) + 1;
    }
  }
}

/** What runSimulation resolves from the options before the loop starts. */
interface Setup {
  planner: Planner;
  tally: Tally;
  client: ProviderClient;
  runId: string;
  /** History clock: bets are planned at `historyEnd`, follow-ups are due at once. */
  history: boolean;
  settleDelay: number;
  batchSize: number;
  concurrency: number;
  flushMs: number;
  /** Bets to attempt. */
  limit: number;
}

/** One run's loop: plans bets ahead of the network, sends the calls that are ready, sleeps until there is more to do. */
class Simulation {
  private readonly start = Date.now();
  private readonly historyEnd: number;
  private readonly batcher: CallBatcher;
  private readonly followUps: FollowUps;
  private readonly sessions: SessionLifecycle;
  private readonly sender: CallSender;
  private generating = true;
  private lastProgress: number;
  /** Ends the current sleep early (set while the loop sleeps on a timer). */
  private wake: (() => void) | undefined;

  constructor(
    private readonly options: SimulationOptions,
    private readonly setup: Setup,
  ) {
    const { tally, client, runId } = setup;
    const siteId = options.directory.siteId;
    this.historyEnd = options.historyEnd ?? this.start;
    this.lastProgress = this.start;
    this.batcher = new CallBatcher(setup.batchSize, setup.flushMs);
    this.followUps = new FollowUps(setup.settleDelay);
    this.sessions = new SessionLifecycle({
      siteId,
      runId,
      batcher: this.batcher,
      followUps: this.followUps,
      tally,
      wallets: options.wallets,
    });
    this.sender = new CallSender({
      client,
      siteId,
      tally,
      onOutcome: (call, outcome) => this.sessions.answered(call, readAnswer(call, outcome, tally)),
      onSettled: () => this.wake?.(),
    });
  }

  async run(): Promise<SimulationSummary> {
    const { options, batcher, sender, followUps } = this;
    for (;;) {
      const now = Date.now();
      const aborted = options.signal?.aborted ?? false;
      if (this.generating && (aborted || this.limitReached(now))) this.stopGenerating();

      if (this.generating) this.generate(now);
      // Follow-ups that fell due (none once aborted: an interrupted run leaves its bets as they are).
      if (aborted) followUps.clear();
      for (const entry of followUps.takeDue(now)) batcher.add(entry, false);
      const waitingFollowUps = followUps.waiting;
      // Partly filled batches go when they have waited long enough, or at once when nothing else will come.
      batcher.flush(!this.generating && sender.inFlight === 0 && batcher.readyCount === 0 && !waitingFollowUps);
      if (aborted) batcher.dropReady();
      while (sender.inFlight < this.setup.concurrency && batcher.readyCount > 0) sender.send(batcher.next()!);

      if (options.onProgress && now - this.lastProgress >= (options.progressMs ?? 5000)) {
        this.lastProgress = now;
        options.onProgress(this.setup.tally.snapshot(this.start));
      }
      if (!this.generating && sender.inFlight === 0 && batcher.readyCount === 0 && (!batcher.filling || aborted) && !waitingFollowUps)
        break;
      await this.sleep(this.waitMs(now, waitingFollowUps));
    }
    await sender.drain();
    return this.setup.tally.snapshot(this.start);
  }

  /** Whether the run has attempted its bets or played for its duration. */
  private limitReached(now: number): boolean {
    const { durationMs } = this.options;
    return this.setup.tally.summary.bets.attempted >= this.setup.limit || (durationMs !== undefined && now - this.start >= durationMs);
  }

  private stopGenerating(): void {
    this.generating = false;
    this.setup.planner.close();
    this.sessions.closeCurrent();
  }

  /** New bets, a few calls' worth ahead of the network, within the rate. */
  private generate(now: number): void {
    const { planner, tally, batchSize, concurrency, limit, history } = this.setup;
    const summary = tally.summary;
    const rate = this.options.rate;
    const allowed = rate ? Math.floor(((now - this.start) / 1000) * rate) + 1 - summary.bets.attempted : Infinity;
    let budget = Math.min(allowed, limit - summary.bets.attempted, batchSize * concurrency);
    while (this.generating && budget > 0 && this.batcher.readyCount < concurrency * 2) {
      let bet: PlannedBet;
      try {
        bet = planner.next(history ? this.historyEnd : Date.now());
      } catch (err) {
        if (!(err instanceof NoCreditLeft)) throw err;
        summary.stoppedEarly = err.message;
        this.stopGenerating();
        break;
      }
      this.sessions.play(bet);
      budget -= 1;
    }
  }

  /** How long to sleep: until a call is answered, a follow-up falls due, a batch is to be flushed or the rate allows more. */
  private waitMs(now: number, waitingFollowUps: boolean): number {
    const rate = this.options.rate;
    // Without a rate, the planner runs again at once while too few calls are ready.
    const hungry = this.generating && !rate && this.batcher.readyCount < this.setup.concurrency * 2;
    let wait = 50;
    if (waitingFollowUps) wait = Math.min(wait, this.followUps.nextAt - now);
    if (this.batcher.filling) wait = Math.min(wait, this.batcher.flushMs);
    if (this.generating && rate) wait = Math.min(wait, this.start + ((this.setup.tally.summary.bets.attempted + 1) * 1000) / rate - now);
    else if (hungry) wait = 0;
    if (wait <= 0 && !hungry) wait = 1;
    return wait;
  }

  /** Sleeps `wait` ms, or one turn of the event loop at 0; a call that is over wakes it early. */
  private async sleep(wait: number): Promise<void> {
    if (wait <= 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    } else {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
    this.wake = undefined;
  }
}
