import pg from 'pg';

export interface Logger {
  warn(obj: object, msg: string): void;
}

export interface ChannelListenerOptions {
  /** The channel to LISTEN on (core/channels.ts). */
  channel: string;
  /** Names the connection in pg_stat_activity. */
  applicationName: string;
  /** How to reach the database: the pool's own settings. */
  connection: pg.ClientConfig;
  /** A NOTIFY on the channel: the payload (for our channels, the site whose data changed). */
  onChange: (payload: string) => void;
  /** LISTEN is (again) in place; whatever was sent while nothing listened is lost, so read everything again. */
  onListening: () => void;
  /** LISTEN is gone until the next onListening: nothing heard meanwhile (a cache must not trust itself). */
  onDropped?: () => void;
  log: Logger;
  /** First wait before reconnecting; doubles per failure up to `reconnectMaxMs`. Defaults: 500 ms and 30 s. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

const DEFAULT_RECONNECT_MIN_MS = 500;
const DEFAULT_RECONNECT_MAX_MS = 30_000;

/**
 * One dedicated connection per process that LISTENs on one channel. Not a pooled client: it
 * is held for the life of the process and would shrink the pool. When it drops (database
 * restart, network, an administrator's pg_terminate_backend) it is replaced after a back-off
 * with jitter, forever, until `stop()`; an error never escapes as an unhandled 'error' event.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private started = false;
  private stopped = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  private inPlace = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  /**
   * LISTEN is in place now: from just before `onListening` to just before `onDropped`. A cache
   * stores nothing while it is false, since a change made meanwhile would go unheard.
   */
  get listening(): boolean {
    return this.inPlace;
  }

  /** Connects on first use; later calls do nothing. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.inPlace = false;
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
      application_name: this.options.applicationName,
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
      this.inPlace = false;
      this.options.onDropped?.();
      if (this.stopped) return;
      this.options.log.warn({ err, channel: this.options.channel }, 'the LISTEN connection dropped; reconnecting');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === this.options.channel && message.payload) this.options.onChange(message.payload);
    });

    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(this.options.channel)}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (this.stopped || dropped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.failures = 0;
    this.inPlace = true;
    this.options.onListening();
  }

  private scheduleReconnect(): void {
    const { reconnectMinMs = DEFAULT_RECONNECT_MIN_MS, reconnectMaxMs = DEFAULT_RECONNECT_MAX_MS } = this.options;
    const ceiling = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** this.failures);
    this.failures += 1;
    // Full jitter in the upper half: processes that lost the database together do not return together.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.retry = setTimeout(() => void this.connect(), delay);
  }
}
