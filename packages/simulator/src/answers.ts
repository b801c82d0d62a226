import type { WalletTransferItem } from '@agent-bo/shared';
import { refusalKey, type CallOutcome } from './client.js';
import type { Call, Entry } from './calls.js';
import type { Tally } from './tally.js';

/** An item's answer: the server's status, or FAILED when the call got no usable answer. */
export type ItemStatus = 'OK' | 'DUPLICATE' | 'REFUSED' | 'HELD' | 'FAILED';

const idOf = (e: Entry) => ('bet' in e ? (e.item as { betId: string }).betId : (e.item as WalletTransferItem).transactionId);

/**
 * Each item's status in a call's outcome, in the order of the call's items, with the failures,
 * refusals and duplicates counted in the tally. An item-by-item answer must name the call's items
 * in order.
 */
export function readAnswer(call: Call, outcome: CallOutcome, tally: Tally): ItemStatus[] {
  const summary = tally.summary;
  const statuses: ItemStatus[] = [];
  if (outcome.kind === 'failed') {
    summary.calls.failed += 1;
    summary.failedItems += call.entries.length;
    summary.lastFailure = outcome.message;
    for (let i = 0; i < call.entries.length; i++) statuses.push('FAILED');
  } else if (outcome.kind === 'refused') {
    summary.calls.refused += 1;
    tally.refuse(refusalKey(outcome.code, outcome.error), call.entries.length);
    for (let i = 0; i < call.entries.length; i++) statuses.push('REFUSED');
  } else {
    call.entries.forEach((entry, i) => {
      const r = outcome.result.results[i] as
        | { status: 'OK' | 'DUPLICATE' | 'REFUSED' | 'HELD'; code?: number; error?: string; betId?: string; transactionId?: string }
        | undefined;
      if (!r || (r.betId ?? r.transactionId) !== idOf(entry)) throw new Error(`answer ${i} of a ${call.op} call does not match its item`);
      // HELD (a transfer_in above the position) is counted with the refusals: nothing was credited.
      if (r.status === 'REFUSED' || r.status === 'HELD') tally.refuse(refusalKey(r.code, r.error), 1);
      if (r.status === 'DUPLICATE') summary.duplicates += 1;
      statuses.push(r.status);
    });
  }
  return statuses;
}
