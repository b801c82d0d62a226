import { beforeAll, describe, expect, it } from 'vitest';
import { signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, post } from './support.js';

const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;

beforeAll(async () => {
  id = await ids(ctx, ['agentA01', 'agentB01', 'shadowA01', 'player001', 'player294']);
  admin = await signinAs(ctx.app, 'admin001');
});

/** A valid payload for every POST endpoint; each is then broken in several ways. */
const VALID: [string, () => Record<string, unknown>][] = [
  ['agent/lower_agents', () => ({ parentId: id.agentA01 })],
  ['player/list', () => ({ parentId: id.agentA01 })],
  ['shadow/list', () => ({ page: 1 })],
  ['agent/create', () => ({ accountNo: 'badInput01', nickName: 'N', password: 'Secret123', ratio: '1', providers: [], betLimits: [] })],
  ['player/create', () => ({ accountNo: 'badInput02', nickName: 'N', password: 'Secret123', providers: [], betLimits: [] })],
  ['shadow/create', () => ({ accountNo: 'badInput03', nickName: 'N', password: 'Secret123', permissions: [] })],
  ['agent/change_account_info', () => ({ id: id.agentB01, nickName: 'N' })],
  ['player/change_account_info', () => ({ id: id.player001, nickName: 'N' })],
  ['change_account_info', () => ({ nickName: 'N' })],
  ['agent/change_status', () => ({ id: id.agentB01, action: 'DISABLE' })],
  ['player/change_status', () => ({ id: id.player001, action: 'DISABLE' })],
  ['shadow/change_status', () => ({ id: id.shadowA01, action: 'DISABLE' })],
  ['agent/move', () => ({ id: id.agentB01, newParentId: id.agentA01 })],
  ['agent/copy_info', () => ({ id: id.agentB01 })],
  ['player/copy_info', () => ({ id: id.player001 })],
  ['agent/copy_invite_url', () => ({ id: id.agentB01 })],
  ['agent/check_account_no', () => ({ accountNo: 'whatever01' })],
  ['agent/upper_agents', () => ({ id: id.agentB01 })],
  ['agent/providers', () => ({ id: id.agentB01 })],
  ['agent/limits', () => ({ id: id.agentB01 })],
  ['agent/reset_password', () => ({ id: id.agentB01 })],
  ['player/reset_password', () => ({ id: id.player001 })],
  ['player/verification', () => ({ id: id.player294 })],
  ['player/verify', () => ({ id: id.player294, approve: true })],
  ['agent/change_permissions', () => ({ id: id.agentB01, permissions: [] })],
  ['shadow/change_permissions', () => ({ id: id.shadowA01, permissions: [] })],
  ['agent/history', () => ({ id: id.agentB01 })],
  ['player/history', () => ({ id: id.player001 })],
  ['shadow/history', () => ({ id: id.shadowA01 })],
  ['player/register', () => ({ inviteCode: 'abcdefgh', accountNo: 'badInput04', nickName: 'N', password: 'Secret123' })],
  ['player/submit_verify', () => ({ accountNo: 'player299', password: 'Demo1234', realName: 'R', phone: '+886912000111' })],
];

/** Ways to break a payload: an unknown field, a wrong type for each field, an over-long string for each string field. */
function broken(path: string, valid: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [
    ['unknown field', { ...valid, zzz: 1 }],
    ['an array body', [valid]],
  ];
  for (const [key, value] of Object.entries(valid)) {
    out.push([
      `${key} wrong type`,
      { ...valid, [key]: typeof value === 'string' ? 12345 : typeof value === 'number' ? 'abc' : typeof value === 'boolean' ? 'yes' : 'x' },
    ]);
    if (typeof value === 'string') out.push([`${key} over-long`, { ...valid, [key]: 'A1'.repeat(150) }]);
    if (typeof value === 'number') out.push([`${key} negative`, { ...valid, [key]: -5 }]);
  }
  // Optional fields: paging, parentId (default: the caller), own nickName, a new shadow's grant (default none).
  const required = Object.keys(valid).filter(
    (k) => !['page', 'parentId', 'nickName'].includes(k) && !(path === 'shadow/create' && k === 'permissions'),
  );
  for (const key of required) {
    const { [key]: _dropped, ...rest } = valid;
    out.push([`missing ${key}`, rest]);
  }
  return out;
}

describe('bad input on every member endpoint → VALIDATION_FAILED (or BAD_REQUEST), nothing changes', () => {
  it.each(VALID)('%s', async (path, valid) => {
    const before = await fingerprint(ctx);
    for (const [label, payload] of broken(path, valid())) {
      const res = await post(ctx, admin, path, payload);
      expect(res.statusCode, `${path} ${label}: ${res.body}`).toBe(400);
      expect([1000, 400], `${path} ${label}`).toContain(body(res).code);
      expect(body(res).success).toBe(false);
    }
    expect(await fingerprint(ctx)).toBe(before);
  });
});
