import { beforeAll, describe, expect, it } from 'vitest';
import { signin, signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, lastLogs, post, q } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;
let inviteA02: string;

beforeAll(async () => {
  id = await ids(ctx, ['admin001', 'agentA02', 'agentA03', 'agentC01', 'player294', 'player299', 'player001']);
  admin = await signinAs(ctx.app, 'admin001');
  const [row] = await q<{ invite_code: string }>(ctx, `select invite_code from accounts where id = $1`, [id.agentA02]);
  inviteA02 = row!.invite_code;
});

const register = (payload: Record<string, unknown>, site = 'tw_web', host?: string) =>
  post(ctx, undefined, 'player/register', payload, site, host);
const submit = (payload: Record<string, unknown>) => post(ctx, undefined, 'player/submit_verify', payload);

describe('invite URL and registration (public)', () => {
  it('copy_invite_url gives the agent’s invite URL; own id allowed; created when missing (logged)', async () => {
    const url = body(await post(ctx, admin, 'agent/copy_invite_url', { id: id.agentA02 })).data.url;
    expect(url).toBe(`http://localhost:80/register?invite=${inviteA02}`);
    await q(ctx, 'update accounts set invite_code = null where id = $1', [id.agentA03]);
    const a03 = await signinAs(ctx.app, 'agentA03');
    const own = body(await post(ctx, a03, 'agent/copy_invite_url', { id: id.agentA03 })).data.url;
    expect(own).toMatch(/\/register\?invite=[A-Za-z0-9_-]{12}$/);
    expect(body(await post(ctx, a03, 'agent/copy_invite_url', { id: id.agentA03 })).data.url).toBe(own);
    expect((await lastLogs(ctx, id.agentA03!, 1))[0]).toMatchObject({ action: 'OPERATION', before: { inviteCode: null } });
  });

  it('registers an UNSUBMITTED player under the inviting agent, without a session; logs PLAYER_REGISTER', async () => {
    const res = await register({ inviteCode: inviteA02, accountNo: 'selfReg001', nickName: 'Self', password: 'Player123' });
    expect(body(res)).toMatchObject({ success: true, data: { accountNo: 'selfReg001', verifyStatus: 'UNSUBMITTED' } });
    const [row] = await q<{ id: number; parent_id: number; lvl: number; registered: boolean; verify_status: string; providers: string[] }>(
      ctx,
      `select id, parent_id, lvl, registered, verify_status, providers from accounts where account_no = 'selfReg001'`,
    );
    expect(row).toMatchObject({ parent_id: id.agentA02, lvl: 2, registered: true, verify_status: 'UNSUBMITTED' });
    expect(row!.providers).toEqual(['EVO', 'JILI', 'PG', 'PP', 'SABA']);
    expect((await lastLogs(ctx, row!.id, 1))[0]).toMatchObject({ action: 'PLAYER_REGISTER', operator_id: row!.id, ip: '127.0.0.1' });
    // A player is not a back-office user.
    expect(body(await signin(ctx.app, 'selfReg001', 'Player123')).code).toBe(1001);
  });

  it('refuses unknown codes, another site’s code, and agents that are disabled or read-only (own or inherited)', async () => {
    const before = await fingerprint(ctx);
    const input = { accountNo: 'selfReg002', nickName: 'Self', password: 'Player123' };
    expect(body(await register({ ...input, inviteCode: 'nope-nope' })).code).toBe(2008);
    expect(body(await register({ ...input, inviteCode: inviteA02 }, 'tw_mc', 'tw-mc.localhost')).code).toBe(2008);
    for (const column of ['is_disabled', 'is_full_disabled', 'is_full_readonly']) {
      await q(ctx, `update accounts set ${column} = true where id = $1`, [id.agentA02]);
      expect(body(await register({ ...input, inviteCode: inviteA02 })).code, column).toBe(2008);
      await q(ctx, `update accounts set ${column} = false where id = $1`, [id.agentA02]);
    }
    const [child] = await q<{ invite_code: string }>(
      ctx,
      `select invite_code from accounts where parent_id = $1 and kind = 'AGENT' limit 1`,
      [id.agentA02],
    );
    await q(ctx, 'update accounts set is_full_readonly = true where id = $1', [id.agentA02]);
    expect(body(await register({ ...input, inviteCode: child!.invite_code })).code).toBe(2008);
    await q(ctx, 'update accounts set is_full_readonly = false where id = $1', [id.agentA02]);
    expect(body(await register({ ...input, accountNo: 'PLAYER001', inviteCode: inviteA02 })).code).toBe(2001);
    expect(body(await register({ ...input, inviteCode: inviteA02, extra: 1 })).code).toBe(1000);
    expect(body(await register({ ...input, inviteCode: 'short' })).code).toBe(1000);
    expect(await fingerprint(ctx)).toBe(before);
  });
});

