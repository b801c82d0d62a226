import { createHash } from 'node:crypto';
import type { ContentSaveRequest } from '@agent-bo/shared';
import { formatDateTime } from '../../src/lib/dates.js';
import { body, call, type Json, type TestContext } from '../helpers.js';

export { body };

/** The other site the tests reach: signed in through its own host. */
export const OTHER_SITE = { site: 'tw_mc', host: 'tw-mc.localhost' } as const;

export interface As {
  token: string | undefined;
  site?: string;
  host?: string;
  lang?: string;
}

export const post = (ctx: TestContext, as: As, path: string, payload?: unknown) =>
  call(ctx.app, 'POST', `/api/manage/activity/${path}`, payload, { site: 'tw_web', ...as });

export const remove = (ctx: TestContext, as: As, ids: unknown) =>
  call(ctx.app, 'DELETE', '/api/manage/activity/delete', { ids }, { site: 'tw_web', ...as });

export const pops = (ctx: TestContext, as: As) => call(ctx.app, 'GET', '/api/manage/activity/pops', undefined, { site: 'tw_web', ...as });

export async function q<T = Record<string, unknown>>(ctx: TestContext, text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** `YYYY-MM-DD HH:mm:ss` in Taipei (tw_web and tw_mc), `hours` from `at`. */
export function wall(at: Date, hours = 0): string {
  return formatDateTime(new Date(at.getTime() + hours * 3_600_000), 'Asia/Taipei');
}

/** A valid activity running from an hour before `at` to a day after it; `over` replaces fields. */
export function activity(at: Date, over: Partial<ContentSaveRequest> = {}): ContentSaveRequest {
  return {
    type: 'ACTIVITY',
    title: { zh_TW: '活動', en: 'Event' },
    body: { zh_TW: '<p>內容</p>' },
    startAt: wall(at, -1),
    endAt: wall(at, 24),
    status: 'Published',
    sort: 0,
    ...over,
  };
}

/** Saves and returns the answer's data; fails the test when the save is refused. */
export async function save(ctx: TestContext, as: As, payload: unknown): Promise<{ id: number; version: number }> {
  const res = await post(ctx, as, 'save', payload);
  const b = body(res);
  if (!b.success) throw new Error(`save refused: ${res.body}`);
  return b.data as { id: number; version: number };
}

/** Every listed item (first page of 100) matching `filters`. */
export async function list(ctx: TestContext, as: As, filters: Record<string, unknown> = {}): Promise<Json> {
  return body(await post(ctx, as, 'list', { pageSize: 100, ...filters }));
}

/** Stores an uploaded image and returns its id (the SHA-256 of its bytes). */
export async function insertImage(ctx: TestContext, seed: string): Promise<string> {
  const bytes = Buffer.from(seed);
  const id = createHash('sha256').update(bytes).digest('hex');
  await q(ctx, `insert into images (id, mime, size, width, height, bytes) values ($1, 'image/png', $2, 1, 1, $3)`, [
    id,
    bytes.length,
    bytes,
  ]);
  return id;
}

/** Everything a content write may change: the items of every site and the operation log. */
export async function fingerprint(ctx: TestContext): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select concat_ws('|',
       (select md5(coalesce(string_agg(c::text, ',' order by id), '')) from content_items c),
       (select count(*) from operation_logs)) as f`,
  );
  return row!.f;
}

export interface LogRow {
  action: string;
  operator_id: number;
  target_id: number | null;
  target_record: unknown;
  site_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** The newest operation-log rows, newest first. */
export async function lastLogs(ctx: TestContext, n = 1): Promise<LogRow[]> {
  return q<LogRow>(
    ctx,
    'select action, operator_id, target_id, target_record, site_id, before, after, ip from operation_logs order by id desc limit $1',
    [n],
  );
}

/** Expects a failure envelope with `code` and returns it. */
export function refused(res: { statusCode: number; body: string }, code: number, status?: number): Json {
  const b = JSON.parse(res.body) as Json;
  if (b.success !== false || b.code !== code || (status !== undefined && res.statusCode !== status)) {
    throw new Error(`expected refusal ${code}${status ? ` (${status})` : ''}, got ${res.statusCode}: ${res.body}`);
  }
  return b;
}
