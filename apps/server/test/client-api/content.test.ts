// @module-tag dates — what is current follows the clock
import { beforeAll, describe, expect, it } from 'vitest';
import { shownContentSchema, type ContentType } from '@agent-bo/shared';
import { formatDateTime } from '../../src/lib/dates.js';
import { body, useTestApp } from '../helpers.js';
import { testNow } from '../clock.js';

let now = testNow();
const ctx = useTestApp({ now: () => now });
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const IMAGE_ID = 'c'.repeat(64);

const at = (offsetMs: number) => new Date(testNow().getTime() + offsetMs);
const text = (zh: string, others: Partial<Record<'en' | 'th' | 'vi', string>> = {}) => ({ zh_TW: zh, en: '', th: '', vi: '', ...others });

interface Row {
  site?: string;
  type?: ContentType;
  title: ReturnType<typeof text>;
  body?: ReturnType<typeof text>;
  imageId?: string | null;
  start: Date;
  end: Date;
  status?: 'Published' | 'Draft';
  sort?: number;
}

async function insert(row: Row): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ id: number }>(
    `insert into content_items (site_id, type, title, body, image_id, start_at, end_at, status, sort)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      row.site ?? 'tw_web',
      row.type ?? 'ANNOUNCEMENT',
      row.title,
      row.body ?? text(''),
      row.imageId ?? null,
      row.start,
      row.end,
      row.status ?? 'Published',
      row.sort ?? 0,
    ],
  );
  return rows[0]!.id;
}

const id: Record<string, number> = {};

beforeAll(async () => {
  // Only this file's items: whatever demo content the template holds is not part of these cases.
  await ctx.database.pool.query('delete from content_items');
  await ctx.database.pool.query(
    `insert into images (id, mime, size, width, height, bytes) values ($1, 'image/png', 1, 1, 1, '\\x00'::bytea)`,
    [IMAGE_ID],
  );
  id.activity = await insert({
    type: 'ACTIVITY',
    title: text('活動', { en: 'Event' }),
    body: text('<p>內容</p>', { en: '<p>Body</p>' }),
    imageId: IMAGE_ID,
    start: at(-DAY),
    end: at(DAY),
    sort: 2,
  });
  id.announcement = await insert({ title: text('公告'), body: text('<p>公告內容</p>'), start: at(0), end: at(DAY), sort: 1 });
  id.broadcast = await insert({ type: 'BROADCAST', title: text('跑馬燈', { th: 'ข้อความ' }), start: at(-DAY), end: at(MIN), sort: 1 });
  id.draft = await insert({ type: 'ACTIVITY', title: text('草稿'), start: at(-DAY), end: at(DAY), status: 'Draft' });
  id.future = await insert({ title: text('未來'), start: at(MIN), end: at(DAY) });
  id.expired = await insert({ title: text('過期'), start: at(-DAY), end: at(0) });
  id.otherSite = await insert({ site: 'tw_mc', title: text('另一站'), start: at(-DAY), end: at(DAY) });
});

const get = (query = '', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/client/content${query}`, headers });
const ids = (res: { json: () => unknown }) => (res.json() as { data: { id: number }[] }).data.map((item) => item.id);

