import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SITE_IDS, type SiteId } from '@agent-bo/shared';

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
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [host, site] = pair.split('=').map((p) => p.trim());
    if (!host || !site || !(SITE_IDS as readonly string[]).includes(site)) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not host=site_id with site_id one of ${SITE_IDS.join(', ')}` });
      return z.NEVER;
    }
    map[host.toLowerCase()] = site as SiteId;
  }
  return map;
});

/** TRUST_PROXY: true/false, a hop count, or a comma list of addresses/CIDRs (Fastify's trustProxy). */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((p) => p.trim()).filter(Boolean);
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
  SESSION_TTL_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).default(720),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  /** Global rate limit: requests per minute per client IP per process; 0 turns it off (load tests, benchmarks). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).max(100_000_000).default(600),
  /** Front-end error reports per minute per client IP (POST error_log/report); 0 turns that limit off. */
  ERROR_REPORT_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean)),
  SITE_HOSTS: siteHosts.default({}),
  TRUST_PROXY: trustProxy.default(false),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()).transform((v) => path.resolve(v ?? path.join(REPO_ROOT, 'apps', 'web', 'dist'))),
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
  /** `npm run simulate` only: providers' secrets as CODE=hex,CODE=hex (instead of reading them from the database). */
  SIMULATOR_SECRETS: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates `source` (default `process.env`); throws an `EnvError` naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    const got = source[name];
    return `  ${name}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
  });
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}

/** Demo mode: no external database and not production. Only then is demo data seeded. */
export function isDemoMode(env: Pick<Env, 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  return !env.DATABASE_URL && env.NODE_ENV !== 'production';
}
