#!/usr/bin/env node
/**
 * Points store redemption benchmark (issue 14): the game client's player API over real HTTP.
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/simulator && npm run build -w @agent-bo/server
 *   node bench/store.mjs [--duration=10] [--warmup=2] [--connections=16] [--players=64] [--data-dir=DIR] [--json=out.json]
 *
 * The production server (LOG_LEVEL=warn, no rate limits) runs on a temporary DATA_DIR (initdb,
 * migrations, demo seed by the server itself; removed at the end unless --data-dir is given).
 * `--players` verified, unrestricted players of tw_web get 1,000,000 points each (one
 * GetByValidBet entry per player, written straight into the points ledger before the server
 * takes traffic) and sign in through the player API; each connection redeems with its own
 * players, a new idempotency key per call.
 *
 * Cases:
 * - hot: every call redeems one item of the same goods (a stock that never runs out): the goods
 *   row is the one lock every redemption queues on.
 * - random: every call redeems one item of one of 50 goods picked at random.
 * Only calls that start and end inside the measured window count; the points invariants are
 * checked at the end (the same check as `npm run ledger:check`).
 */
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedUrl, log, machine, parseOptions, request, requireFromServer, startServer, summary } from './support.mjs';

const opt = parseOptions({ duration: '10', warmup: '2', connections: '16', players: '64', 'data-dir': '', json: '' });
const duration = Number(opt.duration);
const warmup = Number(opt.warmup);
const connections = Number(opt.connections);
const playerCount = Number(opt.players);
const pg = requireFromServer('pg');
const HOST = 'tw-web.localhost';
const PASSWORD = 'Demo1234';

const dataDir = opt['data-dir'] || (await mkdtemp(path.join(os.tmpdir(), 'agent-bo-bench-store-')));
log('starting the server (initdb, migrations, demo seed) in', dataDir);
const server = await startServer({ DATA_DIR: dataDir, CLIENT_API_RATE_LIMIT: '0' });
const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
await db.connect();
const result = { machine: machine(), options: opt, cases: [] };
try {
  const { rows: players } = await db.query(
    `select a.id, a.account_no from accounts a
      where a.site_id = 'tw_web' and a.kind = 'PLAYER' and a.verify_status = 'VERIFIED'
        and not a.is_disabled and not a.is_full_disabled and not a.is_full_readonly
        and not exists (select 1 from accounts u where u.id = any(a.path) and (u.is_disabled or u.is_full_disabled or u.is_full_readonly))
      order by a.id limit $1`,
    [playerCount],
  );
  for (const p of players) {
    await db.query(`insert into points_accounts (player_id, site_id, balance) values ($1::int, 'tw_web', 1000000)`, [p.id]);
    await db.query(
      `insert into points_entries (site_id, player_id, type, amount, balance_after, provider_code, provider_bet_id, bet_row_id, bet_status)
       values ('tw_web', $1::int, 'GetByValidBet', 1000000, 1000000, 'BENCH', $2, -($1::int)::bigint, 'Settled')`,
      [p.id, `bench-${p.id}`],
    );
    await db.query(
      `insert into points_bet_earnings (site_id, provider_code, provider_bet_id, player_id, earned) values ('tw_web', 'BENCH', $1, $2, 1000000)`,
      [`bench-${p.id}`, p.id],
    );
  }
  const { rows: cats } = await db.query(`insert into store_categories (site_id, name) values ('tw_web', '{"zh_TW":"壓測"}') returning id`);
  const { rows: goods } = await db.query(
    `insert into store_goods (site_id, category_id, name, description, price, stock, status)
     select 'tw_web', $1, jsonb_build_object('zh_TW', 'bench ' || g), '{}', 1, 100000000, 'Published' from generate_series(1, 50) g
     returning id`,
    [cats[0].id],
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const tokens = [];
  for (const p of players) {
    const r = await request(agent, server.port, '/api/client/player/signin', {
      host: HOST,
      body: { accountNo: p.account_no, password: PASSWORD },
    });
    if (!r.body?.success) throw new Error(`sign-in of ${p.account_no} failed: ${JSON.stringify(r.body)}`);
    tokens.push(r.body.data.token);
  }
  log(`${tokens.length} players signed in, 50 goods`);

  let seq = 0;
  async function run(name, pickGoods) {
    const latencies = [];
    let ok = 0;
    let refused = 0;
    let errors = 0;
    const codes = {};
    const start = Date.now() + warmup * 1000;
    const end = start + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        for (let i = 0; Date.now() < end; i++) {
          const token = tokens[(c + i * connections) % tokens.length];
          const t0 = Date.now();
          const r = await request(agent, server.port, '/api/client/player/redeem', {
            host: HOST,
            token,
            body: { goodsId: pickGoods(), idempotencyKey: `bench-${process.pid}-${++seq}` },
          });
          if (t0 < start || Date.now() > end) continue;
          latencies.push(r.ms);
          if (r.body?.success) ok++;
          else if (r.body?.code) {
            refused++;
            codes[r.body.code] = (codes[r.body.code] ?? 0) + 1;
          } else errors++;
        }
      }),
    );
    const c = {
      name,
      connections,
      seconds: duration,
      redemptionsPerSecond: Math.round(ok / duration),
      ok,
      refused,
      refusedCodes: codes,
      errors,
      latencyMs: summary(latencies),
    };
    log(JSON.stringify(c));
    result.cases.push(c);
  }
  await run('hot goods (one item, every call)', () => goods[0].id);
  await run('random goods (50 items)', () => goods[Math.floor(Math.random() * goods.length)].id);

  const { rows: check } = await db.query(
    `select (select count(*)::int from points_accounts p where p.balance <> coalesce((select sum(amount) from points_entries e where e.player_id = p.player_id), 0)) as mismatches,
            (select count(*)::int from store_orders o where o.points <> -(select sum(amount) from points_entries e where e.order_id = o.id)) as bad_orders,
            (select count(*)::int from store_orders) as orders`,
  );
  result.check = check[0];
  log('points ledger after the run:', JSON.stringify(check[0]));
} finally {
  await db.end();
  await server.stop();
  if (!opt['data-dir']) await rm(dataDir, { recursive: true, force: true });
}
if (opt.json) await writeFile(opt.json, JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
