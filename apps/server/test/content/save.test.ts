// @module-tag dates — windows stored and shown in the site's time zone
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_BODY_MAX, CONTENT_TITLE_MAX } from '@agent-bo/shared';
import { testNow } from '../clock.js';
import { accountId, signinAs, useTestApp } from '../helpers.js';
import { OTHER_SITE, activity, body, fingerprint, insertImage, lastLogs, list, post, q, refused, save, wall, type As } from './support.js';

let clock = testNow();
const ctx = useTestApp({ now: () => clock });

let admin: As;
let adminId: number;
let other: As;

beforeAll(async () => {
  admin = { token: await signinAs(ctx.app, 'admin001') };
  adminId = await accountId(ctx, 'admin001');
  other = { token: await signinAs(ctx.app, 'admin001', OTHER_SITE), ...OTHER_SITE };
});

async function itemById(as: As, id: number) {
  const found = (await list(ctx, as)).data.list.find((i: { id: number }) => i.id === id);
  if (!found) throw new Error(`item ${id} not listed`);
  return found;
}

describe('create', () => {
  it('stores an activity and answers its id and version 1; the list shows every field in the site’s time zone', async () => {
    const image = await insertImage(ctx, 'create-image');
    const payload = activity(clock, { title: { zh_TW: '  週年慶 ', en: 'Anniversary' }, imageId: image, sort: 7 });
    const saved = await save(ctx, admin, payload);
    expect(saved).toEqual({ id: expect.any(Number), version: 1 });
    const item = await itemById(admin, saved.id);
    expect(item).toEqual({
      id: saved.id,
      type: 'ACTIVITY',
      title: { zh_TW: '週年慶', en: 'Anniversary', th: '', vi: '' },
      body: { zh_TW: '<p>內容</p>', en: '', th: '', vi: '' },
      imageId: image,
      imageUrl: `/api/files/${image}`,
      startAt: payload.startAt,
      endAt: payload.endAt,
      status: 'Published',
      sort: 7,
      popOrder: null,
      version: 1,
      createdBy: 'admin001',
      createdAt: wall(clock),
      updatedBy: 'admin001',
      updatedAt: wall(clock),
    });
    // The window is stored as the instants of Taipei wall times.
    const [row] = await q<{ start_at: Date }>(ctx, 'select start_at from content_items where id = $1', [saved.id]);
    expect(row!.start_at.getTime()).toBe(Math.floor(clock.getTime() / 1000) * 1000 - 3_600_000);
  });

  it('writes one OPERATION row with the new item as `after`', async () => {
    const saved = await save(ctx, admin, activity(clock, { title: { zh_TW: '記錄' } }));
    const [log] = await lastLogs(ctx);
    // The row is about the item (no target account), named by its title.
    expect(log).toMatchObject({
      action: 'OPERATION',
      operator_id: adminId,
      target_id: null,
      target_record: { kind: 'activity', id: saved.id, name: { zh_TW: '記錄', en: '', th: '', vi: '' } },
      site_id: 'tw_web',
      before: null,
    });
    expect(log!.ip).toBeTruthy();
    expect(log!.after).toMatchObject({
      id: saved.id,
      type: 'ACTIVITY',
      title: { zh_TW: '記錄', en: '', th: '', vi: '' },
      status: 'Published',
      version: 1,
      startAt: wall(clock, -1),
    });
    expect((log!.after as { bodyDigest: Record<string, string> }).bodyDigest.zh_TW).toMatch(/^[0-9a-f]{16}$/);
  });

  it('stores a broadcast with an empty body in every locale', async () => {
    const saved = await save(ctx, admin, {
      type: 'BROADCAST',
      title: { zh_TW: '系統維護公告' },
      startAt: wall(clock),
      endAt: wall(clock, 2),
      status: 'Draft',
    });
    const item = await itemById(admin, saved.id);
    expect(item).toMatchObject({ type: 'BROADCAST', body: { zh_TW: '', en: '', th: '', vi: '' }, imageId: null, imageUrl: null, sort: 0 });
  });

  it('an agent holding ACTIVITY_WRITE creates on its site, recorded as its own', async () => {
    const agent = { token: await signinAs(ctx.app, 'agentA02') };
    const saved = await save(ctx, agent, activity(clock));
    expect(await itemById(admin, saved.id)).toMatchObject({ createdBy: 'agentA02', updatedBy: 'agentA02' });
  });

  it("tells the servers' listeners (content_changed, the site id) at commit, and nothing for a refused save", async () => {
    const listener = new pg.Client({ connectionString: ctx.database.pool.options.connectionString });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload}`));
      await listener.query('listen content_changed');
      refused(await post(ctx, admin, 'save', activity(clock, { imageId: 'f'.repeat(64) })), 5004);
      await save(ctx, admin, activity(clock));
      await save(ctx, other, activity(clock));
      await expect.poll(() => heard.length).toBe(2);
      expect(heard).toEqual(['content_changed:tw_web', 'content_changed:tw_mc']);
    } finally {
      await listener.end();
    }
  });
});

describe('update', () => {
  it('bumps the version, records the editor and the time, keeps the creator; logs before and after', async () => {
    const created = await save(ctx, admin, activity(clock, { title: { zh_TW: '舊標題' } }));
    clock = new Date(clock.getTime() + 60_000);
    const agent = { token: await signinAs(ctx.app, 'agentA02') };
    const payload = activity(clock, { id: created.id, version: 1, title: { zh_TW: '新標題', vi: 'Mới' }, status: 'Draft', sort: 3 });
    const updated = await save(ctx, agent, payload);
    expect(updated).toEqual({ id: created.id, version: 2 });
    const item = await itemById(admin, created.id);
    expect(item).toMatchObject({
      title: { zh_TW: '新標題', en: '', th: '', vi: 'Mới' },
      status: 'Draft',
      sort: 3,
      version: 2,
      createdBy: 'admin001',
      updatedBy: 'agentA02',
      updatedAt: wall(clock),
      startAt: payload.startAt,
    });
    expect(item.createdAt).not.toBe(item.updatedAt);
    const [log] = await lastLogs(ctx);
    expect(log).toMatchObject({
      action: 'OPERATION',
      operator_id: await accountId(ctx, 'agentA02'),
      before: { id: created.id, title: { zh_TW: '舊標題' }, status: 'Published', version: 1 },
      after: { id: created.id, title: { zh_TW: '新標題', vi: 'Mới' }, status: 'Draft', version: 2 },
    });
  });

  it('refuses a stale version (CONTENT_VERSION_STALE, 409) and changes nothing', async () => {
    const created = await save(ctx, admin, activity(clock));
    await save(ctx, admin, activity(clock, { id: created.id, version: 1, sort: 1 }));
    const before = await fingerprint(ctx);
    refused(await post(ctx, admin, 'save', activity(clock, { id: created.id, version: 1, sort: 2 })), 5002, 409);
    refused(await post(ctx, admin, 'save', activity(clock, { id: created.id, version: 3, sort: 2 })), 5002, 409);
    expect(await fingerprint(ctx)).toBe(before);
    expect((await itemById(admin, created.id)).sort).toBe(1);
  });

  it('of two saves of the same version at once, exactly one wins', async () => {
    const created = await save(ctx, admin, activity(clock));
    const results = await Promise.all(
      [1, 2, 3].map((sort) => post(ctx, admin, 'save', activity(clock, { id: created.id, version: 1, sort }))),
    );
    const codes = results.map((r) => body(r).code).sort();
    expect(codes).toEqual([0, 5002, 5002]);
    const item = await itemById(admin, created.id);
    expect(item.version).toBe(2);
  });

  it('another site’s id is refused exactly like an unknown one (CONTENT_NOT_FOUND), on both sites nothing changes', async () => {
    const theirs = await save(ctx, other, activity(clock, { title: { zh_TW: '別站' } }));
    const before = await fingerprint(ctx);
    const foreign = refused(await post(ctx, admin, 'save', activity(clock, { id: theirs.id, version: 1 })), 5001, 404);
    const unknown = refused(await post(ctx, admin, 'save', activity(clock, { id: 2_000_000_000, version: 1 })), 5001, 404);
    expect(foreign).toEqual(unknown);
    expect(await fingerprint(ctx)).toBe(before);
    expect((await list(ctx, admin)).data.list.map((i: { id: number }) => i.id)).not.toContain(theirs.id);
  });

  it('never changes the type of an item (VALIDATION_FAILED naming type)', async () => {
    const created = await save(ctx, admin, activity(clock));
    const before = await fingerprint(ctx);
    const b = refused(await post(ctx, admin, 'save', activity(clock, { id: created.id, version: 1, type: 'ANNOUNCEMENT' })), 1000, 400);
    expect(b.data).toEqual([{ path: 'type', message: 'content.typeFixed' }]);
    expect(await fingerprint(ctx)).toBe(before);
  });
});

describe('images in use', () => {
  it('a save renews the images it shows, its own and those in its bodies, so the orphan cleanup spares them', async () => {
    const own = await insertImage(ctx, 'renewed-own');
    const inBody = await insertImage(ctx, 'renewed-body');
    await q(ctx, `update images set last_uploaded_at = now() - interval '30 days' where id = any($1)`, [[own, inBody]]);
    await save(ctx, admin, activity(clock, { imageId: own, body: { en: `<p><img src="/api/files/${inBody}" /></p>` } }));
    const rows = await q<{ id: string; last_uploaded_at: Date }>(ctx, 'select id, last_uploaded_at from images where id = any($1)', [
      [own, inBody],
    ]);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.last_uploaded_at.getTime()).toBe(clock.getTime());
  });
});

describe('limits apply to what is stored', () => {
  it('a broadcast line may be longer than a title (up to 200 characters)', async () => {
    const line = '跑'.repeat(200);
    const saved = await save(ctx, admin, {
      type: 'BROADCAST',
      title: { zh_TW: line },
      startAt: wall(clock),
      endAt: wall(clock, 1),
      status: 'Draft',
    });
    expect((await itemById(admin, saved.id)).title.zh_TW).toBe(line);
  });

  it('pasted HTML over the stored limit is accepted when what the sanitizer keeps fits', async () => {
    const styled = `<p style="${'color: red; '.repeat(2_500)}">kept</p>`;
    expect(styled.length).toBeGreaterThan(CONTENT_BODY_MAX);
    const saved = await save(ctx, admin, activity(clock, { body: { zh_TW: styled } }));
    expect((await itemById(admin, saved.id)).body.zh_TW).toBe('<p>kept</p>');
  });
});

describe('bad input', () => {
  const long = 'x'.repeat(CONTENT_TITLE_MAX + 1);
  const cases: [string, () => unknown, string][] = [
    ['no zh_TW title', () => activity(clock, { title: { zh_TW: '  ', en: 'Only English' } }), 'title.zh_TW'],
    ['end before start', () => activity(clock, { startAt: wall(clock, 2), endAt: wall(clock, 1) }), 'endAt'],
    ['end equal to start', () => activity(clock, { startAt: wall(clock, 2), endAt: wall(clock, 2) }), 'endAt'],
    ['an over-long title', () => activity(clock, { title: { zh_TW: long } }), 'title.zh_TW'],
    ['an unknown type', () => ({ ...activity(clock), type: 'BANNER' }), 'type'],
    ['an unknown status', () => ({ ...activity(clock), status: 'Live' }), 'status'],
    ['a title that is a string', () => ({ ...activity(clock), title: '活動' }), 'title'],
    ['a sort that is a string', () => ({ ...activity(clock), sort: '1' }), 'sort'],
    ['a sort out of range', () => activity(clock, { sort: 10_000 }), 'sort'],
    ['a time in another format', () => activity(clock, { startAt: '2026-11-24T10:00:00' }), 'startAt'],
    ['an impossible date', () => activity(clock, { startAt: '2026-02-30 10:00:00', endAt: '2026-03-31 10:00:00' }), 'startAt'],
    ['an unknown locale', () => activity(clock, { title: { zh_TW: 'a', fr: 'b' } as never }), 'title.fr'],
    ['an unknown field', () => ({ ...activity(clock), color: 'red' }), 'color'],
    ['a malformed image id', () => activity(clock, { imageId: '../etc/passwd' }), 'imageId'],
    ['an id without its version', () => activity(clock, { id: 1 }), 'version'],
    [
      'a broadcast with a body',
      () => ({
        type: 'BROADCAST',
        title: { zh_TW: '跑馬燈' },
        body: { en: '<p>x</p>' },
        startAt: wall(clock),
        endAt: wall(clock, 1),
        status: 'Published',
      }),
      'body',
    ],
    [
      'a broadcast with an image',
      () => ({
        type: 'BROADCAST',
        title: { zh_TW: '跑馬燈' },
        imageId: 'a'.repeat(64),
        startAt: wall(clock),
        endAt: wall(clock, 1),
        status: 'Published',
      }),
      'imageId',
    ],
    [
      'a broadcast over two lines',
      () => ({ type: 'BROADCAST', title: { zh_TW: '一\n二' }, startAt: wall(clock), endAt: wall(clock, 1), status: 'Published' }),
      'title.zh_TW',
    ],
    [
      'a broadcast line over 200 characters',
      () => ({ type: 'BROADCAST', title: { zh_TW: 'x'.repeat(201) }, startAt: wall(clock), endAt: wall(clock, 1), status: 'Published' }),
      'title.zh_TW',
    ],
    ['a raw body over the input limit', () => activity(clock, { body: { zh_TW: 'x'.repeat(100_001) } }), 'body.zh_TW'],
    // Escaping grows the text: 5,000 ampersands are 25,000 characters once sanitized.
    ['a body over the limit once sanitized', () => activity(clock, { body: { th: '&'.repeat(CONTENT_BODY_MAX / 4) } }), 'body.th'],
  ];

  it.each(cases)('refuses %s (VALIDATION_FAILED naming the field) and writes nothing', async (_name, payload, path) => {
    const before = await fingerprint(ctx);
    const b = refused(await post(ctx, admin, 'save', payload()), 1000, 400);
    expect((b.data as { path: string }[]).map((i) => i.path).join(',')).toContain(path);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('refuses an image that was never uploaded (IMAGE_NOT_FOUND) and writes nothing', async () => {
    const before = await fingerprint(ctx);
    refused(await post(ctx, admin, 'save', activity(clock, { imageId: 'e'.repeat(64) })), 5004, 400);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('refuses a body showing an image that was never uploaded (IMAGE_NOT_FOUND) and writes nothing', async () => {
    const before = await fingerprint(ctx);
    const html = `<p><img src="/api/files/${'f'.repeat(64)}" /></p>`;
    refused(await post(ctx, admin, 'save', activity(clock, { body: { zh_TW: html } })), 5004, 400);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('refuses a body that is not JSON and an empty body', async () => {
    const before = await fingerprint(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manage/activity/save',
      payload: '{"type":',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'x-site-id': 'tw_web' },
    });
    expect(body(res)).toMatchObject({ success: false, code: 400 });
    expect(body(await post(ctx, admin, 'save'))).toMatchObject({ success: false, code: 1000 });
    expect(await fingerprint(ctx)).toBe(before);
  });
});
