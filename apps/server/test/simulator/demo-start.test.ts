import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { SITE_IDS } from '@agent-bo/shared';
import { runningEmbeddedUrl } from '@agent-bo/simulator/database';
import { sleep, startServer, stopServer, type ServerProcess } from '../ledger-load/harness.js';

/**
 * The demo start: a server on an empty embedded database (src/server.ts, DEMO_TRAFFIC=on because
 * the suite runs under NODE_ENV=test) fills every site with simulated history through its own
 * provider API after it listens, logs one summary line, and still stops cleanly.
 */

let dataDir = '';
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('npm start on an empty embedded database ends with bets on every site, from the provider API', { timeout: 180_000 }, async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-bo-demo-traffic-'));
  // CLIENT_API_RATE_LIMIT=0: the demo's shoppers, all from this machine, would otherwise reach the
  // player API's limit per client (120 calls a minute) on the last site and wait out its
  // Retry-After, about a minute of this test spent idle. That wait is the shoppers' own behaviour,
  // tested in packages/simulator/src/shoppers.test.ts.
  server = await startServer({ DATA_DIR: dataDir, DEMO_TRAFFIC: 'on', LOG_LEVEL: 'info', CLIENT_API_RATE_LIMIT: '0' }, 150_000);
  const line = /demo traffic: (\d+) bets over the last (\d+) days on ([\w, ]+) through the provider API \((\d+) settled/;
  for (let i = 0; i < 600 && !line.test(server.output()); i++) await sleep(100);
  const m = line.exec(server.output());
  expect(m, server.output().slice(-3000)).not.toBeNull();
  expect(m![3]!.split(', ').sort()).toEqual([...SITE_IDS].sort());
  // The bets came in as provider calls (whose request lines are logged at warn only): replays
  // were answered DUPLICATE, which only the API's idempotency does.
  const duplicates = /(\d+) duplicates;/.exec(server.output());
  expect(Number(duplicates?.[1] ?? 0)).toBeGreaterThan(0);

  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ site_id: string; placed: number; settled: number; dates: number }>(
      `select site_id, count(*) filter (where version = 1)::int as placed, count(*) filter (where status = 'Settled')::int as settled,
              count(distinct business_date)::int as dates
         from bets group by site_id order by site_id`,
    );
    expect(rows.map((r) => r.site_id)).toEqual([...SITE_IDS].sort());
    expect(rows.reduce((s, r) => s + r.placed, 0)).toBe(Number(m![1]));
    expect(rows.reduce((s, r) => s + r.settled, 0)).toBe(Number(m![4]));
    for (const r of rows) expect(r.dates, r.site_id).toBeGreaterThanOrEqual(20);
    // The report's input was written with the bets.
    const [rollups] = (await client.query<{ n: number }>(`select count(*)::int as n from report_rollups`)).rows;
    expect(rollups!.n).toBeGreaterThan(0);
    // …and the players' credit went to the providers and back through the wallet calls.
    const [wallet] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from ledger_entries where kind in ('TRANSFER_OUT', 'TRANSFER_IN') and provider is not null`,
      )
    ).rows;
    expect(wallet!.n).toBeGreaterThan(0);
    // The simulator serves the providers' side: every merchant account calls its loopback endpoint,
    // which answers (an unsigned call is refused there, as the platform's signed calls are not).
    const endpoints = (await client.query<{ endpoint: string | null }>(`select distinct endpoint from provider_merchants`)).rows;
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]!.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const unsigned = await fetch(`${endpoints[0]!.endpoint}/wallet/report`, { method: 'POST', body: '{"siteId":"tw_web"}' });
    expect(unsigned.status).toBe(401);
    // No transfer_in of the burst went above a player's position (the provider's books and ours agree).
    const [held] = (await client.query<{ n: number }>(`select count(*)::int as n from provider_held_transfers`)).rows;
    expect(held!.n).toBe(0);
    // The settled bets earned points (the earning job), and players spent some in the store
    // through the player API after the bets.
    const store = /demo store: (\d+) orders/;
    for (let i = 0; i < 900 && !store.test(server.output()); i++) await sleep(100);
    const orders = Number(store.exec(server.output())?.[1] ?? 0);
    expect(orders, server.output().slice(-2000)).toBeGreaterThan(0);
    const [points] = (
      await client.query<{ earned: number; orders: number }>(
        `select (select count(*)::int from points_entries where type = 'GetByValidBet') as earned, (select count(*)::int from store_orders) as orders`,
      )
    ).rows;
    expect(points!.earned).toBeGreaterThan(0);
    expect(points!.orders).toBe(orders);
  } finally {
    await client.end();
  }
  const exited = server.exited;
  await stopServer(server, 'SIGTERM');
  expect(await exited).toBe(0);
  server = undefined;
});
