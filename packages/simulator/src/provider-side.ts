import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROVIDER_HEADERS,
  PROVIDER_MAX_SKEW_MS,
  PROVIDER_OUTBOUND_PATHS,
  formatMinorUnits,
  providerReportCallSchema,
  pullBackCallSchema,
  toMinorUnits,
  type ProviderReport,
  type ProviderTransferType,
  type PullBackAnswer,
} from '@agent-bo/shared';
import { signBody } from './client.js';
import type { Queryable } from './directory.js';

/**
 * The provider's own side of the money (docs/REPORTS.md, "the provider's side"): each player's
 * wallet at the provider per (site, provider), the provider's journal of transfers, and a small
 * HTTP endpoint serving the calls the platform makes to a provider — `wallet/pull_back` (staff
 * pull credit back: honoured once per transaction id, only from what the wallet holds) and
 * `wallet/report` (the journal of a time range, for the platform's reconciliation). Calls and
 * answers are signed with the site's secret at the provider, as the provider API's calls are.
 */

export interface JournalEntry {
  transactionId: string;
  type: ProviderTransferType;
  playerAccountNo: string;
  /** Minor units. */
  amount: bigint;
  at: Date;
}

const keyOf = (siteId: string, provider: string, player: string) => `${siteId}|${provider}|${player.toLowerCase()}`;

export class ProviderWallets {
  private readonly balances = new Map<string, bigint>();
  private readonly journals = new Map<string, JournalEntry[]>();
  private readonly pullBacks = new Map<string, { amount: bigint; answer: PullBackAnswer }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** What the player's wallet at the provider holds (minor units). */
  balance(siteId: string, provider: string, player: string): bigint {
    return this.balances.get(keyOf(siteId, provider, player)) ?? 0n;
  }

  /** Sets a wallet outright (a provider's books read at start). */
  set(siteId: string, provider: string, player: string, amount: bigint): void {
    this.balances.set(keyOf(siteId, provider, player), amount);
  }

  /** Stakes and payouts: the wallet moves, the transfer journal does not. */
  adjust(siteId: string, provider: string, player: string, delta: bigint): void {
    const k = keyOf(siteId, provider, player);
    this.balances.set(k, (this.balances.get(k) ?? 0n) + delta);
  }

  /** A transfer the provider made or received: the wallet moves and the journal records it. */
  record(siteId: string, provider: string, e: Omit<JournalEntry, 'at'> & { at?: Date }): void {
    const delta = e.type === 'TRANSFER_OUT' ? e.amount : -e.amount;
    this.adjust(siteId, provider, e.playerAccountNo, delta);
    const j = `${siteId}|${provider}`;
    const list = this.journals.get(j) ?? [];
    list.push({ ...e, at: e.at ?? this.now() });
    this.journals.set(j, list);
  }

  journal(siteId: string, provider: string, from: Date, to: Date): JournalEntry[] {
    return (this.journals.get(`${siteId}|${provider}`) ?? []).filter((e) => e.at >= from && e.at < to);
  }

  /** Whether a pull-back with this id was answered already. */
  knows(siteId: string, provider: string, transactionId: string): boolean {
    return this.pullBacks.has(`${siteId}|${provider}|${transactionId}`);
  }

  /** Honours a pull-back once per transaction id: from what the wallet holds, or not at all. */
  pullBack(siteId: string, provider: string, transactionId: string, player: string, amount: bigint): PullBackAnswer {
    const id = `${siteId}|${provider}|${transactionId}`;
    const first = this.pullBacks.get(id);
    if (first) {
      if (first.amount !== amount)
        return { transactionId, status: 'REFUSED', amount: formatMinorUnits(amount), reason: 'id used with another amount' };
      return first.answer.status === 'OK' ? { ...first.answer, status: 'DUPLICATE' } : first.answer;
    }
    let answer: PullBackAnswer;
    if (this.balance(siteId, provider, player) < amount) {
      answer = { transactionId, status: 'REFUSED', amount: formatMinorUnits(amount), reason: 'the wallet holds less' };
    } else {
      this.record(siteId, provider, { transactionId, type: 'PULL_BACK', playerAccountNo: player, amount });
      answer = { transactionId, status: 'OK', amount: formatMinorUnits(amount) };
    }
    this.pullBacks.set(id, { amount, answer });
    return answer;
  }
}

export interface ProviderSideOptions {
  wallets: ProviderWallets;
  /** The site's secret at the provider (undefined: unknown merchant, the call is refused). */
  secretOf: (siteId: string, provider: string) => string | undefined | Promise<string | undefined>;
  /**
   * Where the provider's books come from at a pull-back, when not only from `wallets`: the demo
   * reads what the player holds from the platform's database, so transfers made by other callers
   * of the provider API (a person, the browser tests) count too.
   */
  books?: (siteId: string, provider: string, player: string) => Promise<bigint>;
  host?: string;
  port?: number;
  now?: () => Date;
}

