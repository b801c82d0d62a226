import { EventEmitter } from 'node:events';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/**
 * The channel the triggers of migration 0023 notify when the facts a signed-in caller is built
 * from change (a session, an account on its chain): the payload is the site id, or `*` for all.
 */
export const AUTH_CHANNEL = 'auth_changed';

const poolNotifications = new WeakMap<pg.Pool, EventEmitter>();

/**
 * What the pool's connections hear on AUTH_CHANNEL, emitted as `(channel, payload)`; undefined
 * for a pool that `createDatabase` did not make (its connections do not listen).
 */
export function notificationsOf(pool: pg.Pool): EventEmitter | undefined {
  return poolNotifications.get(pool);
}

export interface DatabaseOptions {
  max?: number;
  /** How long a query may wait for a connection (a free pool slot or a new connection) before it fails. */
  connectionTimeoutMillis?: number;
  /** A connection that died (terminated backend, database restart, network); it is dropped either way. */
  onConnectionError?: (err: Error) => void;
}

/**
 * One pool per process; every query goes through it (drizzle or raw `pool.query`).
 *
 * A connection that dies must never take the process with it. pg reports it as an 'error' event
 * on the client, and an 'error' event nobody listens to throws. The pool listens on its idle
 * clients only; a checked-out client — one inside a transaction between two statements, or a
 * CSV export's cursor — has no listener, so killing its backend (pg_terminate_backend, a fast
 * shutdown, a crashed database) used to end the process. So every client gets a listener of its
 * own for its whole life: the request using it fails on its next query (a 503, see
 * plugins/errors.ts), the pool discards it on release, and the next request connects afresh.
 */
export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  // Every pooled connection LISTENs on AUTH_CHANNEL before it is handed out. A connection that
  // commits a change hears its own notification before the commit's answer, so this process
  // forgets what the change made stale before the request that made it is answered (read your
  // writes); other processes hear it on their own connections.
  const notifications = new EventEmitter();
  notifications.setMaxListeners(0);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    // Without a bound, a request would wait forever for an unreachable database (a lost route).
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    // A database host that vanished without closing the socket is noticed by TCP keep-alive.
    keepAlive: true,
    onConnect: async (client) => {
      client.on('notification', (message) => notifications.emit(message.channel, message.payload ?? ''));
      await client.query(`listen ${AUTH_CHANNEL}`);
    },
  });
  poolNotifications.set(pool, notifications);
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (err) => onConnectionError(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => onConnectionError(err));
  });
  const db = drizzle({ client: pool, schema });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
