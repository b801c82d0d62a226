import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { retryConflicts } from '../../src/core/tx.js';
import { accountId, body, call, signinAs, useTestApp } from '../helpers.js';
import { q, signed, SITE } from '../provider-api/support.js';

const TOKEN = 'metrics-test-token-0123456789';
const ctx = useTestApp({ metricsToken: TOKEN });

function scrape(token: string | null = TOKEN) {
  return call(ctx.app, 'GET', '/metrics', undefined, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

/** The value of one sample line (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics access', () => {
  it('answers 401 without the bearer token or with a wrong one, in constant-time comparison', async () => {
    const none = await scrape(null);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(body(none)).toMatchObject({ code: 401, success: false });
    const wrong = await scrape('metrics-test-token-0123456788');
    expect(wrong.statusCode).toBe(401);
    const short = await scrape('x');
    expect(short.statusCode).toBe(401);
    const basic = await call(ctx.app, 'GET', '/metrics', undefined, { headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('does not exist without a token configured (404 envelope)', async () => {
    const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { rateLimit: false } });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ code: 404, success: false });
    } finally {
      await app.close();
    }
  });
});

describe('/metrics content', () => {
  it('is Prometheus text with the default Node.js metrics (event-loop lag) and the pg pool', async () => {
    await call(ctx.app, 'GET', '/healthz');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(res.body).toMatch(/^pg_pool_clients\{state="total"\} [1-9]/m);
    expect(res.body).toMatch(/^pg_pool_clients\{state="idle"\} \d+/m);
    expect(res.body).toMatch(/^pg_pool_clients\{state="waiting"\} 0/m);
  });

  it('times requests by route pattern and status code, never by raw URL', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    const agentA01 = await accountId(ctx, 'agentA01');
    const before = (await scrape()).body;
    await call(ctx.app, 'GET', '/healthz?probe=secret-query-value');
    await call(ctx.app, 'GET', '/api/no/such/path/9876543');
    const history = await call(ctx.app, 'POST', '/api/manage/agent/history', { id: agentA01 }, { token, site: 'tw_web' });
    expect(history.statusCode).toBe(200);
    const after = (await scrape()).body;

    const healthz = 'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}';
    expect(sample(after, healthz) - sample(before, healthz)).toBe(1);
    const unmatched = 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}';
    expect(sample(after, unmatched) - sample(before, unmatched)).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count{method="POST",route="/api/manage/agent/history",status_code="200"}')).toBe(1);
    expect(after).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(after).not.toContain('secret-query-value');
    expect(after).not.toContain('9876543');
  });

  it('counts ledger postings by kind', async () => {
    const token = await signinAs(ctx.app, 'admin001');
    const agentA01 = await accountId(ctx, 'agentA01');
    const series = 'ledger_postings_total{kind="RECHARGE"}';
    const before = sample((await scrape()).body, series);
    for (const amount of ['1.00', '2.00']) {
      const res = await call(
        ctx.app,
        'POST',
        '/api/manage/agent/recharge',
        { id: agentA01, amount },
        { token, site: 'tw_web', headers: { 'idempotency-key': `metrics-${amount}` } },
      );
      expect(body(res).success).toBe(true);
    }
    // a refused move posts nothing
    const refused = await call(
      ctx.app,
      'POST',
      '/api/manage/agent/recharge',
      { id: agentA01, amount: '0.00' },
      { token, site: 'tw_web', headers: { 'idempotency-key': 'metrics-zero' } },
    );
    expect(body(refused).success).toBe(false);
    expect(sample((await scrape()).body, series) - before).toBe(2);
  });

  it('counts transactions run again after a deadlock or a serialization failure, by SQLSTATE', async () => {
    const series = 'db_conflict_retries_total{code="40P01"}';
    const before = sample((await scrape()).body, series);
    let attempts = 0;
    const answer = await retryConflicts(async () => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(sample((await scrape()).body, series) - before).toBe(1);
  });

  it('counts provider API calls by verified provider code, operation and outcome', async () => {
    const [player] = await q<{ account_no: string }>(
      ctx,
      `select account_no from accounts where site_id = 'tw_web' and kind = 'PLAYER' and verify_status = 'VERIFIED'
          and 'EVO' = any(providers) and balance >= 100 and not is_disabled and not is_full_disabled and not is_full_readonly
        order by id limit 1`,
    );
    const transfer = {
      siteId: SITE,
      items: [{ transactionId: `m-${process.pid}-1`, playerAccountNo: player!.account_no, amount: '1.00' }],
    };
    const ok = await signed(ctx, 'wallet/transfer_out', transfer);
    expect(body(ok).data.results[0].status).toBe('OK');
    const badSignature = await signed(ctx, 'wallet/transfer_out', transfer, { signature: '0'.repeat(64) });
    expect(badSignature.statusCode).toBeGreaterThanOrEqual(400);
    const invented = await signed(ctx, 'bets/place', { siteId: SITE, items: [] }, { provider: 'NO_SUCH_PROVIDER', secret: 'x' });
    expect(invented.statusCode).toBeGreaterThanOrEqual(400);

    const text = (await scrape()).body;
    expect(sample(text, 'provider_api_calls_total{provider="EVO",op="wallet/transfer_out",outcome="ok"}')).toBe(1);
    expect(sample(text, 'provider_api_calls_total{provider="unverified",op="wallet/transfer_out",outcome="rejected"}')).toBe(1);
    expect(sample(text, 'provider_api_calls_total{provider="unverified",op="bets/place",outcome="rejected"}')).toBe(1);
    expect(text).not.toContain('NO_SUCH_PROVIDER');
    expect(sample(text, 'ledger_postings_total{kind="TRANSFER_OUT"}')).toBe(1);
  });

  it('labels files of the web app with the wildcard pattern and its page fallback as unmatched', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-4f3e2d1c.js'), 'console.log(1)');
    const app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: { rateLimit: false, metricsToken: TOKEN, webDistDir: dist },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/app-4f3e2d1c.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/member/index/page-7654321' })).statusCode).toBe(200);
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/*",status_code="200"}')).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="200"}')).toBe(1);
      expect(text).not.toContain('4f3e2d1c');
      expect(text).not.toContain('7654321');
    } finally {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('keeps one registry per app: a second app in the process starts from zero and counts its own requests', async () => {
    const other = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { rateLimit: false, metricsToken: TOKEN } });
    try {
      await other.inject({ method: 'GET', url: '/healthz' });
      await other.inject({ method: 'GET', url: '/healthz' });
      const res = await other.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, 'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}')).toBe(2);
      const mine = (await scrape()).body;
      expect(sample(mine, 'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}')).toBeGreaterThan(0);
      expect(sample(mine, 'http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"}')).toBeGreaterThan(
        sample(res.body, 'http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"}'),
      );
    } finally {
      await other.close();
    }
  });
});