export interface ProviderSide {
  /** Base URL to configure as the merchants' endpoint. */
  url: string;
  /** Calls answered, by path (refused ones included). */
  calls: Record<string, number>;
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 256 * 1024) req.destroy(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Serves the provider's side on a loopback port. */
export async function startProviderSide(o: ProviderSideOptions): Promise<ProviderSide> {
  const now = o.now ?? (() => new Date());
  const calls: Record<string, number> = {};

  const reply = (res: ServerResponse, status: number, payload: unknown, secret?: string) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) {
      const ts = String(now().getTime());
      headers[PROVIDER_HEADERS.timestamp] = ts;
      headers[PROVIDER_HEADERS.signature] = signBody(secret, ts, body);
    }
    res.writeHead(status, headers).end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    calls[path] = (calls[path] ?? 0) + 1;
    if (req.method !== 'POST') return reply(res, 405, { error: 'method' });
    const raw = await readBody(req);
    const h = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const code = h(PROVIDER_HEADERS.provider);
    const ts = h(PROVIDER_HEADERS.timestamp);
    const sig = h(PROVIDER_HEADERS.signature);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return reply(res, 400, { error: 'not JSON' });
    }
    const siteId = (json as { siteId?: unknown } | null)?.siteId;
    const secret = code && typeof siteId === 'string' ? await o.secretOf(siteId, code) : undefined;
    if (!code || !ts || !sig || !secret || !/^\d{1,16}$/.test(ts) || Math.abs(now().getTime() - Number(ts)) > PROVIDER_MAX_SKEW_MS)
      return reply(res, 401, { error: 'unsigned' });
    const expected = Buffer.from(signBody(secret, ts, raw), 'hex');
    const given = Buffer.from(sig, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply(res, 401, { error: 'signature' });

    if (path === PROVIDER_OUTBOUND_PATHS.pullBack) {
      const call = pullBackCallSchema.safeParse(json);
      if (!call.success) return reply(res, 400, { error: 'invalid' }, secret);
      const c = call.data;
      if (o.books && !o.wallets.knows(c.siteId, code, c.transactionId))
        o.wallets.set(c.siteId, code, c.playerAccountNo, await o.books(c.siteId, code, c.playerAccountNo));
      return reply(res, 200, o.wallets.pullBack(c.siteId, code, c.transactionId, c.playerAccountNo, toMinorUnits(c.amount)), secret);
    }
    if (path === PROVIDER_OUTBOUND_PATHS.report) {
      const call = providerReportCallSchema.safeParse(json);
      if (!call.success) return reply(res, 400, { error: 'invalid' }, secret);
      const items = o.wallets.journal(call.data.siteId, code, new Date(call.data.from), new Date(call.data.to));
      const report: ProviderReport = {
        items: items.map((e) => ({
          transactionId: e.transactionId,
          type: e.type,
          playerAccountNo: e.playerAccountNo,
          amount: formatMinorUnits(e.amount),
          at: e.at.toISOString(),
        })),
      };
      return reply(res, 200, report, secret);
    }
    return reply(res, 404, { error: 'path' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The wallets as the provider's books would hold them, read (read-only) from a platform's database
 * on a demo or development machine: each player's position at each provider — transfers out less
 * transfers in and refunds, plus the win/loss of settled bets, less the stakes of unsettled ones.
 */
export async function loadProviderWallets(db: Queryable, wallets: ProviderWallets): Promise<void> {
  const { rows } = await db.query<{ site_id: string; account_no: string; provider: string; position: string }>(
    `with moved as (
       select e.account_id, e.provider, -sum(e.amount) as net from ledger_entries e
        where e.provider is not null and e.kind in ('TRANSFER_OUT', 'TRANSFER_IN', 'REFUND') group by 1, 2),
     played as (
       select b.player_id as account_id, b.provider_code as provider,
              sum(case when b.status = 'Settled' then b.win_loss else -b.bet_amount end) as net
         from bets b where b.status in ('Settled', 'Unsettled') group by 1, 2)
     select a.site_id, a.account_no, m.provider, (m.net + coalesce(p.net, 0))::text as position
       from moved m join accounts a on a.id = m.account_id and a.kind = 'PLAYER'
       left join played p on p.account_id = m.account_id and p.provider = m.provider`,
  );
  for (const r of rows) {
    const position = BigInt(r.position);
    if (position > 0n) wallets.set(r.site_id, r.provider, r.account_no, position);
  }
}

/** A site's secret at a provider, read (read-only) from a platform's database at every call, so a rotation holds at once. */
export function databaseSecrets(db: Queryable): (siteId: string, provider: string) => Promise<string | undefined> {
  return async (siteId, provider) => {
    const { rows } = await db.query<{ secret: string | null }>(
      'select secret from provider_merchants where site_id = $1 and provider_code = $2',
      [siteId, provider],
    );
    return rows[0]?.secret ?? undefined;
  };
}

/**
 * The demo's books: what a player holds at a provider, read (read-only) from a platform's database —
 * its position there (a resend of a confirmed pull-back is answered from the provider's memory of
 * the transaction id, before the books are asked).
 */
export function databaseBooks(db: Queryable): (siteId: string, provider: string, player: string) => Promise<bigint> {
  return async (siteId, provider, player) => {
    const { rows } = await db.query<{ holds: string }>(
      `select (coalesce((select -sum(e.amount) from ledger_entries e
                 where e.account_id = a.id and e.provider = $2 and e.kind in ('TRANSFER_OUT', 'TRANSFER_IN', 'REFUND')), 0)
             + coalesce((select sum(case when b.status = 'Settled' then b.win_loss else -b.bet_amount end) from bets b
                 where b.player_id = a.id and b.provider_code = $2 and b.status in ('Settled', 'Unsettled')), 0))::text as holds
         from accounts a where a.site_id = $1 and lower(a.account_no) = lower($3) and a.kind = 'PLAYER'`,
      [siteId, provider, player],
    );
    return rows[0] ? BigInt(rows[0].holds) : 0n;
  };
}
