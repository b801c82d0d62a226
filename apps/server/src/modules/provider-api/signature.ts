import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PROVIDER_HEADERS, PROVIDER_MAX_SKEW_MS, providerSigningText } from '@agent-bo/shared';
import type { Db } from '../../db/client.js';
import { providers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

export type ProviderRow = typeof providers.$inferSelect;

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

/**
 * Authenticates a provider call over the exact raw body. Order of the refusals: a missing or
 * malformed header → PROVIDER_SIGNATURE_INVALID; a timestamp more than 5 minutes away →
 * PROVIDER_TIMESTAMP_STALE; an unknown provider or one without a secret → PROVIDER_UNKNOWN; a
 * wrong signature → PROVIDER_SIGNATURE_INVALID. Only then is the provider's status looked at
 * (PROVIDER_NOT_ACTIVE, unless `anyStatus`), so an unsigned caller learns nothing about it.
 */
export async function verifyProviderCall(
  db: Db,
  headers: Headers,
  rawBody: Buffer,
  now: Date,
  options: { anyStatus?: boolean } = {},
): Promise<ProviderRow> {
  const code = header(headers, PROVIDER_HEADERS.provider);
  const timestamp = header(headers, PROVIDER_HEADERS.timestamp);
  const signature = header(headers, PROVIDER_HEADERS.signature);
  if (!code || !timestamp || !signature) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-fA-F]{64}$/.test(signature)) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  if (Math.abs(now.getTime() - Number(timestamp)) > PROVIDER_MAX_SKEW_MS) throw new AppError('PROVIDER_TIMESTAMP_STALE');
  if (code.length > 32) throw new AppError('PROVIDER_UNKNOWN');

  const [provider] = await db.select().from(providers).where(eq(providers.code, code));
  if (!provider || !provider.secret) throw new AppError('PROVIDER_UNKNOWN');

  const expected = createHmac('sha256', provider.secret).update(`${timestamp}.`).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('PROVIDER_SIGNATURE_INVALID');
  // wallet/transfer_in passes `anyStatus`: a provider in maintenance or taken off must still be
  // able to send its players' credit home.
  if (provider.status !== 'ACTIVE' && !options.anyStatus) throw new AppError('PROVIDER_NOT_ACTIVE');
  return provider;
}
