import { beforeAll, describe, expect, it } from 'vitest';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';

/**
 * The operation log and an account's history answer, with each row, the account numbers of the
 * account ids its before/after hold (parentId, agentId, ownerId), so the page can show and link
 * `agentA01` rather than `parentId: 7`. Only accounts of the caller's site are named; the CSV
 * keeps before/after raw.
 */
const ctx = useTestApp();
let id: Record<string, number>;
let mcAdmin: number;
let admin: string;

const WINDOW = { start: '2031-03-01 12:00:00', end: '2031-04-01 11:59:59' };

async function insertLog(targetId: number, action: string, at: string, before: unknown, after: unknown) {
  await ctx.database.pool.query(
    `insert into operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
     values ('tw_web', $1, $2, $3, $4, $5, '10.0.0.1', ($6::timestamp at time zone 'Asia/Taipei'))`,
    [id.admin001, targetId, action, before === null ? null : JSON.stringify(before), after === null ? null : JSON.stringify(after), at],
  );
}

beforeAll(async () => {
  id = {};
  for (const n of ['admin001', 'agentA01', 'agentA02', 'agentB01', 'agentC01']) id[n] = await accountId(ctx, n);
  mcAdmin = await accountId(ctx, 'admin001', 'tw_mc');
  await insertLog(id.agentC01!, 'MOVE_USER', '2031-03-05 10:00:00', { parentId: id.agentB01, lvl: 3 }, { parentId: id.agentA02, lvl: 2 });
  // Another site's id, a value that is not an id, a key that is not an account's: none named.
  await insertLog(
    id.agentC01!,
    'CABINET',
    '2031-03-05 11:00:00',
    { agentId: mcAdmin, ownerId: 'x1' },
    { agentId: id.agentA01, ownerId: '12345678901234', storeGoods: id.agentB01 },
  );
  await insertLog(id.agentC01!, 'PWD_CHANGE', '2031-03-05 12:00:00', null, ['parentId']);
  admin = await signinAs(ctx.app, 'admin001');
});

type Row = { action: string; before: unknown; after: unknown; accounts?: Record<string, string> };

describe('account numbers of the ids in before/after', () => {
  it('the operation log names the site’s accounts under parentId, agentId and ownerId only', async () => {
    const res = await call(ctx.app, 'POST', '/api/manage/log/operation', { ...WINDOW, pageSize: 100 }, { token: admin, site: 'tw_web' });
    const rows = body(res).data.list as Row[];
    const by = (action: string) => rows.find((r) => r.action === action)!;
    expect(by('MOVE_USER').accounts).toEqual({ [String(id.agentB01)]: 'agentB01', [String(id.agentA02)]: 'agentA02' });
    // before/after themselves stay as stored.
    expect(by('MOVE_USER').before).toEqual({ parentId: id.agentB01, lvl: 3 });
    expect(by('CABINET').accounts).toEqual({ [String(id.agentA01)]: 'agentA01' });
    expect(by('PWD_CHANGE').accounts).toEqual({});
  });

  it('an account’s history answers the same map', async () => {
    const res = await call(
      ctx.app,
      'POST',
      '/api/manage/agent/history',
      { id: id.agentC01, pageSize: 100 },
      { token: admin, site: 'tw_web' },
    );
    const rows = body(res).data.list as Row[];
    expect(rows.find((r) => r.action === 'MOVE_USER')!.accounts).toEqual({
      [String(id.agentB01)]: 'agentB01',
      [String(id.agentA02)]: 'agentA02',
    });
    expect(rows.find((r) => r.action === 'CABINET')!.accounts).toEqual({ [String(id.agentA01)]: 'agentA01' });
  });

  it('the CSV keeps before/after raw, without the map', async () => {
    const res = await call(
      ctx.app,
      'GET',
      `/api/manage/log/operation/export?${new URLSearchParams({ ...WINDOW, action: 'MOVE_USER' })}`,
      undefined,
      {
        token: admin,
        site: 'tw_web',
      },
    );
    expect(res.statusCode).toBe(200);
    const [header, line] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('id,createdAt,action,operatorAccountNo,targetAccountNo,target,before,after,ip');
    expect(line).toContain(`"{""lvl"":3,""parentId"":${id.agentB01}}"`);
    expect(res.body).not.toContain('agentB01,');
  });
});
