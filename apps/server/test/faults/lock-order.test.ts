import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, PROVIDER_HEADERS } from '@agent-bo/shared';
import { signProviderBody } from '../../src/modules/provider-api/signature.js';
import { createDatabase } from '../../src/db/client.js';
import { checkLedger } from '../../src/modules/ledger/check.js';
import { createTestDatabase } from '../helpers.js';
import { TestPool } from '../test-pool.js';
import { request, signin, sleep, startServer, stopServer, survived, type Reply, type ServerProcess } from '../ledger-load/harness.js';
import { newTally, tally } from './support.js';

/**
 * Every kind of write that touches accounts, at once, on the same few accounts of one branch
 * (admin001 → agentA01 → agentB01 → agentC01 …, and players under A01 and B01), for a few seconds:
 * status changes, edits, ratio changes, permission grants, moves of players and of a whole
 * subtree, credit moves, relief, the staff pull-back, the provider's wallet transfers, bet
 * batches that place, settle and cancel (a cancel refunds house → player), and role assignments
 * racing edits of the role's codes (which rewrite the holders' role_codes). They must wait for
 * each other, never deadlock: no 5xx at all, PostgreSQL's deadlock counter for the database
 * unchanged (pg_stat_database.deadlocks, read after the server closed its connections so every
 * backend has reported), and the ledger's invariants hold.
 */

let url: string;
let drop: () => Promise<void>;
let server: ServerProcess;
let admin: TestPool;

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  admin = new TestPool(url);
  server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'error' });
});

afterAll(async () => {
  if (server) await stopServer(server);
  await admin?.close();
  await drop?.();
});

async function deadlocks(): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(`select deadlocks::text as n from pg_stat_database where datname = current_database()`);
  return Number(rows[0]!.n);
}

async function ids(numbers: string[]): Promise<Record<string, number>> {
  const { rows } = await admin.query<{ id: number; account_no: string }>(
    `select id, account_no from accounts where site_id = 'tw_web' and account_no = any($1::text[])`,
    [numbers],
  );
  return Object.fromEntries(rows.map((r) => [r.account_no, r.id]));
}

let keyNo = 0;
const key = (p: string) => `${p}-${process.pid}-${++keyNo}`;

