import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SITE_IDS, type SiteId } from '@agent-bo/shared';
import type { MessagingConfig } from './config.js';

/**
 * The only reader of `process.env`. Everything else receives a typed `Env` (or narrower options)
 * so that tests and tools can build the app without touching the environment.
 */

// src/env.ts and dist/env.js sit at the same depth: apps/server/{src,dist}/env.*
const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..', '..', '..');
export const SERVER_ROOT = path.resolve(here, '..');

const port = z.coerce
  .number({ message: 'must be a port number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be between 1 and 65535' })
  .max(65535, { message: 'must be between 1 and 65535' });

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Parses `host=site_id,host2=site_id` into a map; a bad pair fails validation. */
const siteHosts = z.string().transform((value, ctx) => {
  const map: Record<string, SiteId> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, site] = pair.split('=').map((p) => p.trim());
    if (!host || !site || !(SITE_IDS as readonly string[]).includes(site)) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not host=site_id with site_id one of ${SITE_IDS.join(', ')}` });
      return z.NEVER;
    }
    map[host.toLowerCase()] = site as SiteId;
  }
  return map;
});

/** Parses `site_id=https://…,site_id2=…` (each site's game client) into a map; a bad pair fails validation. */
const clientSiteUrls = z.string().transform((value, ctx) => {
  const map: Partial<Record<SiteId, string>> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const site = pair.slice(0, at).trim();
    const url = pair.slice(at + 1).trim();
    const valid = at > 0 && (SITE_IDS as readonly string[]).includes(site) && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not site_id=http(s)://address with site_id one of ${SITE_IDS.join(', ')}` });
      return z.NEVER;
    }
    map[site as SiteId] = url;
  }
  return map;
});

/** TRUST_PROXY: true/false, a hop count, or a comma list of addresses/CIDRs (Fastify's trustProxy). */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (list.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of addresses' });
    return z.NEVER;
  }
  return list;
});

/** A 32-byte key from 64 hex characters or base64(url); null when it is not one. */
export function decodeKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const buf = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return buf.length === 32 ? buf : null;
  }
  return null;
}

