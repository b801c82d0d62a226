import type { ProviderOp } from './client.js';

/** What a simulation reports: calls, bets, wallet moves, refusals, the settled house edge; and the same as a few lines for a terminal. */

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
