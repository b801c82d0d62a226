// @module-tag dates — pop-ups start and end with the clock
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentSaveRequest } from '@agent-bo/shared';
import { testNow } from '../clock.js';
import { accountId, signinAs, useTestApp } from '../helpers.js';
import {
  OTHER_SITE,
  activity,
  body,
  fingerprint,
  insertImage,
  lastLogs,
  list,
  pops,
  post,
  refused,
  save,
  wall,
  type As,
} from './support.js';

let clock = testNow();
const ctx = useTestApp({ now: () => clock });

let admin: As;
let other: As;
let image: string;
const id: Record<string, number> = {};

async function popList(as: As = admin): Promise<number[]> {
  const b = await list(ctx, as, { popsOnly: true, sortBy: 'popOrder' });
  return (b.data.list as { id: number }[]).map((i) => i.id);
}

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  other = { token: await signinAs(ctx.app, 'admin001', OTHER_SITE), ...OTHER_SITE };
  image = await insertImage(ctx, 'pops-banner');
  const items: [string, Partial<ContentSaveRequest>][] = [
    [
      'welcome',
      {
        title: { zh_TW: '歡迎', en: 'Welcome', th: '', vi: 'Chào' },
        body: { zh_TW: '<p>中文</p>', en: '<p>English</p>' },
        imageId: image,
        sort: 2,
      },
    ],
    ['weekly', { title: { zh_TW: '每週' }, sort: 1 }],
    ['expired', { title: { zh_TW: '已結束' }, startAt: wall(clock, -48), endAt: wall(clock, -1) }],
    ['upcoming', { title: { zh_TW: '即將開始' }, startAt: wall(clock, 1), endAt: wall(clock, 48) }],
    ['draft', { title: { zh_TW: '草稿' }, status: 'Draft' }],
    ['plain', { title: { zh_TW: '不彈出' } }],
    ['notice', { type: 'ANNOUNCEMENT', title: { zh_TW: '公告' } }],
  ];
  for (const [name, over] of items) id[name] = (await save(ctx, admin, activity(clock, over))).id;
  id.theirs = (await save(ctx, other, activity(clock, { title: { zh_TW: '別站活動' } }))).id;
});