describe('one lock order for every write that touches accounts', () => {
  it('concurrent writes of every kind on the same accounts: no deadlock, no 5xx, the ledger holds', async () => {
    const id = await ids(['admin001', 'agentA01', 'agentB01', 'agentC01', 'player091', 'player094', 'player073', 'player079', 'player085']);
    const { rows: secretRows } = await admin.query<{ secret: string }>(
      `select secret from provider_merchants where site_id = 'tw_web' and provider_code = 'EVO'`,
    );
    const secret = secretRows[0]!.secret;
    // The provider's side of the pull-back: confirms every request, signed with the site's secret.
    const fakeProvider = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { transactionId: string; amount: string };
        const text = JSON.stringify({ transactionId: asked.transactionId, status: 'OK', amount: asked.amount });
        const ts = String(Date.now());
        res.writeHead(200, {
          'content-type': 'application/json',
          [PROVIDER_HEADERS.timestamp]: ts,
          [PROVIDER_HEADERS.signature]: signProviderBody(secret, ts, text),
        });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => fakeProvider.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(fakeProvider.address() as AddressInfo).port}`;
    await admin.query(`update provider_merchants set endpoint = $1 where site_id = 'tw_web' and provider_code = 'EVO'`, [endpoint]);
    const adminToken = await signin(server.port, 'admin001');
    const a01Token = await signin(server.port, 'agentA01');
    // A01's own grant, with and without one more code (a grant the admin may toggle freely)
    const { rows: grantRows } = await admin.query<{ permissions: string[] }>('select permissions from accounts where id = $1', [
      id.agentA01,
    ]);
    const grant = grantRows[0]!.permissions.filter((c) => c !== 'PLAYER_POINTS_READ');
    const before = await deadlocks();

    const t = newTally();
    const port = server.port;
    const manage = (token: string, path: string, body: Record<string, unknown>, idem = false): Promise<Reply> =>
      request(port, 'POST', `/api/manage/${path}`, {
        token,
        body,
        headers: { 'accept-language': 'en', ...(idem ? { 'idempotency-key': key(path.replace(/\W/g, '')) } : {}) },
        timeoutMs: 60_000,
      });
    const provider = (path: string, payload: unknown): Promise<Reply> => {
      const raw = JSON.stringify(payload);
      const ts = String(Date.now());
      return request(port, 'POST', `/api/provider/v1/${path}`, {
        body: payload,
        headers: { 'x-provider-code': 'EVO', 'x-timestamp': ts, 'x-signature': signProviderBody(secret, ts, raw) },
        timeoutMs: 60_000,
      });
    };

    // A role A01 and B01 take and lose while its codes change: an edit rewrites its holders'
    // role_codes (their account rows), an assignment locks the role, then the account.
    const made = await manage(adminToken, 'role/save', { name: { zh_TW: '鎖序' }, codes: ['GAME_READ'] });
    const roleId = (made.kind === 'answer' ? (made.body.data as { id: number }).id : 0) as number;
    let roleVersion = 1;
    const until = Date.now() + 6000;
    const loop = (what: string, step: (n: number) => Promise<Reply | undefined>) =>
      (async () => {
        for (let n = 0; Date.now() < until; n++) {
          const r = await step(n);
          if (r) tally(t, what, r);
        }
      })();

    const moves = [
      // players and a whole subtree up the chain, one step at a time (moves only go up)
      { id: id.player073!, to: id.agentA01! },
      { id: id.agentC01!, to: id.agentA01! },
      { id: id.player079!, to: id.agentA01! },
      { id: id.player073!, to: id.admin001! },
      { id: id.player085!, to: id.agentA01! },
      { id: id.agentC01!, to: id.admin001! },
      { id: id.player079!, to: id.admin001! },
    ];
    const bets: string[] = [];
    let pullBacksPending = 0;

    await Promise.all([
      // credit moves: admin ⇄ A01, A01 ⇄ B01, A01 ⇄ players
      loop('credit admin→A01', (n) =>
        manage(adminToken, `agent/${n % 2 ? 'withdraw' : 'recharge'}`, { id: id.agentA01, amount: '3.00' }, true),
      ),
      loop('credit A01→B01', (n) =>
        manage(a01Token, `agent/${n % 2 ? 'withdraw' : 'recharge'}`, { id: id.agentB01, amount: '2.00' }, true),
      ),
      loop('credit A01→player', (n) =>
        manage(
          a01Token,
          `player/${n % 2 ? 'withdraw' : 'recharge'}`,
          { id: n % 4 < 2 ? id.player091 : id.player094, amount: '1.00' },
          true,
        ),
      ),
      // relief (a transaction that locks, then checks)
      loop('relief', () => manage(a01Token, 'player/poor', { id: id.player094, amount: '1.00' }, true)),
      // edits, ratio and permission changes of A01 by the admin who moves credit with it
      loop('edit A01', (n) => manage(adminToken, 'agent/change_account_info', { id: id.agentA01, nickName: `A01 ${n}` })),
      loop('ratio A01', (n) => manage(adminToken, 'agent/change_account_info', { id: id.agentA01, ratio: n % 2 ? '89.00' : '90.00' })),
      loop('edit B01', (n) => manage(a01Token, 'agent/change_account_info', { id: id.agentB01, nickName: `B01 ${n}` })),
      loop('permissions A01', (n) =>
        manage(adminToken, 'agent/change_permissions', {
          id: id.agentA01,
          permissions: n % 2 ? grant : [...grant, 'PLAYER_POINTS_READ'],
        }),
      ),
      // role assignments of A01 (by the admin) and B01 (by A01), and edits of the role's codes
      loop('role assign A01', (n) =>
        manage(adminToken, `role/${n % 2 ? 'unassign' : 'assign'}`, { accountId: id.agentA01, roleIds: [roleId] }),
      ),
      loop('role assign B01', (n) =>
        manage(a01Token, `role/${n % 2 ? 'unassign' : 'assign'}`, { accountId: id.agentB01, roleIds: [roleId] }),
      ),
      loop('role edit', async (n) => {
        const r = await manage(adminToken, 'role/save', {
          id: roleId,
          version: roleVersion,
          name: { zh_TW: '鎖序' },
          codes: n % 2 ? ['GAME_READ'] : ['GAME_READ', 'TAG_READ'],
        });
        if (r.kind === 'answer' && r.body.success) roleVersion = (r.body.data as { version: number }).version;
        return r;
      }),
      // status changes of a player and of an agent the credit moves touch
      loop('status player', (n) => manage(adminToken, 'player/change_status', { id: id.player091, action: n % 2 ? 'ACTIVE' : 'DISABLE' })),
      loop('status B01', (n) =>
        manage(adminToken, 'agent/change_status', { id: id.agentB01, action: n % 2 ? 'FULLY_READ_ONLY_CANCEL' : 'FULLY_READ_ONLY' }),
      ),
      // moves (a player, a subtree), spread over the run
      loop('move', async (n) => {
        const m = moves[n];
        if (!m) {
          await sleep(200);
          return undefined;
        }
        await sleep(400);
        return manage(adminToken, 'agent/move', { id: m.id, newParentId: m.to });
      }),
      // the provider's wallet: player → provider and back (house ⇄ player)
      loop('wallet', (n) =>
        provider(`wallet/${n % 2 ? 'transfer_in' : 'transfer_out'}`, {
          siteId: 'tw_web',
          items: [
            { transactionId: key('w'), playerAccountNo: 'player091', amount: '2.00' },
            { transactionId: key('w'), playerAccountNo: 'player094', amount: '2.00' },
          ],
        }),
      ),
      // staff pull-back: reserves the amount with the player's row locked, asks the provider (the fake
      // above), then pays house → player. A PULL_BACK_PENDING (502: the provider's side did not
      // confirm) would be the provider's failure, not the server's: counted apart, and expected 0.
      loop('pull-back', async (n) => {
        const r = await manage(
          adminToken,
          'player/transfer_back',
          { id: n % 2 ? id.player091 : id.player094, providerCode: 'EVO', amount: '1.00' },
          true,
        );
        if (r.kind === 'answer' && r.body.code === ERRORS.PULL_BACK_PENDING.code) {
          pullBacksPending++;
          return undefined;
        }
        return r;
      }),
      // bets: place, then settle one and cancel another (the cancel refunds house → player)
      loop('bets', async (n) => {
        const placedAt = new Date(Date.now() - 60_000).toISOString();
        if (n % 3 === 0) {
          const a = key('bet');
          const b = key('bet');
          bets.push(a, b);
          const item = (betId: string, player: string) => ({
            betId,
            playerAccountNo: player,
            gameCode: 'baccarat-1',
            gameCategory: 'LIVE',
            roundId: `r-${betId}`,
            betAmount: '5.00',
            placedAt,
          });
          return provider('bets/place', { siteId: 'tw_web', items: [item(a, 'player091'), item(b, 'player094')] });
        }
        const [a, b] = bets.slice(-2);
        if (n % 3 === 1)
          return provider('bets/settle', {
            siteId: 'tw_web',
            items: [{ betId: a, validBet: '5.00', payout: '9.00', settledAt: new Date().toISOString() }],
          });
        return provider('bets/cancel', { siteId: 'tw_web', items: [{ betId: b }] });
      }),
    ]);

    // Every server connection closed, so every backend has reported its statistics.
    fakeProvider.close();
    const alive = survived(server);
    await stopServer(server);
    await sleep(500);
    const after = await deadlocks();
    const database = createDatabase(url, { max: 1 });
    const ledger = await checkLedger(database.db).finally(() => database.close());
    console.info(
      `[lock-order] deadlocks ${after - before}; pull-backs pending ${pullBacksPending}; ${JSON.stringify({ ...t, problems: t.problems.slice(0, 5) })}`,
    );

    expect(alive).toEqual([]);
    expect(t.problems.filter((p) => / 5\d\d /.test(p))).toEqual([]);
    expect(Object.keys(t.byStatus).filter((s) => Number(s) >= 500)).toEqual([]);
    // Before the one lock order: 11 deadlocks and 14 answers 500 in such a run.
    expect(after - before).toBe(0);
    expect(t.problems).toEqual([]);
    expect(t.ok).toBeGreaterThan(100);
    expect(pullBacksPending).toBe(0);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
    // the role traffic took place: assignments logged on both accounts, edits of the codes
    const { rows: roleLogs } = await admin.query<{ n: number }>(
      `select count(*)::int as n from operation_logs where target_id = any($1::integer[]) and after ? 'roles'`,
      [[id.agentA01, id.agentB01]],
    );
    expect(roleLogs[0]!.n).toBeGreaterThan(4);
    expect(roleVersion).toBeGreaterThan(2);
  }, 120_000);
});
