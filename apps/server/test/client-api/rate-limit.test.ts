import { describe, expect, it } from 'vitest';
import { errorMessage } from '@agent-bo/shared';
import { buildApp } from '../../src/app.js';
import { body, freshIp, useTestApp } from '../helpers.js';

// The global limit is off (useTestApp), as in load tests: the client API keeps its own.
const ctx = useTestApp({ clientApi: { rateLimit: { max: 3, timeWindowMs: 60_000 } } });

const get = (ip: string, url = '/api/client/content') => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('client API rate limit', () => {
  it('per client address: the 429 envelope with Retry-After once the limit is used up', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await get(ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);

    const refused = await get(ip, '/api/client/content?lang=en');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({ code: 429, success: false, message: errorMessage('TOO_MANY_REQUESTS', 'zh_TW'), data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not affected; routes outside the client API are not limited.
    expect((await get(freshIp())).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await get(ip, '/healthz')).statusCode).toBe(200);
  });

  it('has its own limit when the global one is on: neither counts towards the other', async () => {
    const app = await buildApp({
      db: ctx.database.db,
      pool: ctx.database.pool,
      config: { rateLimit: { max: 3, timeWindowMs: 60_000 }, clientApi: { rateLimit: { max: 2, timeWindowMs: 60_000 } } },
    });
    try {
      const send = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '10.250.0.2' });
      const client: number[] = [];
      for (let i = 0; i < 3; i++) client.push((await send('/api/client/content')).statusCode);
      expect(client).toEqual([200, 200, 429]);
      const others: number[] = [];
      for (let i = 0; i < 4; i++) others.push((await send('/healthz')).statusCode);
      expect(others).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});
