import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { afterCommit, type Q } from './tx.js';

/**
 * PostgreSQL LISTEN/NOTIFY channels: how server processes sharing one database tell each other
 * that something changed (no in-memory shortcut that only works with one process).
 */

/** Payload: the site id whose content (activities, announcements, broadcasts) changed. */
export const CONTENT_CHANNEL = 'content_changed';

/**
 * Payload: the site id whose game lobby changed (material, a provider's catalogue push, a
 * provider's status or offering): every process drops its cached lobby of that site.
 */
export const MATERIAL_CHANNEL = 'material_changed';

/** Payload: the id of a QR sign-in that was approved or denied (core/qr-waiters.ts). */
export const QR_CHANNEL = 'qr_sign_in';

const localBuses = new WeakMap<Db, EventEmitter>();

/**
 * This process's own changes on a database handle, emitted as `(channel, siteId)` right after the
 * commit: the NOTIFY reaches this process too, but a moment later, and a reader of this process
 * must see its own write at once (read your writes). One emitter per handle, so two servers in
 * one test process still hear each other only through PostgreSQL.
 */
export function localChanges(db: Db): EventEmitter {
  let bus = localBuses.get(db);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    localBuses.set(db, bus);
  }
  return bus;
}

/**
 * Tells every server process that `siteId`'s data on `channel` changed. Run it inside the
 * transaction of the change: PostgreSQL delivers the notification at commit, never for a rollback;
 * this process hears it at once after the commit (localChanges).
 */
export async function notifySite(q: Q, channel: string, siteId: string): Promise<void> {
  await q.execute(sql`select pg_notify(${channel}, ${siteId})`);
  afterCommit(q, (db) => localChanges(db).emit(channel, siteId));
}
