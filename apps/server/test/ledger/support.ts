import { randomBytes } from 'node:crypto';
import { body, call, type TestContext } from '../helpers.js';

export { body };

let counter = 0;
/** A fresh, well-formed idempotency key. */
export function newKey(prefix = 'k'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${randomBytes(4).toString('hex')}`;
}

/**
 * POST /api/manage/<path> as `token` on tw_web. `key`: sent as the Idempotency-Key header
 * (`'none'` sends none; put `idempotencyKey` in the payload to use the field).
 */
export function credit(ctx: TestContext, token: string, path: string, payload: unknown, key: string | 'none' = newKey(), site = 'tw_web') {
  return call(ctx.app, 'POST', `/api/manage/${path}`, payload, { token, site, headers: key === 'none' ? {} : { 'idempotency-key': key } });
}

export async function q<T = Record<string, unknown>>(ctx: TestContext, text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** Balances of every account plus the row counts of the ledger and the operation log. */
/**
 * Everything a refused request must leave as it was: balances, entries, moves and the operation
 * log. A refused key is remembered (a ledger_transactions row with `refusal` and no entries, so
 * a resend answers the same); that row is bookkeeping of the key, not a change, and is left out.
 */
export async function fingerprint(ctx: TestContext): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select concat_ws('|',
       (select md5(string_agg(id || ':' || balance, ',' order by id)) from accounts),
       (select count(*) from ledger_entries),
       (select count(*) from ledger_transactions where refusal is null),
       (select count(*) from ledger_transactions t where refusal is not null
          and exists (select 1 from ledger_entries e where e.transaction_id = t.id)),
       (select count(*) from operation_logs)) as f`,
  );
  return row!.f;
}

/** Balance in minor units (bigint) by account number on tw_web. */
export async function balanceOf(ctx: TestContext, accountNo: string, site = 'tw_web'): Promise<bigint> {
  const [row] = await q<{ b: string }>(ctx, 'select balance::text as b from accounts where site_id = $1 and account_no = $2', [
    site,
    accountNo,
  ]);
  if (!row) throw new Error(`no account ${accountNo}`);
  return BigInt(row.b);
}

export async function setBalance(ctx: TestContext, accountNo: string, minor: bigint): Promise<void> {
  await q(ctx, "update accounts set balance = $1 where site_id = 'tw_web' and account_no = $2", [minor.toString(), accountNo]);
}

export async function setFlags(
  ctx: TestContext,
  accountNo: string,
  flags: { is_disabled?: boolean; is_full_disabled?: boolean; is_full_readonly?: boolean },
) {
  const sets = Object.entries(flags).map(([k, v]) => `${k} = ${v ? 'true' : 'false'}`);
  await q(ctx, `update accounts set ${sets.join(', ')} where site_id = 'tw_web' and account_no = $1`, [accountNo]);
}

export async function entryCount(ctx: TestContext): Promise<number> {
  const [row] = await q<{ n: number }>(ctx, 'select count(*)::int as n from ledger_entries');
  return row!.n;
}
