#!/usr/bin/env node
/**
 * Bet ingestion benchmark (issue 6): the signed provider API over real HTTP on 127.0.0.1.
 *
 *   npm run build -w @agent-bo/shared && npm run build -w @agent-bo/server
 *   node bench/bets.mjs [--duration=10] [--warmup=2] [--single-connections=16] [--batch-connections=5]
 *                       [--batch=1000] [--duplicates=0.1] [--copy-rows=500000] [--cases=single,batch,settle,copy]
 *                       [--rounds=1] [--settle-bets=200000] [--data-dir=DIR] [--json=out.json] [--server-dist=DIR]
 *                       [--server-node-args=--cpu-prof,--cpu-prof-dir=/tmp/prof] [--analyze=false]
 *
 * `--analyze=true` analyzes the database before the place rounds, `bets` before every place
 * round after the first and before every settle round (after its bets are stored): a fresh
 * database has no statistics until autovacuum's first pass, a table in service has them.
 *
 * The production server (LOG_LEVEL=warn, no rate limit) runs on a temporary DATA_DIR (initdb,
 * migrations, demo seed by the server itself; removed at the end unless --data-dir is given).
 * Bets go to the demo site tw_web for its VERIFIED, unrestricted players; each connection signs
 * with one provider's secret (read from the database), connection w using the w-th ACTIVE
 * provider, since batches of one (site, provider) are serialised by the API.
 *
 * Cases:
 * - single: `--single-connections` connections, each call places one new bet.
 * - batch: `--batch-connections` connections, each call places `--batch` items of which a share
 *   `--duplicates` are identical replays of bets placed earlier by the same connection
 *   (answered DUPLICATE, nothing written); bets/s counts the new bets (OK), items/s everything.
 * - settle: `--batch-connections` connections settle Unsettled bets in batches of `--batch` (these
 *   calls write the bet versions and the rollups of every chain link; half the bets lose, half win
 *   twice the stake). Before each round `--settle-bets` Unsettled bets are stored by a COPY (not
 *   measured, committed), as bets/place would store them, split over the connections; a round
 *   ends early when they are all settled (the rate is over the time measured).
 * - copy: the raw ceiling — COPY of `--copy-rows` generated bet rows into the same `bets` table
 *   with its indexes, through pg-copy-streams, in one transaction rolled back at the end.
 * - write (not in the default list): the two ways to store a batch's new bets, straight through
 *   `pg` — `INSERT … SELECT FROM unnest(…)` with one array parameter per column, and COPY — each
 *   `--write-transactions` times alternating, `--batch` rows per transaction (rolled back).
 * - probe (not in the default list; after the batch case, on the bets it stored): the two ways a
 *   batch finds its known bets (the server's own SQL, from apps/server/dist), straight through
 *   `pg` as named statements — one lateral probe of the unique index per id, and one scan of the
 *   ids as an array — each `--probe-runs` times alternating: place's (place.ts, `--batch` ids of
 *   which a share `--duplicates` are stored) and settle's, cancel's and resettle's (transition-reads.ts,
 *   every version of `--batch` bets stored one after the other); `bets` is analyzed first (the
 *   array scan is planned for it only with statistics).
 *
 * With `--rounds=N` the batch and copy cases run N times, alternating (batch, copy, batch, copy …),
 * so on a shared machine each batched figure has a ceiling measured next to it; so do the settle
 * and copy cases (settle, copy, settle, copy …, after the place rounds). The summaries (`summary`
 * for place, `settleSummary` for settle) give the batched bets/s, COPY rows/s and their ratio per
 * round and over all rounds (the sums), the CPU per 1,000 bets, with the load average before and
 * after. `--server-dist` starts another build (e.g. the commit before a
 * change, built into DIR/apps/server/dist with its `drizzle` folder beside it) for a before/after.
 *
 * Only calls that start and end inside the measured window count; latency is per HTTP call.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import {
  embeddedUrl,
  log,
  machine,
  parseOptions,
  request,
  requireFromServer,
  serverDist,
  sleep,
  startServer,
  summary,
} from './support.mjs';

const opt = parseOptions({
  duration: '10',
  warmup: '2',
  'single-connections': '16',
  'batch-connections': '5',
  batch: '1000',
  duplicates: '0.1',
  'copy-rows': '500000',
  'write-transactions': '50',
  'probe-runs': '200',
  cases: 'single,batch,settle,copy',
  rounds: '1',
  /**
   * `true`: ANALYZE the database before the measured cases, and `bets` again before every batch
   * round after the first. A fresh database has no statistics for the tables the bench fills
   * until autovacuum's first pass (it looks every minute, and on a table growing this fast its
   * vacuum may not end within a run), and plans made meanwhile are for near-empty tables; the
   * place batch reads its known bets by one array scan only once `bets` has statistics. So the
   * first round measures a fresh database, the later ones a table in service.
   */
  analyze: 'false',
  /** Unsettled bets stored before each settle round. */
  'settle-bets': '200000',
  'data-dir': '',
  json: '',
  /** Extra node flags for the server, comma separated (e.g. --cpu-prof,--cpu-prof-dir=/tmp/prof). */
  'server-node-args': '',
  /** The server's dist folder (default apps/server/dist): a baseline build for a before/after. */
  'server-dist': '',
});
const duration = Number(opt.duration);
const warmup = Number(opt.warmup);
const batchSize = Number(opt.batch);
const dupShare = Number(opt.duplicates);
const cases = new Set(opt.cases.split(','));
const rounds = Number(opt.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error('--rounds must be a whole number ≥ 1');
if (!(batchSize >= 1 && batchSize <= 1000)) throw new Error('--batch must be 1..1000');
if (!(dupShare >= 0 && dupShare < 1)) throw new Error('--duplicates must be in [0, 1)');
const pg = requireFromServer('pg');
const copyStreams = requireFromServer('pg-copy-streams');

const SITE = 'tw_web';
const ownDir = !opt['data-dir'];
const dataDir = ownDir ? await mkdtemp(path.join(os.tmpdir(), 'agent-bo-bench-bets-')) : path.resolve(opt['data-dir']);
log(`starting the server (initdb, migrations, demo seed) in ${dataDir}`);
const server = await startServer(
  { DATA_DIR: dataDir },
  opt['server-node-args'].split(',').filter(Boolean),
  opt['server-dist'] ? path.resolve(opt['server-dist']) : undefined,
);
const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
await db.connect();
const results = { machine: machine(), options: opt, cases: [] };

/**
 * CPU time (ms) of the server process, of the PostgreSQL cluster (the postmaster and its children:
 * backends, writers) and of this client, from /proc (Linux): on a shared machine the rates move
 * with the load, the CPU a bet costs much less. Processes that end inside a window are not counted.
 */
const TICK_MS = 10; // USER_HZ = 100 on Linux
function procCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return undefined;
  }
}
function cpuSnapshot() {
  let postgres = 0;
  try {
    const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const c = procCpu(name);
      if (c && (Number(name) === postmaster || c.ppid === postmaster)) postgres += c.ms;
    }
  } catch {
    return undefined; // not Linux, or no cluster of our own
  }
  const u = process.cpuUsage();
  return { server: procCpu(server.pid)?.ms ?? 0, postgres, client: (u.user + u.system) / 1000 };
}
/** CPU ms per 1,000 rows between two snapshots, per process and in all. */
function cpuPerThousand(a, b, rows) {
  if (!a || !b || !rows) return undefined;
  const per = (k) => Number((((b[k] - a[k]) * 1000) / rows).toFixed(1));
  const r = { server: per('server'), postgres: per('postgres'), client: per('client') };
  return { ...r, total: Number((r.server + r.postgres + r.client).toFixed(1)) };
}

