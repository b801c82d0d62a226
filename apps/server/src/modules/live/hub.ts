import type { BroadcastSnapshot } from './broadcasts.js';
import type { Logger } from '../../core/listener.js';
import type { LiveStream } from './stream.js';

/** setTimeout's ceiling (about 24.8 days); a later boundary is re-armed when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SiteState {
  streams: Set<LiveStream>;
  /** Streams that have not had their first list yet. */
  newcomers: Set<LiveStream>;
  /** Every stream of the site needs the list again (a NOTIFY, a boundary, a re-LISTEN). */
  dirty: boolean;
  reading: boolean;
  boundary: NodeJS.Timeout | null;
}

export interface LiveHubOptions {
  read: (siteId: string) => Promise<BroadcastSnapshot>;
  now: () => Date;
  /** Called when the first stream arrives: LISTEN starts lazily. */
  onFirstStream: () => void;
  log: Logger;
}

/**
 * This process's open streams, by site. Reads are per site, never per stream: a change, a
 * boundary or a newcomer marks the site, and one read at a time serves everyone waiting, so a
 * burst of notifications during a read costs one more read, and a list is never overtaken by an
 * older one. Each site with streams has one timer for the next start or end of a broadcast.
 */
export class LiveHub {
  private readonly sites = new Map<string, SiteState>();
  private started = false;

  constructor(private readonly options: LiveHubOptions) {}

  add(stream: LiveStream): void {
    if (!this.started) {
      this.started = true;
      this.options.onFirstStream();
    }
    let site = this.sites.get(stream.siteId);
    if (!site) {
      site = { streams: new Set(), newcomers: new Set(), dirty: false, reading: false, boundary: null };
      this.sites.set(stream.siteId, site);
    }
    site.streams.add(stream);
    site.newcomers.add(stream);
    void this.pump(stream.siteId);
  }

  remove(stream: LiveStream): void {
    const site = this.sites.get(stream.siteId);
    if (!site) return;
    site.streams.delete(stream);
    site.newcomers.delete(stream);
    this.forgetIfEmpty(stream.siteId, site);
  }

  /** The site's content changed (a NOTIFY from any process). Sites without streams here are ignored. */
  changed(siteId: string): void {
    const site = this.sites.get(siteId);
    if (!site) return;
    site.dirty = true;
    void this.pump(siteId);
  }

  /** Every site again: after LISTEN was (re)established a change may have gone unheard. */
  changedAll(): void {
    for (const siteId of this.sites.keys()) this.changed(siteId);
  }

  /** Ends every stream (the app is closing: clients reconnect, to another process if need be). */
  closeAll(): void {
    for (const site of this.sites.values()) for (const stream of [...site.streams]) stream.close();
  }

  private async pump(siteId: string): Promise<void> {
    const site = this.sites.get(siteId);
    if (!site || site.reading) return;
    site.reading = true;
    try {
      while (site.dirty || site.newcomers.size > 0) {
        const targets = site.dirty ? [...site.streams] : [...site.newcomers];
        site.dirty = false;
        site.newcomers.clear();
        let snapshot: BroadcastSnapshot;
        try {
          snapshot = await this.options.read(siteId);
        } catch (err) {
          // The streams waiting for this list end; their clients reconnect with back-off and read afresh.
          this.options.log.warn({ err, siteId }, 'live: could not read the broadcasts');
          for (const stream of targets) stream.close();
          continue;
        }
        for (const stream of targets) if (stream.open) stream.sendBroadcasts(snapshot.broadcasts);
        this.armBoundary(siteId, site, snapshot.nextChange);
      }
    } finally {
      site.reading = false;
      this.forgetIfEmpty(siteId, site);
    }
  }

  private armBoundary(siteId: string, site: SiteState, at: Date | null): void {
    if (site.boundary) clearTimeout(site.boundary);
    site.boundary = null;
    if (!at || site.streams.size === 0) return;
    const left = at.getTime() - this.options.now().getTime();
    site.boundary = setTimeout(
      () => {
        site.boundary = null;
        // Timers may fire a little early by the wall clock, or early on purpose (the ceiling):
        // read only once the boundary has passed, or the list would not have changed yet.
        if (this.options.now().getTime() < at.getTime()) this.armBoundary(siteId, site, at);
        else this.changed(siteId);
      },
      Math.min(MAX_TIMER_MS, Math.max(0, left)),
    );
  }

  private forgetIfEmpty(siteId: string, site: SiteState): void {
    if (site.streams.size > 0 || site.reading) return;
    if (site.boundary) clearTimeout(site.boundary);
    this.sites.delete(siteId);
  }
}
