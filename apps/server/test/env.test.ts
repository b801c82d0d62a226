import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressFailureLimits } from '../src/config.js';
import { EnvError, REPO_ROOT, isDemoMode, loadEnv, messagingOf } from '../src/env.js';

describe('loadEnv', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: 'localhost',
      API_PREFIX: '/api',
      SESSION_TTL_MINUTES: 720,
      BODY_LIMIT_BYTES: 1024 * 1024,
      RATE_LIMIT_MAX: 600,
      CORS_ORIGINS: [],
      SITE_HOSTS: {},
      TRUST_PROXY: false,
      NODE_ENV: 'development',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_PG_PORT).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.join(REPO_ROOT, 'data'));
    expect(env.WEB_DIST_DIR).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(isDemoMode(env)).toBe(true);
  });

  it('parses lists and mappings', () => {
    const env = loadEnv({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      SITE_HOSTS: 'bo.example.com=tw_web,PH.example.com=ph_mc',
      TRUST_PROXY: '1',
    });
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.SITE_HOSTS).toEqual({ 'bo.example.com': 'tw_web', 'ph.example.com': 'ph_mc' });
    expect(env.TRUST_PROXY).toBe(1);
  });

  it("takes CLIENT_SITE_URLS, each site's game client, and refuses what is not site_id=http(s) address", () => {
    expect(loadEnv({}).CLIENT_SITE_URLS).toEqual({});
    expect(loadEnv({ CLIENT_SITE_URLS: 'tw_web=https://play.example/, ph_mc=http://ph.example:8080/client' }).CLIENT_SITE_URLS).toEqual({
      tw_web: 'https://play.example/',
      ph_mc: 'http://ph.example:8080/client',
    });
    for (const bad of ['tw_web', 'nowhere=https://x.example', 'tw_web=ftp://x.example', 'tw_web=not a url']) {
      expect(() => loadEnv({ CLIENT_SITE_URLS: bad }), bad).toThrow(/CLIENT_SITE_URLS/);
    }
  });

  it('takes RATE_LIMIT_ADDRESS_MAX (unset: 5 × RATE_LIMIT_MAX in server.ts; 0 = no ceiling) and API_DOCS (on | off)', () => {
    expect(loadEnv({}).RATE_LIMIT_ADDRESS_MAX).toBeUndefined();
    expect(loadEnv({ RATE_LIMIT_ADDRESS_MAX: '0' }).RATE_LIMIT_ADDRESS_MAX).toBe(0);
    expect(loadEnv({ RATE_LIMIT_ADDRESS_MAX: '5000' }).RATE_LIMIT_ADDRESS_MAX).toBe(5000);
    expect(() => loadEnv({ RATE_LIMIT_ADDRESS_MAX: '-1' })).toThrow(/RATE_LIMIT_ADDRESS_MAX/);
    expect(loadEnv({}).API_DOCS).toBeUndefined();
    expect(loadEnv({ API_DOCS: 'off' }).API_DOCS).toBe('off');
    expect(() => loadEnv({ API_DOCS: 'true' })).toThrow(/API_DOCS/);
  });

  it('takes DOCS_URL, the About page’s documentation link: an http(s) address or nothing, anything else refused', () => {
    expect(loadEnv({}).DOCS_URL).toBeUndefined();
    expect(loadEnv({ DOCS_URL: ' ' }).DOCS_URL).toBeUndefined();
    expect(loadEnv({ DOCS_URL: 'https://docs.example.com/back-office/' }).DOCS_URL).toBe('https://docs.example.com/back-office/');
    expect(loadEnv({ DOCS_URL: ' http://wiki.internal:8080/bo ' }).DOCS_URL).toBe('http://wiki.internal:8080/bo');
    for (const bad of ['docs.example.com', 'ftp://docs.example.com/', 'javascript:alert(1)', '/docs', 'https://']) {
      expect(() => loadEnv({ DOCS_URL: bad }), bad).toThrow(/DOCS_URL: must be an http:\/\/ or https:\/\/ URL/);
    }
  });

  it('takes RATE_LIMIT_MAX (0 = off) and refuses a negative one', () => {
    expect(loadEnv({ RATE_LIMIT_MAX: '0' }).RATE_LIMIT_MAX).toBe(0);
    expect(loadEnv({ RATE_LIMIT_MAX: '100000' }).RATE_LIMIT_MAX).toBe(100_000);
    expect(() => loadEnv({ RATE_LIMIT_MAX: '-1' })).toThrow(/RATE_LIMIT_MAX/);
  });

  it('takes the client API limit and the image cleanup settings, with defaults, and refuses bad ones', () => {
    expect(loadEnv({})).toMatchObject({ CLIENT_API_RATE_LIMIT: 120, IMAGE_CLEANUP_INTERVAL_MINUTES: 60, IMAGE_ORPHAN_GRACE_HOURS: 24 });
    expect(loadEnv({})).toMatchObject({ LEDGER_BATCH_MAX_ITEMS: 64, LEDGER_BATCH_IN_FLIGHT: 1 });
    expect(loadEnv({ LEDGER_BATCH_MAX_ITEMS: '1', LEDGER_BATCH_IN_FLIGHT: '4' })).toMatchObject({
      LEDGER_BATCH_MAX_ITEMS: 1,
      LEDGER_BATCH_IN_FLIGHT: 4,
    });
    expect(() => loadEnv({ LEDGER_BATCH_IN_FLIGHT: '0' })).toThrow();
    expect(loadEnv({ CLIENT_API_RATE_LIMIT: '0', IMAGE_CLEANUP_INTERVAL_MINUTES: '0', IMAGE_ORPHAN_GRACE_HOURS: '2' })).toMatchObject({
      CLIENT_API_RATE_LIMIT: 0,
      IMAGE_CLEANUP_INTERVAL_MINUTES: 0,
      IMAGE_ORPHAN_GRACE_HOURS: 2,
    });
    expect(() => loadEnv({ CLIENT_API_RATE_LIMIT: '-1' })).toThrow(/CLIENT_API_RATE_LIMIT/);
    expect(() => loadEnv({ IMAGE_ORPHAN_GRACE_HOURS: '0' })).toThrow(/IMAGE_ORPHAN_GRACE_HOURS/);
  });

  it('takes ERROR_REPORT_RATE_LIMIT (default 30, 0 = off) and refuses a negative one', () => {
    expect(loadEnv({}).ERROR_REPORT_RATE_LIMIT).toBe(30);
    expect(loadEnv({ ERROR_REPORT_RATE_LIMIT: '0' }).ERROR_REPORT_RATE_LIMIT).toBe(0);
    expect(loadEnv({ ERROR_REPORT_RATE_LIMIT: '120' }).ERROR_REPORT_RATE_LIMIT).toBe(120);
    expect(() => loadEnv({ ERROR_REPORT_RATE_LIMIT: '-1' })).toThrow(/ERROR_REPORT_RATE_LIMIT/);
  });

  it('takes the message drivers: outbox by default; smtp and http need their addresses', () => {
    expect(messagingOf(loadEnv({}))).toEqual({ email: { driver: 'outbox' }, sms: { driver: 'outbox' } });
    const env = loadEnv({
      EMAIL_DRIVER: 'smtp',
      SMTP_URL: 'smtps://u:p@mail.example.com',
      MAIL_FROM: 'bo@example.com',
      SMS_DRIVER: 'http',
      SMS_GATEWAY_URL: 'https://sms.example.com/send',
      SMS_GATEWAY_TOKEN: 't0k3n',
    });
    expect(messagingOf(env)).toEqual({
      email: { driver: 'smtp', url: 'smtps://u:p@mail.example.com', from: 'bo@example.com' },
      sms: { driver: 'http', url: 'https://sms.example.com/send', token: 't0k3n', timeoutMs: 10_000 },
    });
    expect(() => loadEnv({ EMAIL_DRIVER: 'smtp' })).toThrow(/EMAIL_DRIVER: smtp needs SMTP_URL and MAIL_FROM/);
    expect(() => loadEnv({ SMS_DRIVER: 'http' })).toThrow(/SMS_DRIVER: http needs SMS_GATEWAY_URL/);
    expect(() => loadEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ SMS_DRIVER: 'pigeon' })).toThrow(/SMS_DRIVER/);
    expect(loadEnv({}).CODE_ASKS_PER_ADDRESS).toBe(20);
    expect(loadEnv({ CODE_ASKS_PER_ADDRESS: '0' }).CODE_ASKS_PER_ADDRESS).toBe(0);
    expect(() => loadEnv({ CODE_ASKS_PER_ADDRESS: '-1' })).toThrow(/CODE_ASKS_PER_ADDRESS/);
  });

  it('SIGNIN_FAILURES_PER_ADDRESS: slowed from n, refused from 3n; 0 turns the limit per address off', () => {
    expect(addressFailureLimits(loadEnv({}).SIGNIN_FAILURES_PER_ADDRESS)).toEqual({ ipSlowAfter: 10, ipLockAfter: 30 });
    expect(addressFailureLimits(loadEnv({ SIGNIN_FAILURES_PER_ADDRESS: '50' }).SIGNIN_FAILURES_PER_ADDRESS)).toEqual({
      ipSlowAfter: 50,
      ipLockAfter: 150,
    });
    const off = addressFailureLimits(loadEnv({ SIGNIN_FAILURES_PER_ADDRESS: '0' }).SIGNIN_FAILURES_PER_ADDRESS);
    expect(off.ipSlowAfter).toBeGreaterThan(1e8);
    expect(off.ipLockAfter).toBeGreaterThan(1e8);
    expect(() => loadEnv({ SIGNIN_FAILURES_PER_ADDRESS: '-1' })).toThrow(/SIGNIN_FAILURES_PER_ADDRESS/);
  });

  it('names every bad variable with its value', () => {
    try {
      loadEnv({ PORT: 'eighty', SITE_HOSTS: 'x.example=mars', EMBEDDED_PG_PORT: '5432', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const message = (err as Error).message;
      expect(message).toMatch(/PORT: .*"eighty"/);
      expect(message).toMatch(/SITE_HOSTS: .*x\.example=mars/);
      expect(message).toMatch(/EMBEDDED_PG_PORT: must not be 5432/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('takes the operations settings: metrics token, shutdown deadline and delay, readiness thresholds', () => {
    const defaults = loadEnv({});
    expect(defaults).toMatchObject({
      SHUTDOWN_TIMEOUT_MS: 10_000,
      SHUTDOWN_DELAY_MS: 0,
      READY_MAX_EVENT_LOOP_DELAY_MS: 1000,
      READY_DB_TIMEOUT_MS: 2000,
    });
    expect(defaults.METRICS_TOKEN).toBeUndefined();
    expect(defaults.READY_MAX_HEAP_MB).toBeUndefined();
    expect(defaults.READY_MAX_RSS_MB).toBeUndefined();
    const env = loadEnv({
      METRICS_TOKEN: 'a-long-enough-token!',
      SHUTDOWN_TIMEOUT_MS: '30000',
      SHUTDOWN_DELAY_MS: '5000',
      READY_MAX_EVENT_LOOP_DELAY_MS: '0',
      READY_MAX_HEAP_MB: '1536',
      READY_MAX_RSS_MB: '0',
      READY_DB_TIMEOUT_MS: '500',
    });
    expect(env).toMatchObject({
      METRICS_TOKEN: 'a-long-enough-token!',
      SHUTDOWN_TIMEOUT_MS: 30_000,
      SHUTDOWN_DELAY_MS: 5000,
      READY_MAX_EVENT_LOOP_DELAY_MS: 0,
      READY_MAX_HEAP_MB: 1536,
      READY_MAX_RSS_MB: 0,
      READY_DB_TIMEOUT_MS: 500,
    });
    expect(loadEnv({ METRICS_TOKEN: ' ' }).METRICS_TOKEN).toBeUndefined();
  });

  it('refuses a short or spaced metrics token and a shutdown delay at or past the deadline', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadEnv({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(/METRICS_TOKEN: must be printable ASCII/);
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_MS: '5000', SHUTDOWN_DELAY_MS: '5000' })).toThrow(
      /SHUTDOWN_DELAY_MS: must be below SHUTDOWN_TIMEOUT_MS/,
    );
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadEnv({ READY_MAX_HEAP_MB: '-1' })).toThrow(/READY_MAX_HEAP_MB/);
  });

  it('no demo mode with an external database or in production', () => {
    expect(isDemoMode(loadEnv({ DATABASE_URL: 'postgres://u@h/db' }))).toBe(false);
    expect(isDemoMode(loadEnv({ NODE_ENV: 'production' }))).toBe(false);
  });
});
