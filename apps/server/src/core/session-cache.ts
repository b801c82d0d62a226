import type { EventEmitter } from 'node:events';
import type pg from 'pg';
import { LRUCache } from 'lru-cache';
import { AUTH_CHANNEL } from '../db/client.js';
import type { Caller } from './caller.js';
import { ChannelListener, type Logger } from './listener.js';

export interface SessionCacheOptions {
  /** The pool's own connections' notifications (db/client.ts `notificationsOf`): this process's commits, at once. */
  notifications: EventEmitter;
  /** How the dedicated LISTEN connection reaches the database: the pool's settings. */
  connection: pg.ClientConfig;
  log: Logger;
  /** Callers kept at most (least recently used dropped first). */
  max: number;
  /** How long a caller is kept at most, whatever is heard. */
  ttlMs: number;
}

interface Entry {
  caller: Caller;
  expiresAt: number;
}

/**
 * The callers this process has resolved, by token hash, so a request of a known session skips
 * the auth statement: one round trip less on every request.
 *
 * Never stale, the way the lobby cache is not (DECISIONS.md, "The session cache"): the facts a
 * caller is built from announce every change on AUTH_CHANNEL from triggers (migration 0023),
 * whoever writes them, and a change drops every caller of its site:
 * - this process's own change at once: the pooled connection that commits it hears its own
 *   notification before the commit's answer (db/client.ts);
 * - another process's change when PostgreSQL delivers it, on a dedicated LISTEN connection;
 * - nothing is kept while that connection is not listening (before it is first in place, after it
 *   drops), and a lookup that began before a change is not stored (the generation moved on);
 * - a session's own expiry is checked on every hit, and an entry lives at most `ttlMs`.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;
  private generation = 0;
  private readonly listener: ChannelListener;
  private readonly onNotification = (siteId: string) => this.changed(siteId);

  constructor(private readonly options: SessionCacheOptions) {
    this.entries = new LRUCache<string, Entry>({ max: options.max, ttl: options.ttlMs });
    options.notifications.on(AUTH_CHANNEL, this.onNotification);
    this.listener = new ChannelListener({
      channel: AUTH_CHANNEL,
      applicationName: 'agent-bo-sessions',
      connection: options.connection,
      onChange: this.onNotification,
      // Whatever was said while nothing listened is lost: start afresh both ways.
      onListening: () => this.clear(),
      onDropped: () => this.clear(),
      log: options.log,
    });
  }

  /** The caller kept for this token on this site, while its session has not expired. */
  get(tokenHash: string, siteId: string, now: Date): Caller | undefined {
    this.listener.start();
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.caller.siteId !== siteId) return undefined;
    if (entry.expiresAt <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.caller;
  }

  /** Taken before the auth statement runs; `set` stores its answer only if nothing changed since. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, caller: Caller, expiresAt: Date, mark: number): void {
    if (!this.listener.listening || mark !== this.generation) return;
    this.entries.set(tokenHash, { caller, expiresAt: expiresAt.getTime() });
  }

  /** How many callers are kept (tests, metrics). */
  get size(): number {
    return this.entries.size;
  }

  async stop(): Promise<void> {
    this.options.notifications.off(AUTH_CHANNEL, this.onNotification);
    await this.listener.stop();
    this.clear();
  }

  private changed(siteId: string): void {
    this.generation += 1;
    if (siteId === '*') {
      this.entries.clear();
      return;
    }
    const stale = [...this.entries.entries()].filter(([, entry]) => entry.caller.siteId === siteId).map(([tokenHash]) => tokenHash);
    for (const tokenHash of stale) this.entries.delete(tokenHash);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
