import { beforeAll, describe, expect, it } from 'vitest';
import { testNow } from '../clock.js';
import { accountId, signinAs, useTestApp } from '../helpers.js';
import { OTHER_SITE, activity, body, fingerprint, lastLogs, list, post, q, refused, remove, save, type As } from './support.js';

const clock = testNow();
const ctx = useTestApp({ now: () => clock });

let admin: As;
let other: As;
/** agentA02: ACTIVITY_READ and ACTIVITY_WRITE by the demo grant, not the site's admin. */
let writer: As;
/** agentA03: ACTIVITY_READ only. */
let reader: As;
/** agentB06: given GAME_READ only (neither content code). */
let outsider: As;
/** shadow00 (the admin's shadow), given ACTIVITY_WRITE on top of its read codes. */
let shadow: As;

beforeAll(async () => {
  await q(ctx, `update accounts set permissions = '{GAME_READ}' where id = $1`, [await accountId(ctx, 'agentB06')]);
  await q(ctx, `update accounts set permissions = array_append(permissions, 'ACTIVITY_WRITE') where id = $1`, [
    await accountId(ctx, 'shadow00'),
  ]);
  admin = { token: await signinAs(ctx.app, 'admin001') };
  other = { token: await signinAs(ctx.app, 'admin001', OTHER_SITE), ...OTHER_SITE };
  writer = { token: await signinAs(ctx.app, 'agentA02') };
  reader = { token: await signinAs(ctx.app, 'agentA03') };
  outsider = { token: await signinAs(ctx.app, 'agentB06') };
  shadow = { token: await signinAs(ctx.app, 'shadow00') };
});

/** One call of each write, on an item of the caller's site (the delete last). */
async function writes(as: As, item: { id: number; version: number }) {
  return {
    save: await post(ctx, as, 'save', activity(clock, { id: item.id, version: item.version, sort: 9 })),
    create: await post(ctx, as, 'save', activity(clock)),
    set_pops: await post(ctx, as, 'set_pops', { ids: [item.id] }),
    delete: await remove(ctx, as, [item.id]),
  };
}

describe('who may read', () => {
  it('a holder of ACTIVITY_READ only, of ACTIVITY_WRITE and a shadow list the site’s items', async () => {
    const item = await save(ctx, admin, activity(clock, { title: { zh_TW: '讀取' } }));
    for (const as of [reader, writer, shadow]) {
      const b = await list(ctx, as);
      expect(b.success, JSON.stringify(b)).toBe(true);
      expect((b.data.list as { id: number }[]).map((i) => i.id)).toContain(item.id);
    }
  });

  it('a caller holding neither code is refused the list (PERMISSION_DENIED); no session is 401', async () => {
    refused(await post(ctx, outsider, 'list', {}), 1006, 403);
    expect((await post(ctx, { token: undefined }, 'list', {})).statusCode).toBe(401);
  });
});

