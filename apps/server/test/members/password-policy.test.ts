import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, errorMessage, newPasswordSchema } from '@agent-bo/shared';
import { assertPasswordAllowed, COMMON_PASSWORDS_REFUSED, isCommonPassword } from '../../src/lib/password-policy.js';
import { generatePassword } from '../../src/modules/members/credentials.js';
import { call, signin, signinAs, useTestApp } from '../helpers.js';
import { body, fingerprint, ids, q } from './support.js';

/**
 * Password rules on every path that sets one: up to 128 characters; never containing the account
 * number or the nickname; never one of the 10,000 most common passwords.
 */
const ctx = useTestApp();
let id: Record<string, number>;
let admin: string;
let invite: string;

const HAS_INFO = 1008;
const TOO_COMMON = 1009;

beforeAll(async () => {
  id = await ids(ctx, ['admin001', 'agentA02']);
  admin = await signinAs(ctx.app, 'admin001');
  const [row] = await q<{ invite_code: string }>(ctx, `select invite_code from accounts where id = $1`, [id.agentA02]);
  invite = row!.invite_code;
});

const post = (token: string | undefined, path: string, payload: unknown, lang = 'en') =>
  call(ctx.app, 'POST', `/api/manage/${path}`, payload, { token, site: 'tw_web', lang });

const agent = (accountNo: string, nickName: string, password: string) => ({
  accountNo,
  nickName,
  password,
  ratio: '1',
  providers: [],
  betLimits: [],
});

type Create = (accountNo: string, nickName: string, password: string, lang?: string) => ReturnType<typeof post>;

/** Every path that takes a chosen password (tag: the start of its test accounts' numbers). */
const paths: [string, string, Create][] = [
  ['agent/create', 'ag', (a, n, p, lang) => post(admin, 'agent/create', agent(a, n, p), lang)],
  [
    'player/create',
    'pl',
    (a, n, p, lang) => post(admin, 'player/create', { accountNo: a, nickName: n, password: p, providers: [], betLimits: [] }, lang),
  ],
  [
    'shadow/create',
    'sh',
    (a, n, p, lang) => post(admin, 'shadow/create', { accountNo: a, nickName: n, password: p, permissions: [] }, lang),
  ],
  [
    'player/register',
    'rg',
    (a, n, p, lang) => post(undefined, 'player/register', { inviteCode: invite, accountNo: a, nickName: n, password: p }, lang),
  ],
];

describe('the rules', () => {
  it('the shared schema accepts 8 to 128 characters (64-character passphrases fit)', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(newPasswordSchema.safeParse(`a1${'x'.repeat(62)}`).success).toBe(true);
    expect(newPasswordSchema.safeParse(`a1${'x'.repeat(126)}`).success).toBe(true);
    expect(newPasswordSchema.safeParse(`a1${'x'.repeat(127)}`).success).toBe(false);
  });

  it('knows the most common passwords, in any case, and only the top 10,000', () => {
    expect(COMMON_PASSWORDS_REFUSED).toBe(10_000);
    for (const p of ['password1', 'Password1', 'QWERTY123', 'abc12345', 'trustno1']) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Demo1234', 'Hand0ver99', 'correct horse battery 9']) expect(isCommonPassword(p), p).toBe(false);
  });

  it('refuses the account number or the nickname inside the password', () => {
    const account = { accountNo: 'agentX01', nickName: 'Golden Tiger' };
    const code = (p: string) => {
      try {
        assertPasswordAllowed(p, account);
        return 0;
      } catch (err) {
        return (err as { code: number }).code;
      }
    };
    expect(code('AGENTX01')).toBe(HAS_INFO);
    expect(code('my-agentx01-pw')).toBe(HAS_INFO);
    expect(code('goldentiger7')).toBe(HAS_INFO);
    expect(code('Golden Tiger 2024')).toBe(HAS_INFO);
    expect(code('password1')).toBe(TOO_COMMON);
    expect(code('Tiger gold 77x')).toBe(0);
    // a short nickname only as the whole password (a two-letter name is inside many passwords)
    expect(assertPasswordAllowed.bind(null, 'Bo123456x', { accountNo: 'agentX01', nickName: 'Bo' })).not.toThrow();
  });

  it('generated passwords (reset) pass the rules', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(newPasswordSchema.safeParse(p).success).toBe(true);
      expect(isCommonPassword(p)).toBe(false);
    }
  });
});

describe.each(paths)('%s', (path, tag, create) => {
  it('refuses a password containing the account number, with the translated message; nothing written', async () => {
    const before = await fingerprint(ctx);
    const res = await create(`${tag}Acc0001`, 'Someone', `x${tag}acc0001!9`);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: HAS_INFO, success: false, message: errorMessage('PASSWORD_HAS_ACCOUNT_INFO', 'en'), data: null });
    expect(await fingerprint(ctx)).toBe(before);
  });

  it('refuses a password containing the nickname', async () => {
    expect(body(await create(`${tag}Nic0001`, 'Moonlight', 'moonlight2024')).code).toBe(HAS_INFO);
  });

  it('refuses a common password, in every language', async () => {
    for (const lang of ['zh_TW', 'en', 'th', 'vi'] as const) {
      const res = await create(`${tag}Com0001`, 'Someone', 'Password1', lang);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: TOO_COMMON, success: false, message: errorMessage('PASSWORD_TOO_COMMON', lang), data: null });
    }
  });

  it('accepts a 64- and a 128-character password', async () => {
    const long = `Long pass phrase 1 ${'z'.repeat(200)}`.slice(0, PASSWORD_MAX_LENGTH);
    expect(body(await create(`${tag}Lng0001`, 'Someone', long)).success).toBe(true);
    expect(body(await create(`${tag}Lng0002`, 'Someone', long.slice(0, 64))).success).toBe(true);
    // agents and shadows sign in to the back office with it
    if (tag === 'ag' || tag === 'sh') expect(body(await signin(ctx.app, `${tag}Lng0001`, long)).success).toBe(true);
  });
});

describe('change own password', () => {
  it('refuses the account number, the nickname (the new one too) and common passwords; accepts 128 characters', async () => {
    const token = await signinAs(ctx.app, 'agentA02');
    const change = (payload: Record<string, unknown>, lang = 'en') =>
      post(token, 'change_account_info', { oldPassword: 'Demo1234', ...payload }, lang);
    expect(body(await change({ newPassword: 'AgentA02pass' }))).toMatchObject({ code: HAS_INFO });
    expect(body(await change({ newPassword: 'Qwerty123' }, 'vi'))).toEqual({
      code: TOO_COMMON,
      success: false,
      message: errorMessage('PASSWORD_TOO_COMMON', 'vi'),
      data: null,
    });
    expect(body(await change({ nickName: 'Starfish', newPassword: 'starfish99' }))).toMatchObject({ code: HAS_INFO });
    // nothing changed: the old password still works, the nickname is the old one
    expect(body(await signin(ctx.app, 'agentA02', 'Demo1234')).success).toBe(true);
    const [row] = await q<{ nick_name: string }>(ctx, `select nick_name from accounts where id = $1`, [id.agentA02]);
    expect(row!.nick_name).not.toBe('Starfish');

    const long = `${'Sea shells 7 '.repeat(10)}`.slice(0, PASSWORD_MAX_LENGTH);
    expect(long).toHaveLength(128);
    expect(body(await change({ newPassword: long })).success).toBe(true);
    expect(body(await signin(ctx.app, 'agentA02', long)).success).toBe(true);
  });
});
