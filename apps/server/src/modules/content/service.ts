import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { contentSaveRequestSchema } from '@agent-bo/shared';
import {
  CONTENT_BODY_MAX,
  LOCALES,
  siteTimeZone,
  type ContentSaveResult,
  type LocalizedText,
  type ValidationIssue,
} from '@agent-bo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contentItems } from '../../db/schema/index.js';
import { formatDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/app-error.js';
import { assertWriter } from '../../core/access.js';
import type { Caller } from '../../core/caller.js';
import { logTarget, writeLog, writeLogs } from '../../core/oplog.js';
import { inTransaction, type Tx } from '../../core/tx.js';
import { touchImages } from '../../core/images.js';
import { notifyContentChanged } from './published.js';
import { allLocales, siteInstant } from '../../lib/input.js';
import { sanitizeBody } from './sanitize.js';

/**
 * Content writes (PRODUCT.md §6, `/announcement`): save, delete and the pop-up list. The route
 * checks ACTIVITY_WRITE; every write also needs a writer (no shadow, nothing read-only). Items
 * are the site's: an id of another site is "not found", exactly like an unknown one.
 *
 * Each write is one transaction with OPERATION rows in the operation log (target: the item, or the
 * pop-up list; one row per item deleted) and a `content_changed` notification, so the change, its record and the readers'
 * refresh commit together or not at all.
 */

export interface ContentContext {
  db: Db;
  caller: Caller;
  ip: string;
  now: () => Date;
}

export type ContentSaveInput = z.output<typeof contentSaveRequestSchema>;
type ItemRow = typeof contentItems.$inferSelect;

/** Two-key advisory lock class of a site's pop-up list: (class, hashtext(site)). */
const POPS_LOCK_CLASS = 5_001;

const invalid = (issues: ValidationIssue[]) => new AppError('VALIDATION_FAILED', {}, issues);

/** What a save stores, checked and sanitized; the stored body is what its limit applies to. */
function storedFields(input: ContentSaveInput, timeZone: string) {
  const body = input.type === 'BROADCAST' ? allLocales(null) : sanitizedBody(input.body);
  const tooLong = LOCALES.filter((l) => body[l].length > CONTENT_BODY_MAX);
  if (tooLong.length) throw invalid(tooLong.map((l) => ({ path: `body.${l}`, message: 'content.bodyTooLong' })));
  const startAt = siteInstant(input.startAt, timeZone, 'startAt');
  const endAt = siteInstant(input.endAt, timeZone, 'endAt');
  if (endAt <= startAt) throw invalid([{ path: 'endAt', message: 'content.endBeforeStart' }]);
  return {
    title: allLocales(input.title),
    body,
    imageId: input.imageId ?? null,
    startAt,
    endAt,
    status: input.status,
    sort: input.sort,
  };
}

function sanitizedBody(body: Partial<LocalizedText> | undefined): LocalizedText {
  const all = allLocales(body);
  return Object.fromEntries(LOCALES.map((l) => [l, sanitizeBody(all[l])])) as LocalizedText;
}

/**
 * An item as the operation log records it. Bodies run to 20,000 characters per locale, so the
 * log keeps a digest of each (which body changed), not the text.
 */
function logged(row: ItemRow, timeZone: string) {
  const digest = (text: string) => (text ? createHash('sha256').update(text).digest('hex').slice(0, 16) : '');
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    bodyDigest: Object.fromEntries(LOCALES.map((l) => [l, digest(allLocales(row.body)[l])])),
    imageId: row.imageId,
    startAt: formatDateTime(row.startAt, timeZone),
    endAt: formatDateTime(row.endAt, timeZone),
    status: row.status,
    sort: row.sort,
    popOrder: row.popOrder,
    version: row.version,
  };
}

/** An item as a log row's target: its type, id and title. */
const itemTarget = (row: ItemRow) =>
  logTarget(
    row.type === 'ACTIVITY' ? 'activity' : row.type === 'ANNOUNCEMENT' ? 'announcement' : 'broadcast',
    row.id,
    allLocales(row.title),
  );

/** The image must exist; the key-share lock keeps the orphan cleanup from removing it before commit. */
/** Ids of our own images shown inside a body (the sanitizer keeps no other image). */
const BODY_IMAGE = /\/api\/files\/([0-9a-f]{64})/g;
function bodyImages(body: LocalizedText): string[] {
  return LOCALES.flatMap((l) => [...body[l].matchAll(BODY_IMAGE)].map((m) => m[1]!));
}

/** Creates (no id) or updates an item; an update must carry the version it read. */
export async function saveContent(m: ContentContext, input: ContentSaveInput): Promise<ContentSaveResult> {
  assertWriter(m.caller);
  const tz = siteTimeZone(m.caller.siteId);
  const fields = storedFields(input, tz);
  return inTransaction(m.db, async (tx) => {
    await touchImages(tx, [...(fields.imageId ? [fields.imageId] : []), ...bodyImages(fields.body)], m.now());
    const { before, after } =
      input.id === undefined ? { before: null, after: await create(m, tx, input, fields) } : await update(m, tx, input.id, input, fields);
    await writeLog(tx, m, itemTarget(after), 'OPERATION', before && logged(before, tz), logged(after, tz));
    await notifyContentChanged(tx, m.caller.siteId);
    return { id: after.id, version: after.version };
  });
}

