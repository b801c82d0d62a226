import type { CancelBetItem, PlaceBetItem, SettleBetItem, WalletTransferItem } from '@agent-bo/shared';
import type { ProviderOp } from './client.js';
import type { SimProvider } from './directory.js';
import type { PlannedBet, SessionPlan } from './planner.js';

/** What the engine sends: items of a bet or of a session's wallet, and the calls that carry them. */

export interface BetEntry {
  bet: PlannedBet;
  op: 'place' | 'settle' | 'cancel' | 'resettle';
  item: PlaceBetItem | SettleBetItem | CancelBetItem;
}
export interface WalletEntry {
  session: SessionPlan;
  op: 'transfer_out' | 'transfer_in';
  item: WalletTransferItem;
}
export type Entry = BetEntry | WalletEntry;

/** One signed call: items of one op for one provider, first sends or identical replays. */
export interface Call {
  provider: SimProvider;
  op: ProviderOp;
  entries: Entry[];
  replay: boolean;
}