describe('who may write', () => {
  it('ACTIVITY_READ alone is refused every write (PERMISSION_DENIED) and nothing changes', async () => {
    const item = await save(ctx, admin, activity(clock));
    const before = await fingerprint(ctx);
    for (const [name, res] of Object.entries(await writes(reader, item))) expect(refused(res, 1006, 403).code, name).toBe(1006);
    for (const [name, res] of Object.entries(await writes(outsider, item))) expect(refused(res, 1006, 403).code, name).toBe(1006);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('a shadow is refused every write even holding ACTIVITY_WRITE (CALLER_READ_ONLY) and nothing changes', async () => {
    const item = await save(ctx, admin, activity(clock));
    const before = await fingerprint(ctx);
    for (const [name, res] of Object.entries(await writes(shadow, item))) expect(refused(res, 2006, 403).code, name).toBe(2006);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('a holder of ACTIVITY_WRITE made fully read-only is refused every write (CALLER_READ_ONLY)', async () => {
    const item = await save(ctx, admin, activity(clock));
    const a02 = await accountId(ctx, 'agentA02');
    await q(ctx, 'update accounts set is_full_readonly = true where id = $1', [a02]);
    try {
      const before = await fingerprint(ctx);
      const res = await writes(writer, item);
      for (const [name, r] of Object.entries(res)) expect(refused(r, 2006, 403).code, name).toBe(2006);
      expect(await fingerprint(ctx)).toBe(before);
    } finally {
      await q(ctx, 'update accounts set is_full_readonly = false where id = $1', [a02]);
    }
  });

  it('an agent holding ACTIVITY_WRITE manages the site’s content, not only its subtree’s', async () => {
    const item = await save(ctx, admin, activity(clock));
    const res = await writes(writer, item);
    for (const [name, r] of Object.entries(res)) expect(body(r).success, `${name}: ${r.body}`).toBe(true);
  });
});

describe('activity/delete', () => {
  it('deletes the listed items in one go, logging each deleted item as a row about it', async () => {
    const a = await save(ctx, admin, activity(clock, { title: { zh_TW: '刪一' } }));
    const b = await save(ctx, admin, activity(clock, { title: { zh_TW: '刪二' } }));
    const keep = await save(ctx, admin, activity(clock, { title: { zh_TW: '留下' } }));
    const res = await remove(ctx, admin, [b.id, a.id, a.id]);
    expect(body(res)).toMatchObject({ success: true, data: null });
    const left = (await list(ctx, admin)).data.list.map((i: { id: number }) => i.id);
    expect(left).toContain(keep.id);
    expect(left).not.toContain(a.id);
    expect(left).not.toContain(b.id);
    const [second, first] = await lastLogs(ctx, 2);
    const adminId = await accountId(ctx, 'admin001');
    for (const [log, item, title] of [
      [first, a, '刪一'],
      [second, b, '刪二'],
    ] as const) {
      expect(log).toMatchObject({
        action: 'OPERATION',
        operator_id: adminId,
        target_id: null,
        target_record: { kind: 'activity', id: item.id, name: { zh_TW: title, en: '', th: '', vi: '' } },
        after: null,
      });
      expect(log!.before).toMatchObject({ id: item.id, title: { zh_TW: title }, type: 'ACTIVITY', version: 1 });
    }
  });

  it('refuses the whole request when any id is another site’s or unknown (CONTENT_NOT_FOUND, alike), deleting nothing', async () => {
    const mine = await save(ctx, admin, activity(clock));
    const theirs = await save(ctx, other, activity(clock));
    const before = await fingerprint(ctx);
    const foreign = refused(await remove(ctx, admin, [mine.id, theirs.id]), 5001, 404);
    const unknown = refused(await remove(ctx, admin, [mine.id, 2_000_000_000]), 5001, 404);
    expect(foreign).toEqual(unknown);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it.each([
    ['no ids', []],
    ['ids that are not numbers', ['1']],
    ['a negative id', [-1]],
    ['more than 100 ids', Array.from({ length: 101 }, (_, i) => i + 1)],
  ])('refuses %s (VALIDATION_FAILED) and deletes nothing', async (_name, ids) => {
    const before = await fingerprint(ctx);
    refused(await remove(ctx, admin, ids), 1000, 400);
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('answers 405 to a POST', async () => {
    const res = await post(ctx, admin, 'delete', { ids: [1] });
    expect(res.statusCode).toBe(405);
  });
});

describe('OpenAPI', () => {
  it('describes every content route: tag, bearer security, summary, body and answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; security?: unknown; summary?: string; requestBody?: unknown; responses?: object }>
      >;
    };
    const routes: [string, string, boolean][] = [
      ['/api/manage/activity/list', 'post', true],
      ['/api/manage/activity/save', 'post', true],
      ['/api/manage/activity/delete', 'delete', true],
      ['/api/manage/activity/pops', 'get', false],
      ['/api/manage/activity/set_pops', 'post', true],
    ];
    for (const [path, method, hasBody] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags).toEqual(['content']);
      expect(op!.security).toEqual([{ bearer: [] }]);
      expect(op!.summary).toBeTruthy();
      expect(Boolean(op!.requestBody), path).toBe(hasBody);
      expect(Object.keys(op!.responses ?? {})).toContain('200');
    }
  });
});
