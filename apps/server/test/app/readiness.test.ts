import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { body, createTestDatabase, useTestApp } from '../helpers.js';

const ctx = useTestApp();

async function withApp(config: BuildAppOptions['config'], run: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ db: ctx.database.db, pool: ctx.database.pool, config: { rateLimit: false, ...config } });
  try {
    await app.ready();
    await run(app);
  } finally {
    await app.close();
  }
}

/** Waits until under-pressure has taken a few samples. */
const samples = (intervalMs: number) => new Promise((resolve) => setTimeout(resolve, intervalMs * 5));

describe('/readyz', () => {
  it('answers 200 with the envelope when the database answers and nothing is under pressure', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, success: true, message: '', data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 draining once shutdown began, while /healthz (liveness) stays 200', async () => {
    await withApp({}, async (app) => {
      app.lifecycle.draining = true;
      const res = await app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 503, success: false, data: { status: 'draining' } });
      expect(res.headers.connection).toBe('close');
      const live = await app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    });
  });

  it('answers 503 overloaded when the heap or the RSS is over its threshold, and serves other requests meanwhile', async () => {
    // the event-loop check off: a busy machine must not add its reason to the expected two
    await withApp({ readiness: { maxHeapUsedBytes: 1, maxRssBytes: 1, maxEventLoopDelayMs: 0, sampleIntervalMs: 50 } }, async (app) => {
      await samples(50);
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 503, success: false, data: { status: 'overloaded', pressure: ['heapUsed', 'rss'] } });
      // readiness only: no load shedding
      const live = await app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    });
  });

  it('answers 503 overloaded when the event loop lags', async () => {
    // The delay is the mean of 10 ms ticks over a sample interval: a 1 s block among a 50 ms
    // interval's few ticks means about 160 ms, far above the 100 ms threshold, while a busy shared
    // machine's loop by itself stays well below it.
    await withApp({ readiness: { maxEventLoopDelayMs: 100, sampleIntervalMs: 50 } }, async (app) => {
      await samples(50);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // Block the loop, then ask /readyz for a while: a sample taken after the block sees the
      // delay until the next sample. On a loaded machine the sample that holds the spike can come
      // and go between two polls, so the block is repeated (a fresh spike) until one poll sees it.
      let res = await app.inject({ method: 'GET', url: '/readyz' });
      for (let attempt = 0; attempt < 10 && res.statusCode !== 503; attempt++) {
        const until = Date.now() + 500;
        while (Date.now() < until);
        for (let i = 0; i < 40 && res.statusCode !== 503; i++) {
          res = await app.inject({ method: 'GET', url: '/readyz' });
          if (res.statusCode !== 503) await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(body(res)).toMatchObject({ code: 503, data: { status: 'overloaded', pressure: ['eventLoopDelay'] } });
    });
  });

  it('checks nothing for a threshold of 0', async () => {
    await withApp({ readiness: { maxHeapUsedBytes: 0, maxRssBytes: 0, maxEventLoopDelayMs: 0, sampleIntervalMs: 20 } }, async (app) => {
      await samples(20);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });
  });

  it('answers 503 database_unavailable when select 1 does not answer within the timeout (no free client)', async () => {
    const created = await createTestDatabase();
    const database = createDatabase(created.url, { max: 1 });
    const app = await buildApp({ db: database.db, pool: database.pool, config: { rateLimit: false, readiness: { dbTimeoutMs: 200 } } });
    const held = await database.pool.connect();
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 503, data: { status: 'database_unavailable' } });
      expect(Date.now() - started).toBeLessThan(5000);
      held.release();
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await created.drop();
    }
  });

  it('answers 503 database_unavailable when the database is gone', async () => {
    const created = await createTestDatabase();
    const database = createDatabase(created.url, { max: 1 });
    const app = await buildApp({ db: database.db, pool: database.pool, config: { rateLimit: false } });
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 503, data: { status: 'database_unavailable' } });
    } finally {
      await app.close();
      await created.drop();
    }
  });
});
