import { signProviderBody } from '../../src/modules/provider-api/signature.js';
import { body, type TestContext } from '../helpers.js';

export { body };

export async function q<T = Record<string, unknown>>(ctx: TestContext, text: string, params: unknown[] = []): Promise<T[]> {
  return (await ctx.database.pool.query(text, params)).rows as T[];
}

/** A site's secret at a provider, straight from the database (the seed stores one per site and provider). */
export async function secretOf(ctx: TestContext, code: string, site = 'tw_web'): Promise<string> {
  const [row] = await q<{ secret: string | null }>(ctx, 'select secret from provider_merchants where site_id = $1 and provider_code = $2', [
    site,
    code,
  ]);
  if (!row?.secret) throw new Error(`provider ${code} has no secret on ${site}`);
  return row.secret;
}

/** The site a payload names (its `siteId`), tw_web when it names none. */
const siteOf = (payload: unknown): string => {
  const site = (payload as { siteId?: unknown } | null)?.siteId;
  return typeof site === 'string' ? site : 'tw_web';
};

export interface SignedOptions {
  provider?: string;
  /** Default: the secret of the payload's site (tw_web when it names none) at the provider, from the database. */
  secret?: string;
  /** Default: now. */
  timestamp?: string | number;
  /** Replaces the computed signature. */
  signature?: string;
  /** Leaves these headers out. */
  omit?: ('x-provider-code' | 'x-timestamp' | 'x-signature')[];
  /** Sends this text instead of JSON.stringify(payload) (signed as is unless `signature` is given). */
  raw?: string;
  lang?: string;
}

/** POST /api/provider/v1/<path>, signed like a provider would. */
export async function signed(ctx: TestContext, path: string, payload: unknown, o: SignedOptions = {}) {
  const provider = o.provider ?? 'EVO';
  const secret = o.secret ?? (await secretOf(ctx, provider, siteOf(payload)));
  // Signed by the server's clock (a test may fix it), as a provider in sync with the platform would.
  const timestamp = String(o.timestamp ?? ctx.app.config.now().getTime());
  const raw = o.raw ?? JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-provider-code': provider,
    'x-timestamp': timestamp,
    'x-signature': o.signature ?? signProviderBody(secret, timestamp, raw),
  };
  if (o.lang) headers['accept-language'] = o.lang;
  for (const h of o.omit ?? []) delete headers[h];
  return ctx.app.inject({ method: 'POST', url: `/api/provider/v1/${path}`, payload: raw, headers });
}

let seq = 0;
/** A fresh bet id for this test run. */
export function betId(prefix = 'b'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}`;
}

export const SITE = 'tw_web';

export function placeItem(id: string, playerAccountNo: string, over: Record<string, unknown> = {}) {
  return {
    betId: id,
    playerAccountNo,
    gameCode: 'baccarat-1',
    gameCategory: 'LIVE',
    roundId: `r-${id}`,
    betAmount: '100.00',
    placedAt: '2026-11-20T06:00:00.000Z',
    ...over,
  };
}

export function settleItem(id: string, payout: string, over: Record<string, unknown> = {}) {
  return { betId: id, validBet: '100.00', payout, settledAt: '2026-11-20T06:05:00.000Z', ...over };
}

/** Calls one batch endpoint and returns the per-item statuses ('OK', 'DUPLICATE' or the refusal's error name). */
export async function batch(
  ctx: TestContext,
  op: 'place' | 'settle' | 'cancel' | 'resettle',
  items: unknown[],
  o: SignedOptions & { site?: string } = {},
) {
  const res = await signed(ctx, `bets/${op}`, { siteId: o.site ?? SITE, items }, o);
  const b = body(res);
  if (!b.success) throw new Error(`${op} failed: ${res.body}`);
  return (b.data.results as { status: string; error?: string }[]).map((r) => (r.status === 'REFUSED' ? r.error! : r.status));
}

/** Verified, unrestricted players of tw_web who have `provider` enabled, by depth of their path. */
export async function playersAtDepth(ctx: TestContext, depth: number, provider = 'EVO', n = 1): Promise<string[]> {
  const rows = await q<{ account_no: string }>(
    ctx,
    `select a.account_no from accounts a
      where a.site_id = 'tw_web' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED' and $2 = any(a.providers)
        and cardinality(a.path) = $1 and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_full_disabled or u.is_full_readonly))
      order by a.id limit $3`,
    [depth, provider, n],
  );
  if (rows.length < n) throw new Error(`not enough players at depth ${depth} with ${provider}`);
  return rows.map((r) => r.account_no);
}

/** Everything the API may change: bets and rollups. */
export async function betFingerprint(ctx: TestContext): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select concat_ws('|',
       (select md5(coalesce(string_agg(b::text, ',' order by id), '')) from bets b),
       (select md5(coalesce(string_agg(r::text, ',' order by site_id, ancestor_id, business_date, child_id, provider_code, game_category), '')) from report_rollups r)) as f`,
  );
  return row!.f;
}

/** The rollups alone. */
export async function rollupFingerprint(ctx: TestContext): Promise<string> {
  const [row] = await q<{ f: string }>(
    ctx,
    `select md5(coalesce(string_agg(r::text, ',' order by site_id, ancestor_id, business_date, child_id, provider_code, game_category), '')) as f from report_rollups r`,
  );
  return row!.f;
}