describe('activity/set_pops', () => {
  it('replaces the site’s pop-up list in the given order and clears every other item; one OPERATION row with both lists', async () => {
    const demo = await popList();
    const adminId = await accountId(ctx, 'admin001');
    let res = await post(ctx, admin, 'set_pops', { ids: [id.weekly, id.welcome, id.expired] });
    expect(body(res)).toMatchObject({ success: true, data: null });
    expect(await popList()).toEqual([id.weekly, id.welcome, id.expired]);
    const [first] = await lastLogs(ctx);
    expect(first).toMatchObject({
      action: 'OPERATION',
      operator_id: adminId,
      target_id: null,
      target_record: { kind: 'popOrder', id: null, name: null },
      before: { pops: demo },
    });
    expect(first!.after).toEqual({ pops: [id.weekly, id.welcome, id.expired] });

    res = await post(ctx, admin, 'set_pops', { ids: [id.welcome, id.upcoming, id.weekly, id.draft] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await popList()).toEqual([id.welcome, id.upcoming, id.weekly, id.draft]);
    const items = (await list(ctx, admin, { type: 'ACTIVITY' })).data.list as { id: number; popOrder: number | null }[];
    expect(items.find((i) => i.id === id.expired)!.popOrder).toBeNull();
    expect(items.find((i) => i.id === id.upcoming)!.popOrder).toBe(1);
    const [second] = await lastLogs(ctx);
    expect(second!.before).toEqual({ pops: [id.weekly, id.welcome, id.expired] });
    expect(second!.after).toEqual({ pops: [id.welcome, id.upcoming, id.weekly, id.draft] });
  });

  it('leaves another site’s pop-ups alone', async () => {
    const theirs = await post(ctx, other, 'set_pops', { ids: [id.theirs] });
    expect(theirs.statusCode, theirs.body).toBe(200);
    await post(ctx, admin, 'set_pops', { ids: [id.weekly] });
    expect(await popList(other)).toEqual([id.theirs]);
    expect(await popList()).toEqual([id.weekly]);
  });

  it('writes nothing when the list does not change', async () => {
    await post(ctx, admin, 'set_pops', { ids: [id.weekly, id.welcome] });
    const before = await fingerprint(ctx);
    expect((await post(ctx, admin, 'set_pops', { ids: [id.weekly, id.welcome] })).statusCode).toBe(200);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('an empty list clears it', async () => {
    await post(ctx, admin, 'set_pops', { ids: [id.weekly] });
    expect((await post(ctx, admin, 'set_pops', { ids: [] })).statusCode).toBe(200);
    expect(await popList()).toEqual([]);
    expect((await lastLogs(ctx))[0]!.after).toEqual({ pops: [] });
  });

  const refusals: [string, () => unknown, number, number][] = [
    ['another site’s activity (CONTENT_NOT_FOUND)', () => ({ ids: [id.welcome, id.theirs] }), 5001, 404],
    ['an unknown id (CONTENT_NOT_FOUND)', () => ({ ids: [id.welcome, 2_000_000_000] }), 5001, 404],
    ['an announcement (CONTENT_NOT_ACTIVITY)', () => ({ ids: [id.welcome, id.notice] }), 5003, 400],
    ['a duplicate (VALIDATION_FAILED)', () => ({ ids: [id.welcome, id.weekly, id.welcome] }), 1000, 400],
    ['ids that are not numbers (VALIDATION_FAILED)', () => ({ ids: ['1'] }), 1000, 400],
    ['more than 100 ids (VALIDATION_FAILED)', () => ({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }), 1000, 400],
    ['no ids at all (VALIDATION_FAILED)', () => ({}), 1000, 400],
  ];

  it.each(refusals)('refuses %s and changes nothing', async (_name, payload, code, status) => {
    await post(ctx, admin, 'set_pops', { ids: [id.plain] });
    const before = await fingerprint(ctx);
    refused(await post(ctx, admin, 'set_pops', payload()), code, status);
    expect(await fingerprint(ctx)).toBe(before);
    expect(await popList()).toEqual([id.plain]);
  });

  it('another site’s id is refused exactly like an unknown one', async () => {
    const foreign = refused(await post(ctx, admin, 'set_pops', { ids: [id.theirs] }), 5001);
    const unknown = refused(await post(ctx, admin, 'set_pops', { ids: [2_000_000_000] }), 5001);
    expect(foreign).toEqual(unknown);
  });
});

describe('activity/pops', () => {
  beforeAll(async () => {
    // Expired, draft and upcoming pop-ups sit between the current ones.
    const res = await post(ctx, admin, 'set_pops', { ids: [id.expired, id.welcome, id.draft, id.upcoming, id.weekly] });
    if (res.statusCode !== 200) throw new Error(res.body);
  });

  it('answers the published, current pop-ups in pop-up order, in the caller’s language with the zh_TW fallback', async () => {
    const en = body(await pops(ctx, { ...admin, lang: 'en-US,en;q=0.9' }));
    expect(en.success).toBe(true);
    expect(en.data).toEqual([
      {
        id: id.welcome,
        type: 'ACTIVITY',
        title: 'Welcome',
        body: '<p>English</p>',
        imageUrl: `/api/files/${image}`,
        startAt: wall(clock, -1),
        endAt: wall(clock, 24),
        sort: 2,
      },
      {
        id: id.weekly,
        type: 'ACTIVITY',
        title: '每週',
        body: '<p>內容</p>',
        imageUrl: null,
        startAt: wall(clock, -1),
        endAt: wall(clock, 24),
        sort: 1,
      },
    ]);
    const vi = body(await pops(ctx, { ...admin, lang: 'vi' })).data as { title: string; body: string }[];
    expect(vi[0]).toMatchObject({ title: 'Chào', body: '<p>中文</p>' });
    const th = body(await pops(ctx, { ...admin, lang: 'th' })).data as { title: string }[];
    expect(th.map((p) => p.title)).toEqual(['歡迎', '每週']);
    const none = body(await pops(ctx, admin)).data as { title: string }[];
    expect(none.map((p) => p.title)).toEqual(['歡迎', '每週']);
  });

  it('follows the clock: an upcoming pop-up appears once it starts, a current one goes once it ends', async () => {
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 2 * 3_600_000);
      const later = body(await pops(ctx, admin)).data as { id: number }[];
      expect(later.map((p) => p.id)).toEqual([id.welcome, id.upcoming, id.weekly]);
      clock = new Date(saved.getTime() + 30 * 3_600_000);
      expect((body(await pops(ctx, admin)).data as { id: number }[]).map((p) => p.id)).toEqual([id.upcoming]);
    } finally {
      clock = saved;
    }
  });

  it('is the caller’s site’s only, for any signed-in caller, whatever its codes', async () => {
    expect((body(await pops(ctx, other)).data as { id: number }[]).map((p) => p.id)).toEqual([id.theirs]);
    const b06 = await accountId(ctx, 'agentB06');
    await ctx.database.pool.query(`update accounts set permissions = '{GAME_READ}' where id = $1`, [b06]);
    const token = await signinAs(ctx.app, 'agentB06');
    const res = await pops(ctx, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect((body(res).data as { id: number }[]).map((p) => p.id)).toEqual([id.welcome, id.weekly]);
    expect((await pops(ctx, { token: undefined })).statusCode).toBe(401);
  });
});

describe('activity/set_pops at once', () => {
  it('lists saved at the same time end as exactly one of them', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 12; n++) ids.push((await save(ctx, admin, activity(clock, { title: { zh_TW: `並行 ${n}` } }))).id);
    const lists = [0, 1, 2, 3].map((k) => ids.slice(k * 3, k * 3 + 3));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(lists.map((l) => post(ctx, admin, 'set_pops', { ids: l })));
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(lists).toContainEqual(await popList());
    }
  });
});
