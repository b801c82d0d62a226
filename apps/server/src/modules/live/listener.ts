import pg from 'pg';
import { CONTENT_CHANNEL } from '../../core/channels.js';

export interface Logger {
  warn(obj: object, msg: string): void;
}

export interface ContentListenerOptions {
  /** How to reach the database: the pool's own settings. */
  connection: pg.ClientConfig;
  /** A NOTIFY on CONTENT_CHANNEL: the payload is the site whose content changed. */
  onChange: (siteId: string) => void;
  /** LISTEN is (again) in place; whatever was sent while nothing listened is lost, so read everything again. */
  onListening: () => void;
  log: Logger;
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

/**
 * One dedicated connection per process that LISTENs on CONTENT_CHANNEL. Not a pooled client: it
 * is held for the life of the process and would shrink the pool. When it drops (database
 * restart, network, an administrator's pg_terminate_backend) it is replaced after a back-off
 * with jitter, forever, until `stop()`; an error never escapes as an unhandled 'error' event.
 */
export class ContentListener {
  private client: pg.Client | null = null;
  private started = false;
  private stopped = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly options: ContentListenerOptions) {}

  /** Connects on first use; later calls do nothing. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retry = null;
    const client = new pg.Client({
      ...this.options.connection,
      application_name: 'agent-bo-live',
      // A peer that vanished without closing the socket is noticed by TCP keep-alive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      if (this.stopped) return;
      this.options.log.warn({ err }, 'live: the LISTEN connection dropped; reconnecting');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL && message.payload) this.options.onChange(message.payload);
    });

    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(CONTENT_CHANNEL)}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (this.stopped || dropped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.failures = 0;
    this.options.onListening();
  }

  private scheduleReconnect(): void {
    const { reconnectMinMs, reconnectMaxMs } = this.options;
    const ceiling = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** this.failures);
    this.failures += 1;
    // Full jitter in the upper half: processes that lost the database together do not return together.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.retry = setTimeout(() => void this.connect(), delay);
  }
}