describe('verification', () => {
  it('submit_verify: the player’s own password; UNSUBMITTED → PENDING, logged SUBMIT_VERIFY', async () => {
    const input = { accountNo: 'player299', password: 'Demo1234', realName: 'Chen Mei', phone: '+886 912 000 111' };
    const before = await fingerprint(ctx);
    expect(body(await submit({ ...input, password: 'Wrong1234' })).code).toBe(1001);
    expect(body(await submit({ ...input, accountNo: 'agentA02xx' })).code).toBe(1001);
    expect(body(await submit({ ...input, phone: 'call me' })).code).toBe(1000);
    expect(body(await submit({ ...input, accountNo: 'agentA02' })).code).toBe(1001);
    expect(body(await submit({ ...input, accountNo: 'player001' })).code).toBe(2011); // already verified
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await submit(input))).toMatchObject({ success: true, data: { verifyStatus: 'PENDING' } });
    expect((await lastLogs(ctx, id.player299!, 1))[0]).toMatchObject({
      action: 'SUBMIT_VERIFY',
      operator_id: id.player299,
      after: { verifyStatus: 'PENDING', realName: 'Chen Mei' },
    });
    const v = body(await post(ctx, admin, 'player/verification', { id: id.player299 })).data;
    expect(v).toMatchObject({ status: 'PENDING', realName: 'Chen Mei', phone: '+886 912 000 111' });
    expect(v.submittedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('verify: PENDING → VERIFIED or REJECTED, logged VERIFY; anything else VERIFY_NOT_PENDING', async () => {
    const c01 = await signinAs(ctx.app, 'agentC01');
    const pending = body(await post(ctx, c01, 'player/list', { verifyStatus: 'PENDING' })).data.list;
    expect(pending.map((p: { accountNo: string }) => p.accountNo).sort()).toEqual(['player294', 'player295', 'player296', 'player299']);
    expect(pending.every((p: { registered: boolean }) => p.registered)).toBe(true);
    expect(body(await post(ctx, c01, 'player/verify', { id: id.player294, approve: true, memo: 'ID checked' })).success).toBe(true);
    expect((await lastLogs(ctx, id.player294!, 1))[0]).toMatchObject({
      action: 'VERIFY',
      operator_id: id.agentC01,
      before: { verifyStatus: 'PENDING' },
      after: { verifyStatus: 'VERIFIED', memo: 'ID checked' },
    });
    const before = await fingerprint(ctx);
    expect(body(await post(ctx, c01, 'player/verify', { id: id.player294, approve: true })).code).toBe(2009);
    expect(body(await post(ctx, c01, 'player/verify', { id: id.player294, approve: 'yes' })).code).toBe(1000);
    expect(body(await post(ctx, c01, 'player/verify', { id: id.player294, approve: true, memo: 'm'.repeat(201) })).code).toBe(1000);
    expect(await fingerprint(ctx)).toBe(before);
    expect(body(await post(ctx, c01, 'player/verify', { id: id.player299, approve: false })).success).toBe(true);
    // A rejected player may submit again.
    expect(
      body(await submit({ accountNo: 'player299', password: 'Demo1234', realName: 'Chen Mei', phone: '+886912000111' })).data.verifyStatus,
    ).toBe('PENDING');
  });
});

describe('history', () => {
  it('lists the account’s operation log, newest first, with operator and paging', async () => {
    const res = body(await post(ctx, admin, 'player/history', { id: id.player299, pageSize: 10 })).data;
    expect(res.total).toBe(3);
    expect(res.list.map((r: { action: string }) => r.action)).toEqual(['SUBMIT_VERIFY', 'VERIFY', 'SUBMIT_VERIFY']);
    expect(res.list[1]).toMatchObject({ operatorAccountNo: 'agentC01', ip: '127.0.0.1' });
    expect(body(await post(ctx, admin, 'player/history', { id: id.player299, pageSize: 7 })).code).toBe(1000);
  });
});
