import type pg from 'pg';
import type { Db } from '../db/client.js';
import { localChanges, QR_CHANNEL } from './channels.js';
import { ChannelListener, type Logger } from './listener.js';

/**
 * The login pages waiting on a QR sign-in in this process (a long poll each), woken when any
 * process approves or denies it: the decision is announced on QR_CHANNEL in its transaction, this
 * process's own at once after the commit, another's through PostgreSQL. A waiter re-reads the row
 * when woken, so a wake-up says only "look again".
 */
export class QrWaiters {
  private readonly waiting = new Map<number, Set<() => void>>();
  private readonly listener: ChannelListener;
  private readonly onLocal = (payload: string) => this.wake(payload);

  constructor(
    private readonly db: Db,
    options: { connection: pg.ClientConfig; log: Logger },
  ) {
    localChanges(db).on(QR_CHANNEL, this.onLocal);
    this.listener = new ChannelListener({
      channel: QR_CHANNEL,
      applicationName: 'agent-bo-qr',
      connection: options.connection,
      onChange: (payload) => this.wake(payload),
      // Whatever was said while nothing listened is lost: every waiter looks again.
      onListening: () => this.wakeAll(),
      onDropped: () => this.wakeAll(),
      log: options.log,
    });
  }

  /**
   * Registers a wait for QR sign-in `id` and returns its promise (resolved on a wake-up or after
   * `ms`) with a `cancel`. Register first, then read the row: a decision made between the two
   * still wakes the wait.
   */
  waitFor(id: number, ms: number): { woken: Promise<void>; cancel: () => void } {
    this.listener.start();
    // Until LISTEN is in place another process's decision would go unheard: look again soon.
    const limit = this.listener.listening ? ms : Math.min(ms, 1000);
    let done: () => void = () => undefined;
    const woken = new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), limit);
      done = () => {
        clearTimeout(timer);
        this.waiting.get(id)?.delete(done);
        if (this.waiting.get(id)?.size === 0) this.waiting.delete(id);
        resolve();
      };
    });
    let set = this.waiting.get(id);
    if (!set) this.waiting.set(id, (set = new Set()));
    set.add(done);
    return { woken, cancel: () => done() };
  }

  private wake(payload: string): void {
    for (const done of [...(this.waiting.get(Number(payload)) ?? [])]) done();
  }

  private wakeAll(): void {
    for (const set of [...this.waiting.values()]) for (const done of [...set]) done();
  }

  async stop(): Promise<void> {
    localChanges(this.db).off(QR_CHANNEL, this.onLocal);
    this.wakeAll();
    await this.listener.stop();
  }
}
