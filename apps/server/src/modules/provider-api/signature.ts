import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PROVIDER_HEADERS, PROVIDER_MAX_SKEW_MS, providerSigningText } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { providerMerchants } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** The verified caller: a site's merchant account at a provider (status and secret are the site's own). */
export type ProviderRow = typeof providerMerchants.$inferSelect;

type Headers = Record<string, string | string[] | undefined>;

const header = (h: Headers, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`): what a provider sends as `x-signature`. */
export function signProviderBody(secret: string, timestamp: string | number, rawBody: string | Buffer): string {
  const raw = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  return createHmac('sha256', secret).update(providerSigningText(timestamp, raw)).digest('hex');
}

/** The site a call's body names (`siteId`), before the body is validated; undefined when it names none. */
export function siteOfBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const site = (body as { siteId?: unknown }).siteId;
  return typeof site === 'string' && site.length > 0 && site.length <= 32 ? site : undefined;
}

/**
 * Authenticates a provider call over the exact raw body, with the secret of the merchant account
 * the call names: the provider (`x-provider-code`) at the site of the body's `siteId`. Each site has
 * its own secret at each provider, so a call signed for one site never passes for another.
 *
 * Order of the refusals: a missing or malformed header, or a body that names no site (no secret
 * can check it) → PROVIDER_SIGNATURE_INVALID; a timestamp more than 5 minutes away →
 * PROVIDER_TIMESTAMP_STALE; no such provider at that site, or no secret there → PROVIDER_UNKNOWN;
 * a wrong signature → PROVIDER_SIGNATURE_INVALID. Only then is the site's status of the provider
 * looked at (PROVIDER_NOT_ACTIVE, unless `anyStatus`), so an unsigned caller learns nothing about it.
 */
export async function verifyProviderCall(
  db: Db,
  headers: Headers,
  rawBody: Buffer,
  siteId: string | undefined,
  now: Date,
  options: { anyStatus?: boolean } = {},
): Promise<ProviderRow> {
  const code = header(headers, PROVIDER_HEADERS.provider);
  const timestamp = header(headers, PROVIDER_HEADERS.timestamp);
  const signature = header(headers, PROVIDER_HEADERS.signature);
  if (!code || !timestamp || !signature) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-fA-F]{64}$/.test(signature)) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  if (Math.abs(now.getTime() - Number(timestamp)) > PROVIDER_MAX_SKEW_MS) throw new AppError('PROVIDER_TIMESTAMP_STALE');
  // Without a site there is no merchant account, so no secret the signature could be checked with.
  if (siteId === undefined) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  if (code.length > 32) throw new AppError('PROVIDER_UNKNOWN');

  const [merchant] = await db
    .select()
    .from(providerMerchants)
    .where(and(eq(providerMerchants.siteId, siteId), eq(providerMerchants.providerCode, code)));
  if (!merchant || !merchant.secret) throw new AppError('PROVIDER_UNKNOWN');

  const expected = createHmac('sha256', merchant.secret).update(`${timestamp}.`).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  // wallet/transfer_in passes `anyStatus`: a provider in maintenance or taken off must still be
  // able to send its players' credit home.
  if (merchant.status !== 'ACTIVE' && !options.anyStatus) throw new AppError('PROVIDER_NOT_ACTIVE');
  return merchant;
}
