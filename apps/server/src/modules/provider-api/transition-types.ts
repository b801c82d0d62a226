/**
 * The shapes a settle, cancel or resettle batch passes between its decisions (transitions.ts), its
 * reads (transition-reads.ts) and its writes (transition-writes.ts): types only, in a file of
 * their own so that the three share them without an import cycle.
 */

export type TransitionOp = 'settle' | 'cancel' | 'resettle';

/** One version of a bet, as the batch sees it. */
export interface Version {
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

export interface Bet {
  betId: string;
  versions: Version[];
  playerId: number;
  /** The stake, minor units as text. */
  amount: string;
  /** The row a new version copies: the latest stored version. */
  sourceId: string;
  /** The agent path as PostgreSQL prints an int[] (`{1,5,9}`). */
  path: string;
  touched: boolean;
}
