import type { CallOutcome, ProviderClient } from './client.js';
import type { Call } from './calls.js';
import type { Tally } from './tally.js';

/**
 * Sends calls and keeps those in flight: each call is counted as it goes, its outcome is handed to
 * `onOutcome`, and `onSettled` runs once it is over, however it ended.
 */
export class CallSender {
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly o: {
      client: ProviderClient;
      siteId: string;
      tally: Tally;
      onOutcome: (call: Call, outcome: CallOutcome) => void;
      onSettled: () => void;
    },
  ) {}

  /** Calls sent and not yet over. */
  get inFlight(): number {
    return this.inflight.size;
  }

  send(call: Call): void {
    const summary = this.o.tally.summary;
    summary.calls[call.replay ? 'replay' : call.op] += 1;
    summary.calls.total += 1;
    if (call.replay) summary.replayed += call.entries.length;
    const payload = { siteId: this.o.siteId, items: call.entries.map((e) => e.item) };
    const p = this.o.client
      .call(call.provider, call.op, payload)
      .then((outcome) => this.o.onOutcome(call, outcome))
      .catch((err: unknown) => {
        summary.lastFailure = err instanceof Error ? err.message : String(err);
        summary.failedItems += call.entries.length;
      })
      .finally(() => {
        this.inflight.delete(p);
        this.o.onSettled();
      });
    this.inflight.add(p);
  }

  /** Waits for every call in flight to be over. */
  drain(): Promise<unknown> {
    return Promise.all(this.inflight);
  }
}