const run = `b${randomBytes(3).toString('hex')}`;
const CATEGORY = { EVO: 'LIVE', PG: 'SLOT', JILI: 'FISH', SABA: 'SPORTS', PP: 'SLOT' };

function signedPost(agent, provider, op, items) {
  const body = JSON.stringify({ siteId: SITE, items });
  const ts = String(Date.now());
  const sig = createHmac('sha256', provider.secret).update(`${ts}.${body}`).digest('hex');
  return request(agent, server.port, `/api/provider/v1/bets/${op}`, {
    rawBody: body,
    headers: { 'x-provider-code': provider.code, 'x-timestamp': ts, 'x-signature': sig },
  });
}

/**
 * `connections` workers call `once(w, i)` back to back for warmup + duration seconds. `once`
 * resolves { ms, ok, duplicate, refused, items, error }. Only calls inside the window count.
 */
async function measure(name, connections, once, seconds = duration) {
  const lat = [];
  const totals = { calls: 0, items: 0, ok: 0, duplicate: 0, refused: 0, errors: 0 };
  let measuring = false;
  let stop = false;
  let firstError;
  const workers = Array.from({ length: connections }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const was = measuring;
      const r = await once(w, i);
      if (r === null) break; // nothing left to do
      if (r.error && !firstError) firstError = r.error;
      if (was && measuring) {
        lat.push(r.ms);
        totals.calls++;
        totals.items += r.items;
        totals.ok += r.ok;
        totals.duplicate += r.duplicate;
        totals.refused += r.refused;
        if (r.error) totals.errors++;
      }
    }
  });
  // A case that runs out of work (settle: every bet settled) ends its window when the last worker stops.
  const done = Promise.all(workers);
  await Promise.race([sleep(warmup * 1000), done]);
  measuring = true;
  const cpu0 = cpuSnapshot();
  const t0 = process.hrtime.bigint();
  await Promise.race([sleep(seconds * 1000), done]);
  measuring = false;
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu1 = cpuSnapshot();
  stop = true;
  await done;
  const result = {
    name,
    connections,
    seconds: Number(wall.toFixed(2)),
    betsPerSecond: Math.round(totals.ok / wall),
    itemsPerSecond: Math.round(totals.items / wall),
    callsPerSecond: Math.round(totals.calls / wall),
    ...totals,
    latencyMs: summary(lat),
    /** CPU ms per 1,000 items (server, PostgreSQL, this client); calls overlapping the window's edges blur it slightly. */
    cpuMsPer1000Items: cpuPerThousand(cpu0, cpu1, totals.items),
    loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
    firstError,
  };
  log(JSON.stringify(result));
  results.cases.push(result);
  return result;
}

