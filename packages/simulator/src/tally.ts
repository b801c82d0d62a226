import { formatMinorUnits } from '@agent-bo/shared';
import type { SimulationSummary } from './summary.js';

/** A run's counts as it goes (the summary's counters, the money settled and moved) and their snapshot. */
export class Tally {
  /** The counters, counted in place by the parts of the run. */
  readonly summary: SimulationSummary;
  private stake = 0n;
  private payout = 0n;
  private movedOut = 0n;
  private movedIn = 0n;

  constructor(siteId: string, seed: string | number | undefined, runId: string) {
    this.summary = {
      siteId,
      seed: String(seed ?? 1),
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
  }

  /** `n` items refused for `key` (`code NAME`). */
  refuse(key: string, n: number): void {
    this.summary.refusals[key] = (this.summary.refusals[key] ?? 0) + n;
  }

  /** A bet settled: its stake and payout. */
  settled(stake: bigint, payout: bigint): void {
    this.summary.bets.settled += 1;
    this.stake += stake;
    this.payout += payout;
  }

  /** A settled bet resettled: its payout changed by `change`. */
  resettled(change: bigint): void {
    this.summary.bets.resettled += 1;
    this.payout += change;
  }

  /** A session funded: its transfer_out went through. */
  transferredOut(amount: bigint): void {
    this.summary.wallet.funded += 1;
    this.summary.wallet.transfersOut += 1;
    this.movedOut += amount;
  }

  /** What was left of a session came back (transfer_in). */
  transferredIn(amount: bigint): void {
    this.summary.wallet.transfersIn += 1;
    this.movedIn += amount;
  }

  /** The summary of the run so far (started at `startedAt`), a copy the run no longer changes. */
  snapshot(startedAt: number): SimulationSummary {
    const summary = this.summary;
    const elapsed = Date.now() - startedAt;
    summary.elapsedMs = elapsed;
    summary.bets.open = summary.bets.placed - summary.bets.settled - summary.bets.canceled;
    summary.settledStake = formatMinorUnits(this.stake);
    summary.settledPayout = formatMinorUnits(this.payout);
    summary.wallet.out = formatMinorUnits(this.movedOut);
    summary.wallet.in = formatMinorUnits(this.movedIn);
    summary.houseEdgePercent = this.stake > 0n ? formatMinorUnits(((this.stake - this.payout) * 10_000n) / this.stake) : null;
    summary.betsPerSecond = elapsed > 0 ? Math.round((summary.bets.attempted * 1000) / elapsed) : 0;
    summary.callsPerSecond = elapsed > 0 ? Math.round((summary.calls.total * 1000) / elapsed) : 0;
    return {
      ...summary,
      calls: { ...summary.calls },
      bets: { ...summary.bets },
      wallet: { ...summary.wallet },
      refusals: { ...summary.refusals },
    };
  }
}
