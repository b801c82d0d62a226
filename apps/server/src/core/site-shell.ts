import { SITE_IDS, embeddedOrigin, embeddedPagesSchema, satisfies, type EmbeddedPage, type SiteId, type SiteShell } from '@agent-bo/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import { ChannelListener, type Logger } from './listener.js';

/** Payload: the site whose shell settings changed (migration 0024's trigger on `sites`). */
export const SITE_SHELL_CHANNEL = 'site_shell_changed';

/** A site's shell settings as stored (the `sites` row), checked. */
export interface SiteShellSettings {
  watermark: boolean;
  embeddedPages: EmbeddedPage[];
}

const NONE: SiteShellSettings = { watermark: false, embeddedPages: [] };

/**
 * Every site's shell settings, read from the `sites` table when the server is ready and again
 * whenever a trigger on `sites` announces a change on SITE_SHELL_CHANNEL (the settings change by
 * configuration, the seed or an operator's SQL, not through the API), and whenever LISTEN is
 * (again) in place, since a change said meanwhile went unheard.
 *
 * The list is checked with the shared schema on every read: a page whose address is not
 * embeddable (`http:`, `javascript:`, another origin disguised as a path) makes the site's whole
 * list empty, with a warning, rather than framing something nobody meant to allow.
 */
export class SiteShells {
  private bySite = new Map<SiteId, SiteShellSettings>();
  /** Each site's frame-src origins, worked out once per read: the CSP asks on every response. */
  private originsBySite = new Map<SiteId, readonly string[]>();
  private readonly listener: ChannelListener;
  private firstRead: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    connection: pg.ClientConfig,
    private readonly log: Logger,
  ) {
    const reread = () => {
      this.refresh().catch((error: unknown) =>
        this.log.warn({ err: error }, 'reading the sites’ shell settings failed; the last ones stay'),
      );
    };
    this.listener = new ChannelListener({
      channel: SITE_SHELL_CHANNEL,
      applicationName: 'agent-bo-site-shell',
      connection,
      onChange: reread,
      onListening: reread,
      log,
    });
  }

  /** Reads every site's settings now. */
  async refresh(): Promise<void> {
    const rows = await this.db.execute<{ id: string; watermark: boolean; embedded_pages: unknown }>(
      sql`select id, watermark, embedded_pages from sites`,
    );
    const next = new Map<SiteId, SiteShellSettings>();
    for (const row of rows.rows) {
      if (!(SITE_IDS as readonly string[]).includes(row.id)) continue;
      const pages = embeddedPagesSchema.safeParse(row.embedded_pages);
      if (!pages.success)
        this.log.warn({ siteId: row.id, issues: pages.error.issues }, 'a site’s embedded pages are not valid: none are shown');
      next.set(row.id as SiteId, { watermark: row.watermark, embeddedPages: pages.success ? pages.data : [] });
    }
    this.bySite = next;
    this.originsBySite = new Map([...next].map(([siteId, settings]) => [siteId, httpsOrigins(settings.embeddedPages)]));
  }

  /**
   * Starts reading (now, then on every change until stop()) without waiting: a server whose
   * database is not there yet still starts and answers its health checks. Until the first read,
   * no site has a watermark or pages, and nothing but the own origin may be framed.
   */
  start(): void {
    this.firstRead ??= this.refresh().catch((error: unknown) => {
      this.log.warn({ err: error }, 'reading the sites’ shell settings failed; read again once LISTEN is in place');
    });
    this.listener.start();
  }

  /** Settles once the first read has ended (well or not): a caller's shell waits for it. */
  async loaded(): Promise<void> {
    this.start();
    await this.firstRead;
  }

  async stop(): Promise<void> {
    await this.listener.stop();
  }

  settingsOf(siteId: SiteId): SiteShellSettings {
    return this.bySite.get(siteId) ?? NONE;
  }

  /** What `codes` see of `siteId`'s shell: the watermark, and the pages whose permission they satisfy. */
  shellFor(siteId: SiteId, codes: readonly string[]): SiteShell {
    const settings = this.settingsOf(siteId);
    return {
      watermark: settings.watermark,
      embeddedPages: settings.embeddedPages
        .filter((page) => satisfies(page.permission, codes))
        .map(({ id, title, url }) => ({ id, title, url })),
    };
  }

  /** The other origins `siteId`'s pages may frame (its embedded pages' https: origins), for the CSP's frame-src. */
  frameOrigins(siteId: SiteId): readonly string[] {
    return this.originsBySite.get(siteId) ?? [];
  }
}

/** The distinct https: origins of `pages` (paths of this origin are `'self'` already). */
function httpsOrigins(pages: readonly EmbeddedPage[]): string[] {
  return [...new Set(pages.map((page) => embeddedOrigin(page.url)).filter((origin): origin is string => origin !== null))];
}
