import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShoppers } from './shoppers.js';

/**
 * A stand-in for the server's player API that refuses the first request of each path with 429
 * and a Retry-After of one second, as the server's per-address limit does, then answers.
 */
let server: http.Server;
let baseUrl = '';
const seen: { path: string; at: number }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push({ path, at: Date.now() });
    res.setHeader('content-type', 'application/json');
    if (seen.filter((s) => s.path === path).length === 1) {
      res.statusCode = 429;
      res.setHeader('retry-after', '1');
      res.end(JSON.stringify({ success: false, code: 1008, message: 'too many requests', data: null }));
      return;
    }
    if (path.endsWith('/goods')) res.end(JSON.stringify({ success: true, code: 0, message: '', data: [{ id: 1, price: 10, stock: 5 }] }));
    else if (path.endsWith('/signin')) res.end(JSON.stringify({ success: true, code: 0, message: '', data: { token: 'pt_x' } }));
    else if (path.endsWith('/points')) res.end(JSON.stringify({ success: true, code: 0, message: '', data: { balance: 0 } }));
    else res.end(JSON.stringify({ success: true, code: 0, message: '', data: null }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('demo shoppers', () => {
  it('wait out a 429 for the time the server asks and go on, instead of counting a refusal', async () => {
    const summary = await runShoppers({
      baseUrl,
      siteId: 'tw_web',
      accounts: ['player001'],
      password: 'Demo1234',
      shoppers: 1,
      seed: 'rate-limit',
    });
    expect(summary).toMatchObject({ signedIn: 1, refused: {} });
    const goods = seen.filter((s) => s.path.endsWith('/goods'));
    expect(goods).toHaveLength(2);
    expect(goods[1]!.at - goods[0]!.at).toBeGreaterThanOrEqual(950);
  }, 30_000);
});
