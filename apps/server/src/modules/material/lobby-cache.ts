import type pg from 'pg';
import type { Locale } from '@agent-bo/shared';
import { MATERIAL_CHANNEL, localChanges } from '../../core/channels.js';
import { ChannelListener, type Logger } from '../../core/listener.js';
import type { Db } from '../../db/client.js';
import { readLobby, renderLobby, serializeLobby, type LobbySnapshot, type RenderedLobby } from './lobby.js';

interface SiteEntry {
  snapshot: LobbySnapshot;
  rendered: Map<Locale, RenderedLobby>;
}

export interface LobbyCacheOptions {
  db: Db;
  connection: pg.ClientConfig;
  now: () => Date;
  log: Logger;
  /** Back-off of a dropped LISTEN connection (unset: ChannelListener's defaults). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/**
 * The lobby is the hottest read of the product, so each process keeps every site's lobby, read
 * once and serialized once per language, until the site's material changes. Every write that
 * changes a lobby NOTIFYs MATERIAL_CHANNEL in its transaction; every process LISTENs and drops
 * the site's entry, so a write through any process shows in all of them as soon as PostgreSQL
 * delivers the notification, and in the writing process at once (localChanges, after the commit).
 *
 * Never stale: nothing is kept while LISTEN is not in place (before it is first established and
 * after it drops), an entry lives no longer than the next start or end of a module, and a read
 * that began before an invalidation is not stored (the site's generation moved on meanwhile).
 */
export class LobbyCache {
  private readonly sites = new Map<string, SiteEntry>();
  private readonly generations = new Map<string, number>();
  private readonly listener: ChannelListener;
  private readonly onLocalChange = (siteId: string) => this.invalidate(siteId);

  constructor(private readonly options: LobbyCacheOptions) {
    // This process's own writes: at once after their commit (the NOTIFY comes a moment later).
    localChanges(options.db).on(MATERIAL_CHANNEL, this.onLocalChange);
    this.listener = new ChannelListener({
      channel: MATERIAL_CHANNEL,
      applicationName: 'agent-bo-lobby',
      connection: options.connection,
      onChange: (siteId) => this.invalidate(siteId),
      // Whatever was said while nothing listened is lost: start afresh both ways.
      onListening: () => this.clear(),
      onDropped: () => this.clear(),
      log: options.log,
      reconnectMinMs: options.reconnectMinMs,
      reconnectMaxMs: options.reconnectMaxMs,
    });
  }

  /** The site's lobby in `locale`, serialized. */
  async get(siteId: string, locale: Locale): Promise<RenderedLobby> {
    this.listener.start();
    const now = this.options.now();
    let entry = this.sites.get(siteId);
    if (entry && entry.snapshot.validUntil !== null && entry.snapshot.validUntil <= now) {
      this.sites.delete(siteId);
      entry = undefined;
    }
    if (!entry) {
      const generation = this.generation(siteId);
      const snapshot = await readLobby(this.options.db, siteId, now);
      entry = { snapshot, rendered: new Map() };
      if (this.listener.listening && this.generation(siteId) === generation) this.sites.set(siteId, entry);
    }
    let rendered = entry.rendered.get(locale);
    if (!rendered) {
      rendered = serializeLobby(renderLobby(entry.snapshot, locale));
      entry.rendered.set(locale, rendered);
    }
    return rendered;
  }

  invalidate(siteId: string): void {
    this.generations.set(siteId, this.generation(siteId) + 1);
    this.sites.delete(siteId);
  }

  async stop(): Promise<void> {
    localChanges(this.options.db).off(MATERIAL_CHANNEL, this.onLocalChange);
    await this.listener.stop();
    this.clear();
  }

  private clear(): void {
    for (const siteId of this.sites.keys()) this.invalidate(siteId);
    // Reads in flight for sites without an entry must not be stored either.
    for (const siteId of this.generations.keys()) this.generations.set(siteId, this.generation(siteId) + 1);
  }

  private generation(siteId: string): number {
    return this.generations.get(siteId) ?? 0;
  }
}
