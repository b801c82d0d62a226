import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PROVIDER_HEADERS, PROVIDER_MAX_SKEW_MS, type ErrorName } from '@agent-bo/shared';
import type { z } from 'zod';
import { providerMerchants } from '../../db/schema/index.js';
import type { Q } from '../../core/tx.js';
import { signProviderBody } from './signature.js';

/**
 * The platform's own calls to a provider (packages/shared provider-api.ts, "the provider's side"):
 * POST `{endpoint}{path}` of the site's merchant account, signed with the site's secret at the
 * provider exactly as the provider signs its calls to us, and answered with a body the provider
 * signs the same way. An answer that is not signed with that secret, or not the expected shape, is
 * no answer: the caller treats it like a timeout.
 */

export interface Merchant {
  siteId: string;
  providerCode: string;
  secret: string;
  endpoint: string;
}

/** The site's merchant account at the provider, or the refusal naming what is missing. */
export async function merchantOf(q: Q, siteId: string, providerCode: string): Promise<Merchant | { missing: ErrorName }> {
  const [row] = await q
    .select()
    .from(providerMerchants)
    .where(and(eq(providerMerchants.siteId, siteId), eq(providerMerchants.providerCode, providerCode)));
  if (!row || !row.secret) return { missing: 'PROVIDER_UNKNOWN' };
  if (!row.endpoint) return { missing: 'PROVIDER_ENDPOINT_MISSING' };
  return { siteId, providerCode, secret: row.secret, endpoint: row.endpoint };
}

export type OutboundResult<T> = { ok: true; data: T } | { ok: false; error: string };

/** How long the platform waits for a provider's answer. */
export const OUTBOUND_TIMEOUT_MS = 10_000;

/** One signed call; never throws (a failure is `{ ok: false, error }` with a short reason for the operators). */
export async function callProvider<T>(
  merchant: Merchant,
  path: string,
  payload: unknown,
  answer: z.ZodType<T>,
  o: { now: () => Date; timeoutMs?: number },
): Promise<OutboundResult<T>> {
  const body = JSON.stringify(payload);
  const timestamp = String(o.now().getTime());
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${merchant.endpoint.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.provider]: merchant.providerCode,
        [PROVIDER_HEADERS.timestamp]: timestamp,
        [PROVIDER_HEADERS.signature]: signProviderBody(merchant.secret, timestamp, body),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(o.timeoutMs ?? OUTBOUND_TIMEOUT_MS),
    });
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    return {
      ok: false,
      error: name === 'TimeoutError' ? 'timeout' : `network: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200),
    };
  }
  if (res.status !== 200) return { ok: false, error: `HTTP ${res.status}` };
  // The answer must be signed by the same merchant secret, over its exact bytes, and recent.
  const ts = res.headers.get(PROVIDER_HEADERS.timestamp);
  const sig = res.headers.get(PROVIDER_HEADERS.signature);
  if (!ts || !sig || !/^\d{1,16}$/.test(ts) || !/^[0-9a-fA-F]{64}$/.test(sig)) return { ok: false, error: 'unsigned answer' };
  if (Math.abs(o.now().getTime() - Number(ts)) > PROVIDER_MAX_SKEW_MS) return { ok: false, error: 'stale answer' };
  const expected = createHmac('sha256', merchant.secret).update(`${ts}.`).update(text).digest();
  const given = Buffer.from(sig, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, error: 'wrong answer signature' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'answer not JSON' };
  }
  const parsed = answer.safeParse(json);
  if (!parsed.success) return { ok: false, error: 'unexpected answer' };
  return { ok: true, data: parsed.data };
}
