/**
 * Group commit: work items submitted one by one are run in batches, so many of them share one
 * database round trip and one commit.
 *
 * A batch starts as soon as it can: on the next turn of the event loop after an item arrives
 * (so the items that became ready in the same turn go together), unless `maxInFlight` batches
 * are already running; then the items wait, and the next batch takes everything that gathered
 * meanwhile (at most `maxItems`). Under light load a batch holds one item and adds no delay;
 * under heavy load batches grow by themselves to the size the database's pace allows. No timer
 * decides: the only wait is for a batch already in flight.
 *
 * `run` answers every item of its batch, in order: a value, or an Error for that item alone.
 * When `run` itself throws, every item of that batch gets the error.
 */
export interface GroupCommitOptions {
  maxItems: number;
  maxInFlight: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<(O | Error)[]>,
    private readonly options: GroupCommitOptions,
  ) {
    if (!(options.maxItems >= 1 && options.maxInFlight >= 1)) throw new Error('group commit needs maxItems and maxInFlight ≥ 1');
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting for a batch (not counting those in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || !this.queue.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startBatch();
    });
  }

  private startBatch(): void {
    if (this.inFlight >= this.options.maxInFlight || !this.queue.length) return;
    const batch = this.queue.splice(0, this.options.maxItems);
    this.inFlight++;
    void this.settle(batch).finally(() => {
      this.inFlight--;
      this.schedule();
    });
    // More waiting than one batch takes, and room for another: start it too.
    this.schedule();
  }

  private async settle(batch: Waiting<I, O>[]): Promise<void> {
    let answers: (O | Error)[];
    try {
      answers = await this.run(batch.map((w) => w.item));
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    batch.forEach((w, i) => {
      const a = answers[i];
      if (a instanceof Error) w.reject(a);
      else if (i >= answers.length) w.reject(new Error('group commit: the batch answered fewer items than it was given'));
      else w.resolve(a as O);
    });
  }
}