describe('GET /api/client/content', () => {
  it('published items current now, without a session, in the read order (sort, then newest start)', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    // The announcement and the broadcast share sort 1: the later start comes first.
    expect(ids(res)).toEqual([id.announcement, id.broadcast, id.activity]);
  });

  it('drafts, items not started and items ended never appear; the window follows the app clock', async () => {
    try {
      now = at(MIN);
      // The future item starts, the broadcast ends (its end is exclusive).
      expect(ids(await get())).toEqual([id.future, id.announcement, id.activity]);
      now = at(-1000);
      // Before the announcement's start; the expired item still ran then.
      expect(ids(await get())).toEqual([id.expired, id.broadcast, id.activity]);
    } finally {
      now = testNow();
    }
    expect(ids(await get())).not.toContain(id.draft);
  });

  it('items in the shown shape: one language, the image URL, times in the site zone', async () => {
    const data = body(await get('?type=ACTIVITY&lang=en')).data;
    expect(data).toEqual([
      {
        id: id.activity,
        type: 'ACTIVITY',
        title: 'Event',
        body: '<p>Body</p>',
        imageUrl: `/api/files/${IMAGE_ID}`,
        startAt: formatDateTime(at(-DAY), 'Asia/Taipei'),
        endAt: formatDateTime(at(DAY), 'Asia/Taipei'),
        sort: 2,
      },
    ]);
    expect(data[0].startAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(shownContentSchema.array().safeParse(data).success).toBe(true);
  });

  it.each([
    ['?type=BROADCAST', [() => id.broadcast]],
    ['?type=ANNOUNCEMENT', [() => id.announcement]],
    ['?type=ACTIVITY', [() => id.activity]],
  ] as const)('%s: that type only', async (query, expected) => {
    expect(ids(await get(query))).toEqual(expected.map((f) => f()));
  });

  it('an unknown type is a validation failure', async () => {
    const res = await get('?type=POPUP');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(1000);
  });

  it.each([
    ['lang=en', {}, 'Event'],
    ['lang=en-US', {}, 'Event'],
    ['lang=zh-TW', { 'accept-language': 'en' }, '活動'],
    ['lang=zh_TW', {}, '活動'],
    // Empty in Thai: zh_TW.
    ['lang=th', {}, '活動'],
    ['lang=fr', {}, '活動'],
    ['no lang, Accept-Language en-GB', { 'accept-language': 'en-GB' }, 'Event'],
    ['no lang, no Accept-Language', {}, '活動'],
  ])('%s: the title in that language, zh_TW when it is empty', async (label, headers, title) => {
    const query = label.startsWith('lang=') ? `?type=ACTIVITY&${label}` : '?type=ACTIVITY';
    expect(body(await get(query, headers)).data[0].title).toBe(title);
  });

  it('a broadcast has its line as title and no body; the fallback applies per field', async () => {
    const [th] = body(await get('?type=BROADCAST&lang=th')).data;
    expect(th).toMatchObject({ title: 'ข้อความ', body: '', imageUrl: null });
    const [vi] = body(await get('?type=BROADCAST&lang=vi')).data;
    expect(vi.title).toBe('跑馬燈');
  });

  it("another site's items only on that site's host; an unknown host is refused", async () => {
    const mc = await get('', { host: 'tw-mc.localhost' });
    expect(ids(mc)).toEqual([id.otherSite]);
    expect(ids(await get())).not.toContain(id.otherSite);
    // The header may name the host's site, never another one.
    expect(body(await get('', { host: 'tw-mc.localhost', 'x-site-id': 'tw_web' })).code).toBe(1004);
    const unknown = await get('', { host: 'elsewhere.example' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).code).toBe(1004);
  });
});

describe('caching', () => {
  it('a strong ETag, public for 30 s, varying with Accept-Language', async () => {
    const res = await get('?lang=en');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('If-None-Match with the current tag: 304 without a body; another tag: the list', async () => {
    const first = await get('?lang=en');
    const tag = first.headers.etag as string;
    const again = await get('?lang=en', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('public, max-age=30');
    expect((await get('?lang=en', { 'if-none-match': `W/${tag}` })).statusCode).toBe(304);
    const stale = await get('?lang=en', { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('the tag follows the answer: another language, another type, a content change', async () => {
    const en = (await get('?lang=en')).headers.etag;
    expect((await get('?lang=zh_TW')).headers.etag).not.toBe(en);
    expect((await get('?lang=en&type=ACTIVITY')).headers.etag).not.toBe(en);
    // A language whose every text falls back answers as zh_TW does: the same bytes, the same tag.
    expect((await get('?lang=vi')).headers.etag).toBe((await get('?lang=zh_TW')).headers.etag);

    await ctx.database.pool.query(`update content_items set title = title || '{"en": "Event!"}' where id = $1`, [id.activity]);
    const changed = await get('?lang=en', { 'if-none-match': en as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(en);
  });
});

it('is documented under the client tag', async () => {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, { get?: { tags?: string[]; parameters?: { name: string }[] } }>;
  };
  const operation = doc.paths['/api/client/content']?.get;
  expect(operation?.tags).toEqual(['client']);
  expect(operation?.parameters?.map((p) => p.name)).toEqual(['type', 'lang']);
});