/** A whole number of milliseconds in [min, max]. */
const millis = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Megabytes, 0 = that check off; unset = the default (undefined here). */
const megabytes = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 * 1024)
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()).transform((v) => path.resolve(v ?? path.join(REPO_ROOT, 'data'))),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  API_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_-]$/, { message: 'must start with / and not end with / (e.g. /api)' })
    .default('/api'),
  SESSION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(720),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * General limit of API calls per minute and process: per bearer session, or per client address
   * for calls without one (static files and the web app's page are never counted); 0 turns the
   * general limit off (load tests, benchmarks).
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).max(100_000_000).default(600),
  /** API calls per minute and process per client address over all its sessions; unset: 5 × RATE_LIMIT_MAX; 0: no such ceiling. */
  RATE_LIMIT_ADDRESS_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000_000).optional()),
  /** Front-end error reports per minute per client IP (POST error_log/report); 0 turns that limit off. */
  ERROR_REPORT_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
  /** Credit moves (recharge, withdraw) per ledger batch at most (modules/ledger/credit-batch.ts). */
  LEDGER_BATCH_MAX_ITEMS: z.coerce.number().int().min(1).max(1_000).default(64),
  /** Ledger batches of one process running at once; 1 lets batches grow with the load (docs/PERFORMANCE.md). */
  LEDGER_BATCH_IN_FLIGHT: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * Signed-in callers each process keeps between requests (core/session-cache.ts), so a known
   * session skips the auth statement; 0 turns the cache off.
   */
  SESSION_CACHE_MAX: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  /** The game client's public reads (/api/client) per minute per client IP; 0 turns that limit off. */
  CLIENT_API_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000_000).default(120),
  /**
   * Hosts a site's provider endpoint may name (comma separated; `*.example.com` also allows its
   * subdomains). Empty: any host — set it in production so an admin cannot point the signed
   * outbound calls at internal addresses.
   */
  PROVIDER_ENDPOINT_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Minutes between orphan-image cleanups (one process at a time); 0 never cleans. */
  IMAGE_CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Hours an uploaded image no content uses is kept (its editor may not have saved yet). */
  IMAGE_ORPHAN_GRACE_HOURS: z.coerce.number().int().min(1).max(8_760).default(24),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  SITE_HOSTS: siteHosts.default({}),
  CLIENT_SITE_URLS: clientSiteUrls.default({}),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((v) => path.resolve(v ?? path.join(REPO_ROOT, 'apps', 'web', 'dist'))),
  /** 32-byte key of the password hand-off: 64 hex characters or base64 of 32 bytes. */
  HANDOFF_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => decodeKey(v) !== null, { message: 'must be 32 bytes as 64 hex characters or base64' })
      .transform((v) => decodeKey(v) as Buffer)
      .optional(),
  ),
  EMBEDDED_PG_PORT: z.preprocess(
    emptyToUndefined,
    port.refine((p) => p !== 5432, { message: 'must not be 5432 (left to a system PostgreSQL)' }).optional(),
  ),
  /** Demo mode: simulated provider traffic into sites without bets after start; unset: on, except NODE_ENV=test. */
  DEMO_TRAFFIC: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  /** The browsable API docs at <API_PREFIX>/docs: on | off; unset: on, except NODE_ENV=production. */
  API_DOCS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  /** The operators' documentation, linked from the About page: an http(s) address; unset: no link. */
  DOCS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v) => v.trim())
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'must be an http:// or https:// URL' })
      .optional(),
  ),
  /**
   * How e-mail codes leave (issue 33): `outbox` (default: kept for the site's admin to read on the
   * outbox page, the demo's way) or `smtp` through SMTP_URL (e.g. smtps://user:pass@host:465) from MAIL_FROM.
   */
  EMAIL_DRIVER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  /** How phone codes leave: `outbox` (default) or `http`, a POST of {to, text} to SMS_GATEWAY_URL (Bearer SMS_GATEWAY_TOKEN). */
  SMS_DRIVER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_GATEWAY_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'must be an http:// or https:// URL' })
      .optional(),
  ),
  SMS_GATEWAY_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  SMS_GATEWAY_TIMEOUT_MS: millis(100, 60_000).default(10_000),
  /**
   * Codes and reset requests one client address may ask for in 15 minutes, over every account; 0:
   * no limit per address (the limit per account or phone number stays). Raise it for an office
   * whose people all sign in through one address.
   */
  CODE_ASKS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /**
   * Failed sign-ins from one client address, over every account, from which its sign-ins are
   * slowed (and refused, at three times as many, at the accounts it failed on); 0: no limit per
   * address (the limits per account, and per account and address, stay). Raise it for an office
   * whose people all sign in through one address.
   */
  SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Bearer token of GET /metrics; unset: /metrics is not served (404). */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(16, { message: 'must be at least 16 characters' })
      .regex(/^[\x21-\x7e]+$/, { message: 'must be printable ASCII without spaces' })
      .optional(),
  ),
  /** On SIGTERM/SIGINT: the process exits at the latest this long after the signal (in-flight requests are cut then). */
  SHUTDOWN_TIMEOUT_MS: millis(100, 600_000).default(10_000),
  /** On SIGTERM/SIGINT: /readyz answers 503 this long before the server stops accepting (a load balancer notices). */
  SHUTDOWN_DELAY_MS: millis(0, 600_000).default(0),
  /** /readyz: 503 when the mean event-loop delay exceeds this; 0 = not checked. */
  READY_MAX_EVENT_LOOP_DELAY_MS: millis(0, 600_000).default(1000),
  /** /readyz: 503 when the V8 heap in use exceeds this many MiB; 0 = not checked; unset = 90 % of V8's heap limit. */
  READY_MAX_HEAP_MB: megabytes,
  /** /readyz: 503 when the resident set exceeds this many MiB; 0 = not checked; unset = 90 % of a container's memory limit, if any. */
  READY_MAX_RSS_MB: megabytes,
  /** /readyz: how long the database's `select 1` may take. */
  READY_DB_TIMEOUT_MS: millis(50, 60_000).default(2000),
});

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates `source` (default `process.env`); throws an `EnvError` naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const env = result.data;
    if (env.SHUTDOWN_DELAY_MS >= env.SHUTDOWN_TIMEOUT_MS) {
      throw new EnvError(
        `Invalid environment:\n  SHUTDOWN_DELAY_MS: must be below SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS}) (got ${JSON.stringify(source.SHUTDOWN_DELAY_MS)})`,
      );
    }
    if (env.EMAIL_DRIVER === 'smtp' && (!env.SMTP_URL || !env.MAIL_FROM)) {
      throw new EnvError('Invalid environment:\n  EMAIL_DRIVER: smtp needs SMTP_URL and MAIL_FROM');
    }
    if (env.SMS_DRIVER === 'http' && !env.SMS_GATEWAY_URL) {
      throw new EnvError('Invalid environment:\n  SMS_DRIVER: http needs SMS_GATEWAY_URL');
    }
    return env;
  }
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    const got = source[name];
    return `  ${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
  });
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}

/** Whether the browsable API docs are served: API_DOCS, else everywhere but production. */
export function apiDocsEnabled(env: Pick<Env, 'API_DOCS' | 'NODE_ENV'>): boolean {
  return env.API_DOCS ? env.API_DOCS === 'on' : env.NODE_ENV !== 'production';
}

/** Demo mode: no external database and not production. Only then is demo data seeded. */
export function isDemoMode(env: Pick<Env, 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  return !env.DATABASE_URL && env.NODE_ENV !== 'production';
}

/** The message drivers the environment names (lib/messaging). */
export function messagingOf(env: Env): MessagingConfig {
  return {
    email: env.EMAIL_DRIVER === 'smtp' ? { driver: 'smtp', url: env.SMTP_URL!, from: env.MAIL_FROM! } : { driver: 'outbox' },
    sms:
      env.SMS_DRIVER === 'http'
        ? { driver: 'http', url: env.SMS_GATEWAY_URL!, token: env.SMS_GATEWAY_TOKEN ?? null, timeoutMs: env.SMS_GATEWAY_TIMEOUT_MS }
        : { driver: 'outbox' },
  };
}
