import type { Call, Entry } from './calls.js';

/**
 * Groups items into calls: one buffer per (op, provider, replay). A buffer becomes a ready call
 * when it holds `batchSize` items, or when flushed: after waiting `flushMs`, or all at once.
 */
export class CallBatcher {
  /** Calls ready to send, oldest first. */
  private readonly ready: Call[] = [];
  private readonly buffers = new Map<string, { call: Call; since: number }>();

  constructor(
    private readonly batchSize: number,
    /** A partly filled batch waits at most this long before it is sent. */
    readonly flushMs: number,
  ) {}

  add(entry: Entry, replay: boolean): void {
    const provider = 'bet' in entry ? entry.bet.provider : entry.session.provider;
    const key = `${entry.op}|${provider.code}|${replay ? 'r' : ''}`;
    let b = this.buffers.get(key);
    if (!b) {
      b = { call: { provider, op: entry.op, entries: [], replay }, since: Date.now() };
      this.buffers.set(key, b);
    }
    b.call.entries.push(entry);
    if (b.call.entries.length >= this.batchSize) {
      this.ready.push(b.call);
      this.buffers.delete(key);
    }
  }

  /** Partly filled buffers that have waited `flushMs` become ready calls (every one with `all`). */
  flush(all: boolean): void {
    const now = Date.now();
    for (const [key, b] of this.buffers) {
      if (all || now - b.since >= this.flushMs) {
        this.ready.push(b.call);
        this.buffers.delete(key);
      }
    }
  }

  /** How many calls are ready to send. */
  get readyCount(): number {
    return this.ready.length;
  }

  /** Whether some items wait in a partly filled buffer. */
  get filling(): boolean {
    return this.buffers.size > 0;
  }

  /** The oldest ready call, taken off the queue. */
  next(): Call | undefined {
    return this.ready.shift();
  }

  /** Ready calls are not sent (an aborted run). */
  dropReady(): void {
    this.ready.length = 0;
  }
}
