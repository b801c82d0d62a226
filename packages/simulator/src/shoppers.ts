import http from 'node:http';
import { errorNameForCode, SITES, type SiteId } from '@agent-bo/shared';
import { Rng } from './rng.js';

/**
 * Players of the points store (PRODUCT.md §6), through the game client's player API as a real
 * game client would: sign in with account number and password, read the published goods and the
 * points, redeem something affordable now and then (with an idempotency key, sometimes sent twice
 * as a client retrying after a lost answer would), read the orders. The site is chosen by the
 * Host header, so requests go through node:http (fetch does not let a caller set Host).
 */
export interface ShopperOptions {
  baseUrl: string;
  apiPrefix?: string;
  siteId: SiteId;
  /** Players who may shop; unverified or restricted ones are refused at sign-in and counted. */
  accounts: readonly string[];
  password: string;
  /** How many players try to shop. */
  shoppers: number;
  seed: string;
  signal?: AbortSignal;
}

export interface ShopperSummary {
  siteId: SiteId;
  signedIn: number;
  orders: number;
  replays: number;
  /** Refusals by error name (sign-in and redemption). */
  refused: Record<string, number>;
}

interface Envelope<T> {
  success: boolean;
  code: number;
  data: T;
}

function send<T>(
  o: ShopperOptions,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  payload?: unknown,
): Promise<{ status: number; retryAfter: number | undefined; body: Envelope<T> }> {
  const url = new URL(`${o.baseUrl}${o.apiPrefix ?? '/api'}/client/player/${path}`);
  const host = SITES.find((s) => s.id === o.siteId)!.hosts.at(-1)!;
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        signal: o.signal,
        headers: {
          host,
          'accept-language': 'en',
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const retryAfter = Number(res.headers['retry-after']);
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>,
            });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Most waits on a 429 before a call gives up and reports the refusal. */
const RATE_LIMIT_RETRIES = 10;

/**
 * One call as a well-behaved client makes it: refused for its address's request rate (429), it
 * waits the server's Retry-After (1–60 s) and tries again, so a burst of shoppers from one
 * machine slows down to the limit instead of being counted as refusals.
 */
async function call<T>(o: ShopperOptions, method: 'GET' | 'POST', path: string, token?: string, payload?: unknown): Promise<Envelope<T>> {
  for (let attempt = 0; ; attempt++) {
    const answer = await send<T>(o, method, path, token, payload);
    if (answer.status !== 429 || attempt >= RATE_LIMIT_RETRIES || o.signal?.aborted) return answer.body;
    const seconds = Math.min(60, Math.max(1, answer.retryAfter ?? 5));
    await new Promise<void>((done) => {
      const timer = setTimeout(done, seconds * 1000);
      o.signal?.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
    });
  }
}

export async function runShoppers(o: ShopperOptions): Promise<ShopperSummary> {
  const rng = new Rng(o.seed);
  const summary: ShopperSummary = { siteId: o.siteId, signedIn: 0, orders: 0, replays: 0, refused: {} };
  const refuse = (code: number) => {
    const name = errorNameForCode(code) ?? `HTTP_${code}`;
    summary.refused[name] = (summary.refused[name] ?? 0) + 1;
  };
  if (o.accounts.length === 0) return summary;
  const goods = await call<{ id: number; price: number; stock: number }[]>(o, 'GET', 'goods');
  if (!goods.success || goods.data.length === 0) return summary;
  for (let i = 0; i < o.shoppers; i++) {
    if (o.signal?.aborted) break;
    const accountNo = rng.pick(o.accounts);
    const signin = await call<{ token: string }>(o, 'POST', 'signin', undefined, { accountNo, password: o.password });
    if (!signin.success) {
      refuse(signin.code);
      continue;
    }
    summary.signedIn += 1;
    const token = signin.data.token;
    const points = await call<{ balance: number }>(o, 'GET', 'points', token);
    const affordable = goods.data.filter((g) => g.stock > 0 && g.price <= (points.success ? points.data.balance : 0));
    // Not every visitor buys: some only look at their points.
    if (affordable.length > 0 && rng.chance(0.7)) {
      const item = rng.pick(affordable);
      const request = { goodsId: item.id, quantity: 1, idempotencyKey: `${o.seed}-${i}` };
      const answer = await call<{ order: { id: number } }>(o, 'POST', 'redeem', token, request);
      if (answer.success) {
        summary.orders += 1;
        item.stock -= 1;
        // A client that lost the answer sends the same request again: the first order comes back.
        if (rng.chance(0.2)) {
          const again = await call<{ replayed: boolean }>(o, 'POST', 'redeem', token, request);
          if (again.success && again.data.replayed) summary.replays += 1;
        }
      } else {
        refuse(answer.code);
      }
    }
    await call(o, 'POST', 'orders', token, {});
    await call(o, 'POST', 'signout', token);
  }
  return summary;
}
