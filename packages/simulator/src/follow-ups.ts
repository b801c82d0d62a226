import type { BetEntry } from './calls.js';

/** A bet's next call, sent `delayMs` after the answer that calls for it (live: `settleDelayMs`; history: at once). */
export class FollowUps {
  /** Due follow-ups (settle, cancel, resettle) in order of due time (one delay for all: FIFO). */
  private readonly due: { at: number; entry: BetEntry }[] = [];
  private head = 0;

  constructor(private readonly delayMs: number) {}

  schedule(entry: BetEntry): void {
    this.due.push({ at: Date.now() + this.delayMs, entry });
  }

  /** The follow-ups due at `now`, in order, taken off the list. */
  takeDue(now: number): BetEntry[] {
    const taken: BetEntry[] = [];
    while (this.head < this.due.length && this.due[this.head]!.at <= now) taken.push(this.due[this.head++]!.entry);
    if (this.head > 1024 && this.head * 2 > this.due.length) {
      this.due.splice(0, this.head);
      this.head = 0;
    }
    return taken;
  }

  /** Whether some follow-up is still to fall due. */
  get waiting(): boolean {
    return this.head < this.due.length;
  }

  /** When the next follow-up falls due (only while `waiting`). */
  get nextAt(): number {
    return this.due[this.head]!.at;
  }

  /** Forgets every follow-up not yet due. */
  clear(): void {
    this.due.length = 0;
    this.head = 0;
  }
}
