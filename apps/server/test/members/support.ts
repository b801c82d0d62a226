import { accountId, body, call, type TestContext } from '../helpers.js';

/** POST to /api/manage/<path> as `token` on tw_web (or `site`). */
export function post(ctx: TestContext, token: string | undefined, path: string, payload: unknown, site = 'tw_web', host?: string) {
  return call(ctx.app, 'POST', `/api/manage/${path}`, payload, { token, site, host });
}

export function get(ctx: TestContext, token: string, path: string) {
  return call(ctx.app, 'GET', `/api/manage/${path}?_t=1`, undefined, { token, site: 'tw_web' });
}

export async function q<T = Record<string, unknown>>(ctx: TestContext, text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** Everything a refused call must leave untouched: accounts, logs, hand-offs, sessions. */
export async function fingerprint(ctx: TestContext): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select concat_ws('|',
       (select md5(string_agg(a::text, ',' order by id)) from accounts a),
       (select count(*) from operation_logs),
       (select md5(coalesce(string_agg(h::text, ',' order by id), '')) from password_handoffs h),
       (select md5(coalesce(string_agg(s.id || ':' || coalesce(s.revoked_at::text, ''), ',' order by id), '')) from sessions s)) as f`,
  );
  return row!.f;
}

export async function ids(ctx: TestContext, names: string[], site = 'tw_web'): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const n of names) out[n] = await accountId(ctx, n, site);
  return out;
}

export async function lastLogs(ctx: TestContext, targetId: number, n = 5) {
  return q<{
    action: string;
    operator_id: number | null;
    target_id: number;
    before: unknown;
    after: unknown;
    ip: string | null;
    created_at: Date;
  }>(
    ctx,
    'select action, operator_id, target_id, before, after, ip, created_at from operation_logs where target_id = $1 order by id desc limit $2',
    [targetId, n],
  );
}

export { body };