const outcome = (r, items) => {
  if (!r.body?.success)
    return { ms: r.ms, items, ok: 0, duplicate: 0, refused: 0, error: JSON.stringify(r.body ?? r.error ?? r.status).slice(0, 300) };
  const d = r.body.data;
  return {
    ms: r.ms,
    items,
    ok: d.ok,
    duplicate: d.duplicate,
    refused: d.refused,
    error: d.refused ? JSON.stringify(d.results.find((x) => x.status === 'REFUSED')) : undefined,
  };
};

try {
  const { rows: providers } = await db.query(
    `select provider_code as code, secret from provider_merchants where site_id = $1 and status = 'ACTIVE' and secret is not null order by provider_code`,
    [SITE],
  );
  // Players who may bet with each provider: VERIFIED, not disabled, no fully disabled or fully
  // read-only ancestor, the provider enabled.
  const { rows: players } = await db.query(
    `select p.id, p.path, p.account_no, p.providers from accounts p
      where p.site_id = $1 and p.kind = 'PLAYER' and p.verify_status = 'VERIFIED' and not p.is_disabled
        and not p.is_full_disabled and not p.is_full_readonly
        and not exists (select 1 from accounts a where a.id = any (p.path) and (a.is_full_disabled or a.is_full_readonly))`,
    [SITE],
  );
  const byProvider = new Map(providers.map((p) => [p.code, players.filter((x) => x.providers.includes(p.code)).map((x) => x.account_no)]));
  const usable = providers.filter((p) => byProvider.get(p.code).length > 0);
  log(`${players.length} players; providers ${usable.map((p) => `${p.code} (${byProvider.get(p.code).length} players)`).join(', ')}`);

  let seq = 0;
  // One instant per call (its items are made within a millisecond or two anyway): the bench's own
  // CPU shares the machine with the server and PostgreSQL, and a toISOString per item was a sixth of it.
  const newItem = (provider, w, placedAt = new Date().toISOString()) => {
    const list = byProvider.get(provider.code);
    const n = ++seq;
    return {
      betId: `${run}-${w}-${n}`,
      playerAccountNo: list[n % list.length],
      gameCode: `${provider.code}-G${n % 40}`,
      gameCategory: CATEGORY[provider.code] ?? 'SLOT',
      roundId: `r${n}`,
      betAmount: `${10 + (n % 490)}.00`,
      placedAt,
    };
  };

  if (cases.has('single')) {
    const conns = Number(opt['single-connections']);
    const agents = Array.from({ length: conns }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    await measure('single place (1 bet per call)', conns, async (w) => {
      const provider = usable[w % usable.length];
      return outcome(await signedPost(agents[w], provider, 'place', [newItem(provider, w)]), 1);
    });
    for (const a of agents) a.destroy();
  }

  /**
   * Bets placed by the batch case, per connection, for its duplicates: the latest REPLAY_WINDOW
   * (a provider replays what it sent lately; keeping every bet made the bench's own GC grow with
   * the run).
   */
  const REPLAY_WINDOW = 20_000;
  const placed = [];
  const batchConns = Number(opt['batch-connections']);
  for (let w = 0; w < batchConns; w++) placed.push([]);
  /** How often autovacuum visited `bets` so far, and its live rows: a young table growing fast is vacuumed and analyzed again at every 20 %. */
  const vacuumState = async () =>
    (
      await db.query(
        `select autovacuum_count::int as vacuums, autoanalyze_count::int as analyzes, n_live_tup::int as rows from pg_stat_user_tables where relname = 'bets'`,
      )
    ).rows[0];
  const batchRound = async (round) => {
    if (opt.analyze === 'true' && round > 1) {
      // The bets the rounds before stored, analyzed as autovacuum analyzes a table in service.
      const t = Date.now();
      await db.query('analyze bets');
      log(`analyze bets before round ${round}: ${Date.now() - t} ms`);
    }
    const before = await vacuumState();
    const r = await batchRoundMeasured(round);
    // The counters move when a run ends; one still running shows in the next round.
    const after = await vacuumState();
    r.autovacuum = {
      vacuums: after.vacuums - before.vacuums,
      analyzes: after.analyzes - before.analyzes,
      rowsBefore: before.rows,
      rowsAfter: after.rows,
    };
    log(`autovacuum of bets during ${r.name}: ${JSON.stringify(r.autovacuum)}`);
    return r;
  };
  const batchRoundMeasured = async (round) => {
    const agents = Array.from({ length: batchConns }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const label = rounds > 1 ? `, round ${round}` : '';
    const r = await measure(
      `batched place (${batchSize} items, ${Math.round(dupShare * 100)} % duplicates${label})`,
      batchConns,
      async (w) => {
        const provider = usable[w % usable.length];
        const mine = placed[w];
        const items = [];
        const dups = mine.length >= batchSize ? Math.round(batchSize * dupShare) : 0;
        for (let k = 0; k < dups; k++) items.push(mine[Math.floor(Math.random() * mine.length)]);
        const fresh = [];
        const placedAt = new Date().toISOString();
        while (items.length < batchSize) {
          const it = newItem(provider, w, placedAt);
          fresh.push(it);
          items.push(it);
        }
        const r = outcome(await signedPost(agents[w], provider, 'place', items), items.length);
        if (r.ok) {
          mine.push(...fresh);
          if (mine.length > 2 * REPLAY_WINDOW) mine.splice(0, mine.length - REPLAY_WINDOW);
        }
        return r;
      },
    );
    for (const a of agents) a.destroy();
    return r;
  };

  const copyRound = async (round) => {
    const rows = Number(opt['copy-rows']);
    const { rows: sample } = await db.query(`select id, path from accounts where site_id = $1 and kind = 'PLAYER' limit 100`, [SITE]);
    const { rows: idx } = await db.query(`select count(*)::int as n from pg_indexes where tablename = 'bets'`);
    const day = new Date().toISOString().slice(0, 10);
    const at = new Date().toISOString();
    function* gen() {
      let chunk = '';
      for (let n = 0; n < rows; n++) {
        const p = sample[n % sample.length];
        chunk += `${SITE}\tEVO\t${run}-copy-${n}\t1\t${p.id}\t{${p.path.join(',')}}\tEVO-G${n % 40}\tLIVE\tr${n}\t${1000 + (n % 49000)}\t0\t0\t0\tUnsettled\t${at}\t\\N\t\\N\t${day}\n`;
        if (chunk.length > 256_000) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    await db.query('begin');
    const cpu0 = cpuSnapshot();
    const t0 = process.hrtime.bigint();
    await pipeline(
      Readable.from(gen()),
      db.query(
        copyStreams.from(
          'copy bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id, bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, share_ratios, business_date) from stdin',
        ),
      ),
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu1 = cpuSnapshot();
    await db.query('rollback');
    const r = {
      name: `raw COPY into bets (${idx[0].n} indexes), one transaction${rounds > 1 ? `, round ${round}` : ''}`,
      rows,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / seconds),
      cpuMsPer1000Rows: cpuPerThousand(cpu0, cpu1, rows),
      loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
    };
    log(JSON.stringify(r));
    results.cases.push(r);
    return r;
  };

  /** The place or settle rounds and their COPY ceilings: per round and over all rounds (sums). */
  const pairSummary = (pairs, loadBefore) => {
    const ratio = (bets, rows) => Number((bets / rows).toFixed(3));
    const sum = { bets: 0, seconds: 0, rows: 0, copySeconds: 0 };
    for (const p of pairs) {
      sum.bets += p.batched.ok;
      sum.seconds += p.batched.seconds;
      sum.rows += p.copied.rows;
      sum.copySeconds += p.copied.seconds;
    }
    return {
      rounds: pairs.map((p, i) => ({
        round: i + 1,
        batchedBetsPerSecond: p.batched.betsPerSecond,
        copyRowsPerSecond: p.copied.rowsPerSecond,
        ratio: ratio(p.batched.betsPerSecond, p.copied.rowsPerSecond),
        // CPU per bet stored or settled: the batch's CPU per item × items per OK, against COPY's per row.
        cpuMsPer1000Bets:
          p.batched.cpuMsPer1000Items && Number(((p.batched.cpuMsPer1000Items.total * p.batched.items) / p.batched.ok).toFixed(1)),
        cpuMsPer1000CopyRows: p.copied.cpuMsPer1000Rows?.total,
        loadavg: p.copied.loadavg,
      })),
      batchedBetsPerSecond: Math.round(sum.bets / sum.seconds),
      copyRowsPerSecond: Math.round(sum.rows / sum.copySeconds),
      ratio: ratio(sum.bets / sum.seconds, sum.rows / sum.copySeconds),
      loadavgBefore: loadBefore,
      loadavgAfter: os.loadavg().map((x) => Number(x.toFixed(2))),
    };
  };

  // Batched place and its ceiling, alternating, so each batched figure has a COPY figure measured
  // next to it on the same (shared) machine.
  if (opt.analyze === 'true') {
    const t = Date.now();
    await db.query('analyze');
    log(`analyze: ${Date.now() - t} ms`);
  }
  const loadBefore = os.loadavg().map((x) => Number(x.toFixed(2)));
  const pairs = [];
  if (cases.has('batch') || (cases.has('copy') && !cases.has('settle')))
    for (let round = 1; round <= rounds; round++) {
      const batched = cases.has('batch') ? await batchRound(round) : undefined;
      const copied = cases.has('copy') ? await copyRound(round) : undefined;
      pairs.push({ batched, copied });
    }
  if (cases.has('batch') && cases.has('copy')) {
    results.summary = pairSummary(pairs, loadBefore);
    log(`summary ${JSON.stringify(results.summary)}`);
  }

  if (cases.has('probe')) {
    await db.query('analyze bets');
    const [provider] = usable;
    const betCount = (await db.query(`select reltuples::bigint as n from pg_class where relname = 'bets'`)).rows[0].n;
    /** Times each form (a statement over $1 site, $2 provider, $3 ids) `--probe-runs` times, alternating. */
    const timeForms = async (label, forms, idsOf, check) => {
      const spent = Object.fromEntries(Object.keys(forms).map((k) => [k, []]));
      for (let t = 0; t < Number(opt['probe-runs']); t++) {
        const ids = idsOf();
        for (const [name, text] of Object.entries(forms)) {
          const t0 = process.hrtime.bigint();
          const { rows } = await db.query({
            name: `probe_${label}_${Object.keys(forms).indexOf(name)}`,
            text,
            values: [SITE, provider.code, ids],
          });
          spent[name].push(Number(process.hrtime.bigint() - t0) / 1e6);
          check(name, rows);
        }
      }
      return spent;
    };
    const report = (name, spent) => {
      const r = {
        name: `${name} among ${betCount} bets, ${opt['probe-runs']} runs each, alternating`,
        ms: Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, summary(v)])),
        loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
      };
      log(JSON.stringify(r));
      results.cases.push(r);
    };

    // The two branches of place.ts READ_BATCH's known bets, from the server's build (apps/server/dist),
    // each as a statement of its own: a share --duplicates of the ids stored, the rest new.
    const { rows: stored } = await db.query(
      `select provider_bet_id as id from bets where site_id = $1 and provider_code = $2 and version = 1 order by random() limit $3`,
      [SITE, provider.code, Math.round(batchSize * dupShare)],
    );
    const place = await import(pathToFileURL(path.join(serverDist, 'modules', 'provider-api', 'place.js')).href);
    let n = 0;
    const placeSpent = await timeForms(
      'place',
      {
        'lateral probe per id': `select ${place.KNOWN_BETS_BY_PROBES} as stored`,
        'array scan': `select ${place.KNOWN_BETS_BY_ARRAY} as stored`,
      },
      () => [...stored.map((r) => r.id), ...Array.from({ length: batchSize - stored.length }, () => `${run}-probe-${++n}`)],
      (name, rows) => {
        if (rows[0].stored.length !== stored.length)
          throw new Error(`${name} found ${rows[0].stored.length} of ${stored.length} stored bets`);
      },
    );
    report(`known bets of ${batchSize} ids (${stored.length} stored)`, placeSpent);

    // The two branches of transition-reads.ts TRANSITION_READ (settle, cancel, resettle): every version of
    // --batch stored bets, as a settle batch reads them — bets placed together (consecutive rows of
    // the latest --batch × 20 of the provider), which settle together.
    const transitionReads = await import(pathToFileURL(path.join(serverDist, 'modules', 'provider-api', 'transition-reads.js')).href);
    if (transitionReads.VERSIONS_BY_ARRAY) {
      const { rows: pool } = await db.query(
        `select provider_bet_id as id from (select id, provider_bet_id from bets where site_id = $1 and provider_code = $2 and version = 1
          order by id desc limit $3) b order by id`,
        [SITE, provider.code, batchSize * 20],
      );
      let next = 0;
      const versionsSpent = await timeForms(
        'versions',
        { 'lateral probe per id': transitionReads.VERSIONS_BY_PROBES, 'array scan': transitionReads.VERSIONS_BY_ARRAY },
        () => Array.from({ length: batchSize }, () => pool[next++ % pool.length].id),
        (name, rows) => {
          if (rows.length < Math.min(batchSize, pool.length))
            throw new Error(`${name} found ${rows.length} versions of ${batchSize} stored bets`);
        },
      );
      report(`every version of ${batchSize} stored bets`, versionsSpent);
    }
  }

  if (cases.has('write')) {
    const { rows: sample } = await db.query(`select id, path from accounts where site_id = $1 and kind = 'PLAYER' limit 100`, [SITE]);
    const day = new Date().toISOString().slice(0, 10);
    const at = new Date().toISOString();
    let n = 0;
    const rowsOf = () =>
      Array.from({ length: batchSize }, () => {
        const p = sample[++n % sample.length];
        return [`${run}-write-${n}`, p.id, `{${p.path.join(',')}}`, `EVO-G${n % 40}`, 'LIVE', `r${n}`, String(1000 + (n % 49000)), at, day];
      });
    const ways = {
      'INSERT … SELECT FROM unnest': async (rows) => {
        const col = (k) => rows.map((r) => r[k]);
        await db.query(
          `insert into bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id,
                             bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios)
           select $1, 'EVO', u.id, 1, u.player_id, u.agent_path::int[], u.game_code, u.game_category, u.round_id, u.bet_amount, 0, 0, 0,
                  'Unsettled', u.placed_at, null, u.business_date, null
             from unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::timestamptz[], $10::date[])
                  as u(id, player_id, agent_path, game_code, game_category, round_id, bet_amount, placed_at, business_date)`,
          [SITE, col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), col(8)],
        );
      },
      COPY: async (rows) => {
        const text = rows
          .map(
            (r) =>
              `${SITE}\tEVO\t${r[0]}\t1\t${r[1]}\t${r[2]}\t${r[3]}\t${r[4]}\t${r[5]}\t${r[6]}\t0\t0\t0\tUnsettled\t${r[7]}\t\\N\t${r[8]}\t\\N\n`,
          )
          .join('');
        await pipeline(
          Readable.from([text], { objectMode: false }),
          db.query(
            copyStreams.from(
              'copy bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id, bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios) from stdin',
            ),
          ),
        );
      },
    };
    const spent = Object.fromEntries(Object.keys(ways).map((k) => [k, 0]));
    for (let t = 0; t < Number(opt['write-transactions']); t++) {
      for (const [name, write] of Object.entries(ways)) {
        const rows = rowsOf();
        await db.query('begin');
        const t0 = process.hrtime.bigint();
        await write(rows);
        spent[name] += Number(process.hrtime.bigint() - t0) / 1e9;
        await db.query('rollback');
      }
    }
    const rowsPerSecond = (name) => Math.round((Number(opt['write-transactions']) * batchSize) / spent[name]);
    const r = {
      name: `storing ${batchSize} new bets per transaction, ${opt['write-transactions']} transactions each, alternating`,
      insertRowsPerSecond: rowsPerSecond('INSERT … SELECT FROM unnest'),
      copyRowsPerSecond: rowsPerSecond('COPY'),
      ratio: Number((spent.COPY / spent['INSERT … SELECT FROM unnest']).toFixed(3)),
      loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
    };
    log(JSON.stringify(r));
    results.cases.push(r);
  }

  if (cases.has('settle')) {
    // Settle rounds and their ceiling, alternating like the place rounds.
    const perConnection = Math.ceil(Number(opt['settle-bets']) / batchConns);
    const playerRows = new Map(usable.map((p) => [p.code, players.filter((x) => x.providers.includes(p.code))]));
    const money = (minor) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
    /** Stores `perConnection` Unsettled bets per connection (its provider's), as bets/place stores them. */
    const storeUnsettled = async (round) => {
      const day = new Date().toISOString().slice(0, 10);
      const at = new Date().toISOString();
      const open = [];
      function* gen() {
        for (let w = 0; w < batchConns; w++) {
          const provider = usable[w % usable.length];
          const list = playerRows.get(provider.code);
          const mine = [];
          open.push(mine);
          let chunk = '';
          for (let k = 0; k < perConnection; k++) {
            const p = list[k % list.length];
            const betId = `${run}-s${round}-${w}-${k}`;
            const stake = 1000 + ((k * 7919) % 49000);
            mine.push({ betId, stake });
            chunk +=
              `${SITE}\t${provider.code}\t${betId}\t1\t${p.id}\t{${p.path.join(',')}}\t${provider.code}-G${k % 40}\t` +
              `${CATEGORY[provider.code] ?? 'SLOT'}\tr${k}\t${stake}\t0\t0\t0\tUnsettled\t${at}\t\\N\t${day}\t\\N\n`;
            if (chunk.length > 256_000) {
              yield chunk;
              chunk = '';
            }
          }
          if (chunk) yield chunk;
        }
      }
      const t0 = process.hrtime.bigint();
      await pipeline(
        Readable.from(gen()),
        db.query(
          copyStreams.from(
            'copy bets (site_id, provider_code, provider_bet_id, version, player_id, agent_path, game_code, game_category, round_id, bet_amount, valid_bet, payout, win_loss, status, placed_at, settled_at, business_date, share_ratios) from stdin',
          ),
        ),
      );
      log(`stored ${perConnection * batchConns} Unsettled bets to settle in ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s`);
      return open;
    };
    const settleRound = async (round) => {
      const open = await storeUnsettled(round);
      if (opt.analyze === 'true') {
        // As autovacuum would after a fifth of the table is new: a table in service has statistics
        // (a settle batch reads its bets by one array scan only then, transition-reads.ts).
        const t = Date.now();
        await db.query('analyze bets');
        log(`analyze bets before settle round ${round}: ${Date.now() - t} ms`);
      }
      const agents = Array.from({ length: batchConns }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const cursor = open.map(() => 0);
      const r = await measure(
        `batched settle (${batchSize} items; bet versions + rollups${rounds > 1 ? `, round ${round}` : ''})`,
        batchConns,
        async (w) => {
          const provider = usable[w % usable.length];
          const mine = open[w];
          if (cursor[w] >= mine.length) return null;
          const slice = mine.slice(cursor[w], cursor[w] + batchSize);
          cursor[w] += slice.length;
          const now = new Date().toISOString();
          const items = slice.map((b, k) => ({
            betId: b.betId,
            validBet: money(b.stake),
            payout: k % 2 === 0 ? '0.00' : money(2 * b.stake),
            settledAt: now,
          }));
          return outcome(await signedPost(agents[w], provider, 'settle', items), items.length);
        },
      );
      for (const a of agents) a.destroy();
      return r;
    };
    const settleLoadBefore = os.loadavg().map((x) => Number(x.toFixed(2)));
    const settlePairs = [];
    for (let round = 1; round <= rounds; round++) {
      const batched = await settleRound(round);
      const copied = cases.has('copy') ? await copyRound(round) : undefined;
      settlePairs.push({ batched, copied });
    }
    if (cases.has('copy')) {
      results.settleSummary = pairSummary(settlePairs, settleLoadBefore);
      log(`settle summary ${JSON.stringify(results.settleSummary)}`);
    }
  }

  const { rows: check } = await db.query(
    `select (select count(*) from bets where provider_bet_id like $1)::int as bets,
            (select count(*) from bets where provider_bet_id like $1 and status = 'Settled')::int as settled`,
    [`${run}-%`],
  );
  results.stored = check[0];
  results.machineAfter = machine();
  if (opt.json) await writeFile(opt.json, JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
} finally {
  await db.end();
  await server.stop();
  if (ownDir) await rm(dataDir, { recursive: true, force: true });
}
