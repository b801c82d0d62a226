import pg from 'pg';

/**
 * A plain pg pool for a test's own SQL beside the app (loading the tree, counting rows).
 *
 * `close()` resolves once every connection has really closed. pg-pool's `end()` resolves as soon
 * as it has asked its clients to end, so the test database's `drop … with (force)` that follows
 * could still reach a connection whose Terminate the backend had not yet read: the backend then
 * sends FATAL 57P01 ("terminating connection due to administrator command"), and that arrived in
 * the test worker as an unhandled 'error' that failed the run although every test had passed.
 */
export class TestPool extends pg.Pool {
  private readonly open = new Set<pg.PoolClient>();

  constructor(connectionString: string, max = 2) {
    super({ connectionString, max });
    this.on('connect', (client) => this.open.add(client));
    this.on('remove', (client) => this.open.delete(client));
  }

  async close(): Promise<void> {
    // From here on a connection's error is its closing, not the test's concern.
    this.on('error', () => undefined);
    for (const client of this.open) client.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => {
      const check = () => {
        if (this.open.size === 0) resolve();
      };
      this.on('remove', check);
      check();
    });
    await this.end();
    await closed;
  }
}
