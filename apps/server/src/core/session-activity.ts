import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import type { Logger } from './listener.js';

/**
 * Keeps sessions.last_seen_at (the sessions list's "last active") without a write per request:
 * a process writes a session's time at most once per `intervalMs`, after the request's answer is
 * under way (the write is not awaited by the request). The column does not fire the auth
 * trigger (migration 0027), so the writes never empty a session cache.
 */
export class SessionActivity {
  private readonly written: LRUCache<number, number>;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly intervalMs = 60_000,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.written = new LRUCache<number, number>({ max: 100_000 });
  }

  /**
   * Notes a request of `sessionId`, whose last activity the database had at `seenAt` when the
   * caller was read; writes the time unless that, or this process's own last write, is within
   * the interval.
   */
  touch(sessionId: number, seenAt: Date | null): void {
    const at = this.now();
    const last = this.written.get(sessionId) ?? seenAt?.getTime();
    if (last !== undefined && at.getTime() - last < this.intervalMs) return;
    this.written.set(sessionId, at.getTime());
    const write = this.db
      .update(sessions)
      .set({ lastSeenAt: at })
      .where(eq(sessions.id, sessionId))
      .then(
        () => undefined,
        (error: unknown) => this.log.warn({ err: error }, 'could not note a session’s last activity'),
      )
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Waits for the writes under way (the server's close). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
