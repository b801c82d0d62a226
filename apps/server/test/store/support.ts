import { expect } from 'vitest';
import { body, call, signinAs, type Json, type TestContext } from '../helpers.js';

export interface As {
  token: string;
  site?: string;
  host?: string;
}

export const OTHER = { site: 'tw_mc', host: 'tw-mc.localhost' } as const;
export const S = '/api/manage/store';
export const P = '/api/client/player';

export async function q<T = Record<string, unknown>>(ctx: TestContext, text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

export const post = async (ctx: TestContext, as: As, path: string, payload: unknown): Promise<Json> =>
  body(await call(ctx.app, 'POST', `${S}/${path}`, payload, { site: 'tw_web', ...as }));
export const del = async (ctx: TestContext, as: As, path: string, payload: unknown): Promise<Json> =>
  body(await call(ctx.app, 'DELETE', `${S}/${path}`, payload, { site: 'tw_web', ...as }));

export function refused(b: Json, code: number) {
  expect(b.success, JSON.stringify(b)).toBe(false);
  expect(b.code).toBe(code);
}

export function okData(b: Json) {
  expect(b.success, JSON.stringify(b)).toBe(true);
  return b.data;
}

/** Everything a store write could touch: the store's tables, the points ledger and the operation log. */
export async function fingerprint(ctx: TestContext): Promise<string> {
  const [r] = await q<{ f: string }>(
    ctx,
    `select md5(coalesce((select string_agg(c::text, ',' order by id) from store_categories c), '')) ||
            md5(coalesce((select string_agg(g::text, ',' order by id) from store_goods g), '')) ||
            md5(coalesce((select string_agg(o::text, ',' order by id) from store_orders o), '')) ||
            md5(coalesce((select string_agg(p::text, ',' order by player_id) from points_accounts p), '')) ||
            (select count(*)::text from points_entries) || '/' || (select count(*)::text from operation_logs) as f`,
  );
  return r!.f;
}

/** An agent holding exactly `codes` (its own grant, no roles). */
export async function agentWith(ctx: TestContext, accountNo: string, codes: string[]): Promise<As> {
  await q(ctx, `update accounts set permissions = $1 where site_id = 'tw_web' and account_no = $2`, [codes, accountNo]);
  await q(ctx, `delete from account_roles where account_id = (select id from accounts where site_id = 'tw_web' and account_no = $1)`, [
    accountNo,
  ]);
  return { token: await signinAs(ctx.app, accountNo) };
}

export const name = (zh: string, en = '') => ({ zh_TW: zh, en, th: '', vi: '' });

/** Verified, unrestricted players of tw_web (also every ancestor unrestricted), optionally under `agentNo`. */
export async function playablePlayers(ctx: TestContext, n: number, under?: string): Promise<{ id: number; accountNo: string }[]> {
  return q<{ id: number; accountNo: string }>(
    ctx,
    `select a.id, a.account_no as "accountNo" from accounts a
      where a.site_id = 'tw_web' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED'
        and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly or u.is_disabled))
        and ($2::text is null or a.path @> array[(select id from accounts where site_id = 'tw_web' and account_no = $2)])
      order by a.id limit $1`,
    [n, under ?? null],
  );
}

/** Gives players points the way the rules do: a settled bet's earning, written straight into the ledger tables. */
export async function grantPoints(ctx: TestContext, playerId: number, points: number, tag: string): Promise<void> {
  await q(ctx, `insert into points_accounts (player_id, site_id) values ($1, 'tw_web') on conflict do nothing`, [playerId]);
  await q(
    ctx,
    `with a as (update points_accounts set balance = balance + $2 where player_id = $1 returning balance)
     insert into points_entries (site_id, player_id, type, amount, balance_after, provider_code, provider_bet_id, bet_row_id, bet_status)
     select 'tw_web', $1, 'GetByValidBet', $2, a.balance, 'EVO', $3, -nextval('points_entries_id_seq'), 'Settled' from a`,
    [playerId, points, tag],
  );
  await q(
    ctx,
    `insert into points_bet_earnings (site_id, provider_code, provider_bet_id, player_id, earned) values ('tw_web', 'EVO', $1, $2, $3)`,
    [tag, playerId, points],
  );
}