type Fields = ReturnType<typeof storedFields>;

async function create(m: ContentContext, tx: Tx, input: ContentSaveInput, fields: Fields): Promise<ItemRow> {
  const at = m.now();
  const by = m.caller.account.id;
  const [row] = await tx
    .insert(contentItems)
    .values({ ...fields, siteId: m.caller.siteId, type: input.type, createdBy: by, createdAt: at, updatedBy: by, updatedAt: at })
    .returning();
  return row!;
}

async function update(
  m: ContentContext,
  tx: Tx,
  id: number,
  input: ContentSaveInput,
  fields: Fields,
): Promise<{ before: ItemRow; after: ItemRow }> {
  const mine = and(eq(contentItems.id, id), eq(contentItems.siteId, m.caller.siteId));
  const [before] = await tx.select().from(contentItems).where(mine).for('update');
  if (!before) throw new AppError('CONTENT_NOT_FOUND');
  if (before.type !== input.type) throw invalid([{ path: 'type', message: 'content.typeFixed' }]);
  // Compare-and-set on the version the editor read: a save based on an older read changes nothing.
  const [after] = await tx
    .update(contentItems)
    .set({ ...fields, version: sql`${contentItems.version} + 1`, updatedBy: m.caller.account.id, updatedAt: m.now() })
    .where(and(mine, eq(contentItems.version, input.version ?? 0)))
    .returning();
  if (!after) throw new AppError('CONTENT_VERSION_STALE');
  return { before, after };
}

/** Deletes every listed item, or none when any of them is not the caller's site's. */
export async function deleteContent(m: ContentContext, ids: number[]): Promise<void> {
  assertWriter(m.caller);
  const wanted = [...new Set(ids)];
  const tz = siteTimeZone(m.caller.siteId);
  await inTransaction(m.db, async (tx) => {
    const rows = await tx
      .delete(contentItems)
      .where(and(eq(contentItems.siteId, m.caller.siteId), inArray(contentItems.id, wanted)))
      .returning();
    // Throwing rolls the deletes back.
    if (rows.length !== wanted.length) throw new AppError('CONTENT_NOT_FOUND');
    const deleted = rows.sort((a, b) => a.id - b.id);
    await writeLogs(
      tx,
      m,
      'OPERATION',
      deleted.map((row) => ({ target: itemTarget(row), before: logged(row, tz), after: null })),
    );
    await notifyContentChanged(tx, m.caller.siteId);
  });
}

/**
 * Replaces the site's pop-up list with `ids` (in order; empty clears it). Only the site's
 * activities may pop up. An unchanged list writes nothing.
 */
export async function setPops(m: ContentContext, ids: number[]): Promise<void> {
  assertWriter(m.caller);
  if (new Set(ids).size !== ids.length) throw invalid([{ path: 'ids', message: 'content.duplicateIds' }]);
  const siteId = m.caller.siteId;
  await inTransaction(m.db, async (tx) => {
    // Two lists saved at once would otherwise interleave into a mix of both.
    await tx.execute(sql`select pg_advisory_xact_lock(${POPS_LOCK_CLASS}::int, hashtext(${siteId}))`);
    await assertActivities(tx, siteId, ids);
    const current = await tx
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(and(eq(contentItems.siteId, siteId), isNotNull(contentItems.popOrder)))
      .orderBy(contentItems.popOrder, contentItems.id);
    const before = current.map((r) => r.id);
    if (before.length === ids.length && before.every((id, i) => id === ids[i])) return;
    const position = ids.length
      ? sql`case ${contentItems.id} ${sql.join(
          ids.map((id, i) => sql`when ${id} then ${i}::int`),
          sql` `,
        )} end`
      : sql`null`;
    const touched = ids.length ? or(isNotNull(contentItems.popOrder), inArray(contentItems.id, ids)) : isNotNull(contentItems.popOrder);
    await tx
      .update(contentItems)
      .set({ popOrder: position })
      .where(and(eq(contentItems.siteId, siteId), touched));
    await writeLog(tx, m, logTarget('popOrder', null), 'OPERATION', { pops: before }, { pops: ids });
    await notifyContentChanged(tx, siteId);
  });
}

async function assertActivities(tx: Tx, siteId: string, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await tx
    .select({ type: contentItems.type })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), inArray(contentItems.id, ids)))
    .for('update');
  if (rows.length !== ids.length) throw new AppError('CONTENT_NOT_FOUND');
  if (rows.some((r) => r.type !== 'ACTIVITY')) throw new AppError('CONTENT_NOT_ACTIVITY');
}
