import diagnostics from 'node:diagnostics_channel';

/**
 * Events the metrics plugin counts, raised where they happen. The code raising them knows
 * nothing of Prometheus or of the app instance: a diagnostics channel costs nothing without a
 * subscriber (CLI tools, seeds), and every app built in the process subscribes its own registry
 * (plugins/metrics.ts). No other dependency, so services may import this file freely.
 */

export const LEDGER_POSTED_CHANNEL = 'agent-bo:ledger:posted';
const ledgerPosted = diagnostics.channel(LEDGER_POSTED_CHANNEL);

export interface LedgerPostedEvent {
  kind: string;
}

/** The ledger wrote one posting (its statement succeeded; a caller's transaction may still roll it back). */
export function countLedgerPosting(kind: string): void {
  if (ledgerPosted.hasSubscribers) ledgerPosted.publish({ kind } satisfies LedgerPostedEvent);
}

export const CONFLICT_RETRY_CHANNEL = 'agent-bo:db:conflict-retry';
const conflictRetry = diagnostics.channel(CONFLICT_RETRY_CHANNEL);

export interface ConflictRetryEvent {
  /** SQLSTATE: 40P01 deadlock, 40001 serialization failure. */
  code: string;
}

/** A transaction PostgreSQL rolled back for a conflict is being run again (core/tx.ts). */
export function countConflictRetry(code: string): void {
  if (conflictRetry.hasSubscribers) conflictRetry.publish({ code } satisfies ConflictRetryEvent);
}

const providerCalls = new WeakMap<object, string>();

/**
 * The provider API verified this request's signature as provider `code`'s. Only then is the
 * call counted under that code: an unsigned caller cannot invent label values.
 */
export function markProviderCall(request: object, code: string): void {
  providerCalls.set(request, code);
}

/** The provider code `markProviderCall` recorded for this request, if any. */
export function providerOfCall(request: object): string | undefined {
  return providerCalls.get(request);
}
